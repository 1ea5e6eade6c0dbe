/** `arcroute keys` and `arcroute usage`: argument handling and the refusal of the memory store. */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BIN, requireBuiltCli } from "../../../test/ecosystem/support/built-cli.js";
import { runCli } from "../../../test/ecosystem/support/cli.js";

describe("the installed command", () => {
  it("answers `keys create --rpm -1` with the one-line range error, exit 2, no stack trace", () => {
    requireBuiltCli();
    const run = spawnSync(process.execPath, [BIN, "keys", "create", "--org", "acme", "--tier", "enterprise", "--scopes", "extract", "--rpm", "-1", "--store", "pglite:/nonexistent/never-opened"], {
      encoding: "utf8",
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("arcroute: --rpm must be an integer from 1 to 1000000000, got '-1'\n");
    expect(run.stdout).toBe("");
  });
});

describe("arcroute keys / usage: bad input", () => {
  it.each([
    [["keys"], "arcroute: keys needs a subcommand: create, revoke, list (see arcroute keys --help)"],
    [["keys", "rotate"], "arcroute: unknown keys subcommand 'rotate': use create, revoke, list (see arcroute keys --help)"],
    [["keys", "toString"], "arcroute: unknown keys subcommand 'toString': use create, revoke, list (see arcroute keys --help)"],
    [["keys", "create", "--tier", "free", "--scopes", "extract", "--store", "pglite:/tmp/x"], "arcroute: keys create needs --org <id>"],
    [["keys", "create", "--org", "acme", "--tier", "free", "--store", "pglite:/tmp/x"], "arcroute: keys create needs --scopes (comma-separated: extract, validate, issue, verify, vitapass)"],
    [["keys", "create", "--org", "acme", "--tier", "gold", "--scopes", "extract"], "arcroute: --tier must be one of free, payg, growth, scale, enterprise"],
    [["keys", "create", "--org", "acme", "--tier", "free", "--scopes", "extract,admin"], "arcroute: unknown scope 'admin': use extract, validate, issue, verify, vitapass"],
    [["keys", "create", "--org", "acme", "--tier", "free", "--scopes", "extract", "--mode", "prod"], "arcroute: --mode must be live or test"],
    [["keys", "create", "--org", "acme", "--tier", "enterprise", "--scopes", "extract", "--rpm", "0"], "arcroute: --rpm must be an integer from 1 to 1000000000, got '0'"],
    // A negative number is the option's value (parseArgs alone calls it "ambiguous"): the usual range error.
    [["keys", "create", "--org", "acme", "--tier", "enterprise", "--scopes", "extract", "--rpm", "-1"], "arcroute: --rpm must be an integer from 1 to 1000000000, got '-1'"],
    [["keys", "create", "--org", "acme", "--tier", "enterprise", "--rpm", "-5", "--scopes", "extract"], "arcroute: --rpm must be an integer from 1 to 1000000000, got '-5'"],
    [["usage", "--org", "acme", "--month", "-2026-01"], "arcroute: --month must be YYYY-MM from 1970-01 to 9998-12, got '-2026-01'"],
    // A forgotten value before another option stays an error, said in one line.
    [["keys", "create", "--org", "acme", "--rpm", "--json", "--scopes", "extract"], "arcroute: Option '--rpm' needs a value, and the argument after it is an option (a value starting with '--' is written --rpm=<value>)"],
    [["keys", "revoke"], "arcroute: keys revoke needs exactly one key id: arcroute keys revoke <key-id>"],
    [["keys", "list"], "arcroute: keys list needs --org <id>"],
    [["usage"], "arcroute: usage needs --org <id>"],
    [["usage", "--org", "acme", "--month", "2026-13"], "arcroute: --month must be YYYY-MM from 1970-01 to 9998-12, got '2026-13'"],
    // Years a Date would shift (0000 → 1900) or that SQL cannot read as the month's end (10000-01).
    [["usage", "--org", "acme", "--month", "0000-01"], "arcroute: --month must be YYYY-MM from 1970-01 to 9998-12, got '0000-01'"],
    [["usage", "--org", "acme", "--month", "9999-12"], "arcroute: --month must be YYYY-MM from 1970-01 to 9998-12, got '9999-12'"],
  ])("%j → one line, exit 2", async (args, message) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(message + "\n");
    expect(result.stdout).toBe("");
  });

  it("a key pasted where a key id, an org or a command goes is named as a key, never printed", async () => {
    const key = "ar_live_" + "S".repeat(32);
    const never = "pglite:/dev/null/never-opened"; // refused before any store is opened (and could not be)
    const cases: [string[], string][] = [
      [["keys", "revoke", key, "--store", never], "arcroute: that is an API key, not a key id: pass the key's id (key_…) from `arcroute keys list --org <org>`"],
      [["keys", "revoke", `"${key}"`, "--store", never], "arcroute: that is an API key, not a key id: pass the key's id (key_…) from `arcroute keys list --org <org>`"],
      [["keys", "create", "--org", key, "--tier", "free", "--scopes", "extract", "--store", never], "arcroute: --org is an API key, not an organization id: give the organization's id (e.g. acme)"],
      // Every command that takes --org refuses it the same way, before opening the store.
      [["keys", "list", "--org", key, "--store", never], "arcroute: --org is an API key, not an organization id: give the organization's id (e.g. acme)"],
      [["keys", "list", `--org=Bearer ${key}`, "--store", never, "--json"], "arcroute: --org is an API key, not an organization id: give the organization's id (e.g. acme)"],
      [["usage", "--org", key, "--store", never], "arcroute: --org is an API key, not an organization id: give the organization's id (e.g. acme)"],
      [["learn", "--org", key, "--store", never, "--out", "/dev/null/never-written"], "arcroute: --org is an API key, not an organization id: give the organization's id (e.g. acme)"],
      // Every other message that quotes what was typed: the last line of defence in main.
      [[key], "arcroute: unknown command '<API key, not shown>' (run 'arcroute --help')"],
      [["keys", "list", key, "--org", "acme", "--store", never], "arcroute: Unexpected argument '<API key, not shown>'. This command does not take positional arguments"],
      [["usage", "--org", "acme", "--month", key], "arcroute: --month must be YYYY-MM from 1970-01 to 9998-12, got '<API key, not shown>'"],
      [["keys", "create", "--org", "acme", "--tier", "free", "--scopes", key], "arcroute: unknown scope '<API key, not shown>': use extract, validate, issue, verify, vitapass"],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args);
      expect(result.stderr, args.join(" ")).toBe(message + "\n");
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
    }
  });

  it("a store URL pasted without its --store (or where a command goes) never shows its password", async () => {
    const url = "postgres://app:s3cret-pw@db.example/arcroute";
    const cases: [string[], string][] = [
      [["usage", "--org", "acme", url], "arcroute: Unexpected argument 'postgres://app:***@db.example/arcroute'. This command does not take positional arguments"],
      [["keys", "list", "--org", "acme", url], "arcroute: Unexpected argument 'postgres://app:***@db.example/arcroute'. This command does not take positional arguments"],
      [["serve", url], "arcroute: unexpected argument 'postgres://app:***@db.example/arcroute' (see arcroute serve --help)"],
      [[url], "arcroute: unknown command 'postgres://app:***@db.example/arcroute' (run 'arcroute --help')"],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args);
      expect(result.stderr, args.join(" ")).toBe(message + "\n");
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
    }
  });

  it.each([
    ["keys create", ["keys", "create", "--org", "acme", "--tier", "free", "--scopes", "extract"]],
    ["keys revoke", ["keys", "revoke", "key_0123456789abcdef", "--store", "memory"]],
    ["keys list", ["keys", "list", "--org", "acme"]],
    ["usage", ["usage", "--org", "acme"]],
  ])("%s refuses the memory store (it would vanish with the command)", async (name, args) => {
    const saved = process.env.ARCROUTE_STORE;
    delete process.env.ARCROUTE_STORE;
    try {
      const result = await runCli(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `arcroute: ${name} needs a durable store shared with the server: --store pglite:<dir> or postgres://... (or ARCROUTE_STORE); the memory store lives only inside one 'arcroute serve' process\n`,
      );
    } finally {
      if (saved !== undefined) process.env.ARCROUTE_STORE = saved;
    }
  });
});
