/**
 * Key management and usage against the durable stores, with `arcroute serve` as a real process in
 * between: keys created on the command line authenticate on the server, the server's billing shows
 * in `arcroute usage`, revocation holds across restarts (PGlite) and at once on a running server
 * (PostgreSQL, shared by several processes), and a keys file loads idempotently across restarts.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../../test/ecosystem/support/cli.js";
import { startServeProcess } from "../../../test/compat/support/serve-process.js";
import { dropSchema, uniqueSchema } from "../../../test/stores/support/postgres.js";
import { hasPostgres, POSTGRES_URL } from "../../../test/support/services.js";

const postgres = await hasPostgres();
const schema = uniqueSchema("httpops_cli");
afterAll(async () => {
  if (postgres) await dropSchema(schema);
});

const SIGNIFICANT = "times dad was proud of me";
const FACTUAL = "what time is the dentist on friday";
const month = new Date().toISOString().slice(0, 7);

async function ok(args: string[]): Promise<string> {
  const result = await runCli(args);
  if (result.code !== 0) throw new Error(`arcroute ${args.join(" ")} → ${result.code}: ${result.stderr}`);
  return result.stdout;
}

const activate = (url: string, key: string, query: string) =>
  fetch(`${url}/activate`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ query }) });

describe("keys and usage on a durable store", () => {
  it("PGlite: keys create/list → serve → usage → revoke → restart (key refused, keys file idempotent)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "arcroute-durable-"));
    const store = `pglite:${join(dir, "db")}`;
    const live = JSON.parse(await ok(["keys", "create", "--store", store, "--org", "acme", "--tier", "payg", "--scopes", "extract", "--json"])) as { id: string; key: string; tier: string };
    expect(live).toMatchObject({ id: expect.stringMatching(/^key_/), key: expect.stringMatching(/^ar_live_/), tier: "payg" });
    // An existing organization keeps its plan when --tier is left out.
    const test = JSON.parse(await ok(["keys", "create", "--store", store, "--org", "acme", "--scopes", "extract,verify", "--mode", "test", "--json"])) as { key: string; tier: string };
    expect(test).toMatchObject({ key: expect.stringMatching(/^ar_test_/), tier: "payg" });
    const listed = await ok(["keys", "list", "--store", store, "--org", "acme", "--json"]);
    expect((JSON.parse(listed) as { id: string; mode: string }[]).map((k) => k.mode).sort()).toEqual(["live", "test"]);
    expect(listed).not.toContain(live.key);
    expect(listed).not.toContain('"hash"');

    const fileKey = "ar_live_" + "F".repeat(32);
    const keysFile = join(dir, "keys.json");
    writeFileSync(keysFile, JSON.stringify([{ key: fileKey, org: "beta", tier: "free", scopes: ["extract"] }]));

    const first = await startServeProcess(["--store", store, "--keys", keysFile]);
    try {
      expect(first.stderr()).toContain("1 added, 0 already registered");
      const response = await activate(first.url, live.key, SIGNIFICANT);
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-limit")).toBe("30");
      expect((await activate(first.url, live.key, SIGNIFICANT)).status).toBe(200);
      expect((await activate(first.url, live.key, FACTUAL)).status).toBe(200);
      expect((await activate(first.url, test.key, SIGNIFICANT)).status).toBe(200);
      // PGlite is one process at a time: the CLI is refused while the server holds the directory.
      const busy = await runCli(["keys", "list", "--store", store, "--org", "acme"]);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/^arcroute: cannot open pglite: pglite:.* is in use by process \d+ \(PGlite is one process at a time; use postgres:\/\/ to share a store\)\n$/);
    } finally {
      expect(await first.stop()).toBe(0);
    }

    // Two billed significance queries: the factual one and the test key's are not billed.
    expect(JSON.parse(await ok(["usage", "--store", store, "--org", "acme", "--json"]))).toMatchObject({ org_id: "acme", month, billed_queries: 2, amount_micros: 2000, amount_usd: "0.002" });
    expect(await ok(["usage", "--store", store, "--org", "acme", "--month", "2020-01"])).toBe("acme 2020-01: 0 billed significance queries, $0.000\n");

    expect(await ok(["keys", "revoke", live.id, "--store", store])).toBe(`revoked ${live.id}\n`);
    const missing = await runCli(["keys", "revoke", "key_ffffffffffffffff", "--store", store]);
    expect([missing.code, missing.stderr]).toEqual([1, "arcroute: no key with id 'key_ffffffffffffffff'\n"]);

    const second = await startServeProcess(["--store", store, "--keys", keysFile]);
    try {
      expect(second.stderr()).toContain("0 added, 1 already registered");
      expect((await activate(second.url, live.key, SIGNIFICANT)).status).toBe(401);
      expect((await activate(second.url, fileKey, SIGNIFICANT)).status).toBe(200);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 300_000);

  it.runIf(postgres)("PostgreSQL: a key revoked from the command line is refused at once by a running server; usage reads the server's billing live", async () => {
    const store = `${POSTGRES_URL}?schema=${schema}`;
    const created = JSON.parse(await ok(["keys", "create", "--store", store, "--org", "pgorg", "--tier", "growth", "--scopes", "extract", "--json"])) as { id: string; key: string };
    const server = await startServeProcess(["--store", store, "--keys", join(mkdtempSync(join(tmpdir(), "arcroute-pg-keys-")), "none.json")]).catch(() => null);
    expect(server).toBeNull(); // a missing keys file is refused before anything is served
    const running = await startServeProcess(["--store", store]);
    try {
      expect(running.stderr()).not.toContain(POSTGRES_URL.split("@")[0]);
      expect((await activate(running.url, created.key, SIGNIFICANT)).status).toBe(200);
      expect(JSON.parse(await ok(["usage", "--store", store, "--org", "pgorg", "--json"]))).toMatchObject({ billed_queries: 1, amount_micros: 1000 });
      await ok(["keys", "revoke", created.id, "--store", store]);
      const refused = await activate(running.url, created.key, SIGNIFICANT);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ success: false, error: "Unauthorized", data: null, code: "unauthorized" });
    } finally {
      expect(await running.stop()).toBe(0);
    }
  }, 120_000);
});
