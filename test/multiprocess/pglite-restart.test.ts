/**
 * `arcroute serve --store pglite:<dir>` killed with SIGKILL loses nothing it acknowledged: after a
 * restart on the same directory every answered activation, charge and key is still there. The
 * directory is one process's at a time: a second server on it is refused while the first lives,
 * and the lock a killed process leaves behind is taken over.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generateApiKey } from "../../src/keys/index.js";
import { activate, runConcurrently, startServer, type Server } from "./support/cluster.js";

const dir = mkdtempSync(path.join(tmpdir(), "arcroute-pglite-crash-"));
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
});

describe("PGlite store across a kill -9", () => {
  it("keeps every acknowledged activation, charge and key; refuses a second process on the directory", async () => {
    const key = generateApiKey("live");
    const keysFile = path.join(dir, "keys.json");
    writeFileSync(keysFile, JSON.stringify([{ key, org: "durable", tier: "scale", scopes: ["extract"] }]));
    const args = ["serve", "--port", "0", "--store", `pglite:${path.join(dir, "data")}`, "--keys", keysFile];

    const first = await startServer(args);
    servers.push(first);
    const queries = ["the day my father died", "what time is it in Tokyo"];
    const outcomes = await runConcurrently(20, 5, (i) => activate(first, key, { query: queries[i % 2]! }));
    expect(outcomes.every((o) => o.status === 200)).toBe(true);

    await expect(startServer(args)).rejects.toThrow(/in use by process/);

    first.process.kill("SIGKILL");
    await first.stop();

    const second = await startServer(args);
    servers.push(second);
    const headers = { authorization: `Bearer ${key}` };
    const usage = await (await fetch(`${second.url}/usage`, { headers })).json();
    const billed = outcomes.filter((o) => o.body!.data!.significance_gate).length;
    expect(billed).toBeGreaterThan(0);
    expect(usage.data).toMatchObject({ billed_queries: billed, amount_micros: billed * 1000 });
    for (const outcome of outcomes) {
      const id = outcome.body!.data!.activation_id;
      const stored = await fetch(`${second.url}/activations/${id}`, { headers });
      expect(stored.status).toBe(200);
    }
  });
});
