/**
 * `arcroute learn --store <spec>` on the durable stores: feedback goes in through the handler set
 * (activate, then POST /v1/feedback) into PGlite (embedded) and PostgreSQL (the real server; a
 * schema of its own, dropped afterwards), the store is closed, and the CLI opens it by its spec,
 * learns, writes the weights file and prints it with --json.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { readLearnedWeights } from "../../src/feedback/weights.js";
import { createApi } from "../../src/http/index.js";
import { createApiKey } from "../../src/keys/index.js";
import { createMemoryLimiter } from "../../src/stores/memory/index.js";
import { openStore } from "../../src/stores/open.js";
import { hasPostgres, POSTGRES_URL } from "../support/services.js";
import { runCli } from "./support/cli.js";

const dir = mkdtempSync(join(tmpdir(), "arcroute-learn-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const QUERIES = ["when was I most afraid of losing her", "the day my grandmother died", "times dad was proud of me", "the moment I knew I had to leave"];

/** Activations and feedback of two organizations through the handler set; returns what was sent. */
async function fill(spec: string): Promise<{ acme: number; acmeHits: number; globex: number }> {
  const store = await openStore(spec);
  const limiter = createMemoryLimiter();
  try {
    const api = createApi({ store, limiter });
    const post = async (key: string, path: string, body: unknown) => {
      const response = await api.fetch(new Request(`http://arcroute.test/v1${path}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) }));
      expect(response.status, path).toBe(200);
      return (await response.json()) as { data: { activation_id: string } };
    };
    const sent = { acme: 0, acmeHits: 0, globex: 0 };
    for (const [org, count] of [["acme", 3], ["globex", 1]] as const) {
      // acme's traffic is live; globex's comes from a test key, which learning leaves out by default.
      const { key } = await createApiKey(store, { org, tier: "scale", scopes: ["extract"], mode: org === "acme" ? "live" : "test" });
      for (let round = 0; round < count; round++) {
        for (const query of QUERIES) {
          const { data } = await post(key, "/activate", { query });
          const hit = org === "acme" && round === 0;
          await post(key, "/feedback", { activation_id: data.activation_id, hit, memory_id: `m${round}` });
          // The same verdict again (a client's retry) replaces the first: it must not count twice.
          if (round === 0) await post(key, "/feedback", { activation_id: data.activation_id, hit, memory_id: `m${round}` });
          if (org === "acme") {
            sent.acme++;
            if (hit) sent.acmeHits++;
          } else sent.globex++;
        }
      }
    }
    return sent;
  } finally {
    await store.close();
    await limiter.close();
  }
}

/** `allOrganizations` also learns without --org (one more store open: PGlite opens are slow, so only on PostgreSQL). */
async function learnFrom(spec: string, allOrganizations: boolean) {
  const sent = await fill(spec);
  const out = join(dir, `weights-${randomBytes(4).toString("hex")}.json`);
  vi.stubEnv("ARCROUTE_STORE", spec); // the server's store, as `keys` and `usage` take it (no password on the command line)
  const run = await runCli(["learn", "--org", "acme", "--out", out, "--json"]);
  vi.unstubAllEnvs();
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const printed = JSON.parse(run.stdout);
  expect(printed.out).toBe(out);
  expect(printed.weights).toEqual(readLearnedWeights(out));
  expect(printed.weights.learned_from).toEqual({ feedback: sent.acme, hits: sent.acmeHits, organizations: 1 });
  expect(printed).toMatchObject({ repeated: QUERIES.length, test_keys_left_out: 0 });
  // An --out that cannot be written (a missing folder, a folder): one line naming it, exit 1, no temporary file left.
  for (const target of [join(dir, "no-such-folder", "w.json"), dir]) {
    const unwritable = await runCli(["learn", "--store", spec, "--org", "acme", "--out", target]);
    expect(unwritable.code, target).toBe(1);
    expect(unwritable.stderr.trimEnd().split("\n")).toEqual([expect.stringContaining(`cannot write learned weights ${target}`)]);
  }
  expect(readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  if (!allOrganizations) return;
  const all = await runCli(["learn", "--store", spec, "--out", out]);
  expect(all.code).toBe(0);
  expect(all.stdout).toContain(`(not counted: ${2 * QUERIES.length} repeated, ${sent.globex} on test keys)`);
  expect(readLearnedWeights(out).learned_from).toEqual({ feedback: sent.acme, hits: sent.acmeHits, organizations: 1 });
  const withTestKeys = await runCli(["learn", "--store", spec, "--out", out, "--include-test-keys"]);
  expect(withTestKeys.code).toBe(0);
  expect(readLearnedWeights(out).learned_from).toEqual({ feedback: sent.acme + sent.globex, hits: sent.acmeHits, organizations: 2 });

  // Nothing to learn from, or a mistyped organization: exit 1, and the weights file is left as it was.
  const before = readFileSync(out, "utf8");
  for (const args of [["--org", "acmee"], ["--org", "globex"]]) {
    const run = await runCli(["learn", "--store", spec, "--out", out, ...args]);
    expect(run.code, args.join(" ")).toBe(1);
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  }
  expect((await runCli(["learn", "--store", spec, "--out", out, "--org", "globex"])).stderr).toContain("test-key activations left out");
  expect(readFileSync(out, "utf8")).toBe(before);
}

afterEach(() => vi.unstubAllEnvs());

describe("arcroute learn --store", () => {
  it("learns from feedback stored in PGlite (pglite:<dir>)", async () => {
    await learnFrom(`pglite:${join(dir, "pglite")}`, false);
  }, 120_000);

  it("learns from feedback stored in PostgreSQL (postgres://…?schema=…)", async () => {
    if (!(await hasPostgres())) return;
    const schema = `eco_learn_${randomBytes(4).toString("hex")}`;
    try {
      await learnFrom(`${POSTGRES_URL}?schema=${schema}`, true);
    } finally {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }, 120_000);

  it("refuses a missing, unknown or in-memory store and malformed fractions with one line and exit 2", async () => {
    vi.stubEnv("ARCROUTE_STORE", undefined);
    const pglite = `pglite:${join(dir, "never-opened")}`;
    for (const args of [
      ["learn"],
      ["learn", "--store", "memory"],
      ["learn", "--store", "mysql://x"],
      ["learn", "--store", "pglite:"],
      ["learn", "--store", pglite, "--base-fusion", ""],
      ["learn", "--store", pglite, "--base-fusion", " "],
      ["learn", "--store", pglite, "--drop-below", "0x1"],
      ["learn", "--store", pglite, "--drop-below", "1.5"],
    ]) {
      const run = await runCli(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    }
  });
});
