/**
 * `--query-timeout-ms` on the commands that open a store (serve, keys, usage, learn): validated with
 * a one-line error, refused for stores without a statement timeout, and, on a real PostgreSQL whose
 * tables another session keeps locked, the statement is cancelled after that long (the default
 * would wait 30 s).
 */
import { spawn } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, requireBuiltCli } from "../../../test/ecosystem/support/built-cli.js";
import { runCli } from "../../../test/ecosystem/support/cli.js";
import { dropSchema, uniqueSchema } from "../../../test/stores/support/postgres.js";
import { hasPostgres, POSTGRES_URL } from "../../../test/support/services.js";

const postgres = await hasPostgres();
const schema = uniqueSchema("qtimeout");
const store = `${POSTGRES_URL}?schema=${schema}`;

const COMMANDS: [string, string[]][] = [
  ["serve", ["serve", "--port", "0"]],
  ["keys create", ["keys", "create", "--org", "acme", "--tier", "growth", "--scopes", "extract"]],
  ["keys list", ["keys", "list", "--org", "acme"]],
  ["keys revoke", ["keys", "revoke", "key_0123456789abcdef"]],
  ["usage", ["usage", "--org", "acme"]],
  ["learn", ["learn"]],
];

describe("--query-timeout-ms: bad input", () => {
  it.each(COMMANDS)("%s: a bad value is one line, exit 2", async (_name, args) => {
    for (const value of ["0", "-5", "1.5", "abc", "86400001"]) {
      const run = await runCli([...args, "--store", "postgres://nobody@127.0.0.1:1/none", "--query-timeout-ms", value]);
      expect(run.code, value).toBe(2);
      expect(run.stderr).toBe(`arcroute: --query-timeout-ms must be an integer from 1 to 86400000, got '${value}'\n`);
      expect(run.stdout).toBe("");
    }
  });

  it.each(COMMANDS)("%s: refused with a store that has no statement timeout", async (_name, args) => {
    const run = await runCli([...args, "--store", "pglite:/nonexistent/never-opened", "--query-timeout-ms", "500"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("arcroute: --query-timeout-ms applies to a postgres:// store only, not pglite:/nonexistent/never-opened\n");
  });

  it("serve refuses it with the memory store too, before listening", async () => {
    const saved = process.env.ARCROUTE_STORE;
    delete process.env.ARCROUTE_STORE;
    try {
      const run = await runCli(["serve", "--port", "0", "--query-timeout-ms", "500"]);
      expect(run).toEqual({ code: 2, stdout: "", stderr: "arcroute: --query-timeout-ms applies to a postgres:// store only, not memory\n" });
    } finally {
      if (saved !== undefined) process.env.ARCROUTE_STORE = saved;
    }
  });
});

describe.skipIf(!postgres)("--query-timeout-ms on PostgreSQL", () => {
  let locker: pg.Client;
  beforeAll(async () => {
    const created = await runCli(["keys", "create", "--store", store, "--org", "acme", "--tier", "growth", "--scopes", "extract", "--query-timeout-ms", "5000"]);
    expect(created.code, created.stderr).toBe(0);
    locker = new pg.Client({ connectionString: POSTGRES_URL });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
    await dropSchema(schema);
  });

  /** Runs `work` while another session holds every table the commands read in ACCESS EXCLUSIVE mode. */
  async function whileLocked<T>(work: () => Promise<T>): Promise<T> {
    await locker.query("BEGIN");
    await locker.query(`LOCK TABLE "${schema}".organizations, "${schema}".api_keys, "${schema}".feedback IN ACCESS EXCLUSIVE MODE`);
    try {
      return await work();
    } finally {
      await locker.query("ROLLBACK");
    }
  }

  const timedOut = "arcroute: canceling statement due to statement timeout\n";

  it.each([
    ["usage", ["usage", "--org", "acme"]],
    ["keys list", ["keys", "list", "--org", "acme"]],
    ["learn", ["learn", "--out", "/nonexistent/weights.json"]],
  ])("%s gives up after --query-timeout-ms on a locked table (one line, exit 1)", async (_name, args) => {
    const started = Date.now();
    const run = await whileLocked(() => runCli([...args, "--store", store, "--query-timeout-ms", "300"]));
    expect(run.stderr).toBe(timedOut);
    expect(run.code).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("serve gives up at start-up on a locked table instead of waiting 30 s", async () => {
    requireBuiltCli();
    const started = Date.now();
    const run = await whileLocked(() => spawnCli(["serve", "--port", "0", "--store", store, "--query-timeout-ms", "300"], 15_000));
    expect(run.stderr).toContain("canceling statement due to statement timeout");
    expect(run.code).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("is accepted with PostgreSQL when the database answers", async () => {
    const run = await runCli(["usage", "--org", "acme", "--store", store, "--query-timeout-ms", "5000", "--json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ org_id: "acme", billed_queries: 0 });
  });
});

/** `node bin/arcroute.js …`, killed after `limitMs` (a server that started would never exit on its own). */
function spawnCli(args: string[], limitMs: number): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), limitMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}
