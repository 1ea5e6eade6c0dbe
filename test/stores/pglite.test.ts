import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { requireBuiltCli } from "../ecosystem/support/built-cli.js";
import { PGlite } from "@electric-sql/pglite";
import { createPgliteStore, fromPglite } from "../../src/stores/postgres/index.js";
import { describePruning } from "./support/prune.js";
import { chargeFor, describeStoreContract, makeEvent, makeKey, newId } from "../support/store-contract.js";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "arcroute-pglite-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describeStoreContract("PGlite in memory", () => createPgliteStore());
describeStoreContract("PGlite on disk", () => createPgliteStore({ dir: tempDir() }));
describePruning("PGlite", async () => {
  const db = await PGlite.create();
  return { client: fromPglite(db, false), schema: "arcroute", close: () => db.close() };
});

describe("PGlite durability", () => {
  it("loses nothing acknowledged across a restart: keys, revocations, events, charges, idempotency, quotas", async () => {
    const dir = tempDir();
    const orgId = newId("org");
    const key = makeKey(orgId);
    const event = makeEvent(orgId, key.id);
    const write = { key: "idem-restart", fingerprint: "fp", response: { status: 200, body: '{"ok":true}' }, expires_at: "2026-12-01T00:00:00.000Z" };

    const before = await createPgliteStore({ dir });
    await before.putOrganization({ id: orgId, tier: "free", created_at: event.created_at });
    await before.insertApiKey(key);
    await before.revokeApiKey(key.id, event.created_at);
    await before.recordActivation(event, chargeFor(event), write);
    await before.consumeQuota(orgId, "extractions", 100);
    await before.close();

    const after = await createPgliteStore({ dir });
    try {
      expect(await after.getOrganization(orgId)).toMatchObject({ tier: "free" });
      expect(await after.findApiKeyByHash(key.hash)).toEqual({ ...key, revoked_at: event.created_at });
      expect(await after.getActivation(event.id, orgId)).toEqual(event);
      expect(await after.usage(orgId, event.created_at, "2026-12-01T00:00:00.000Z")).toMatchObject({ billed_queries: 1, amount_micros: 1000 });
      expect(await after.lookupIdempotency(orgId, "idem-restart", "fp", event.created_at)).toEqual({ state: "replay", response: write.response });
      expect(await after.consumeQuota(orgId, "extractions", 100)).toEqual({ allowed: true, used: 2 });
    } finally {
      await after.close();
    }
  });
});

describe("PGlite data directory lock", () => {
  it("refuses a second store on an open directory, and frees it on close", async () => {
    const dir = tempDir();
    const first = await createPgliteStore({ dir });
    await expect(createPgliteStore({ dir })).rejects.toThrow(`in use by process ${process.pid}`);
    await first.close();
    expect(existsSync(path.join(dir, "arcroute.lock"))).toBe(false);
    const second = await createPgliteStore({ dir });
    await second.close();
  });

  it("refuses a second store on an open directory reached through a symlink, and keeps the first one's lock", async () => {
    const dir = tempDir();
    const link = `${dir}-link`;
    symlinkSync(dir, link);
    dirs.push(link);
    const first = await createPgliteStore({ dir });
    // The lock names this process under the directory's other name: it is held, not a stale one to take over.
    await expect(createPgliteStore({ dir: link })).rejects.toThrow(`in use by process ${process.pid}`);
    expect(readFileSync(path.join(dir, "arcroute.lock"), "utf8").trim()).toBe(String(process.pid));
    await first.close();
    expect(existsSync(path.join(dir, "arcroute.lock"))).toBe(false);
  });

  it("lets exactly one of several processes starting at once take over a dead process's lock", async () => {
    requireBuiltCli();
    const lockModule = fileURLToPath(new URL("../../dist/src/stores/postgres/dir-lock.js", import.meta.url));
    // Each holds the lock for 3 s (so all are alive together, even on a loaded machine; a contender
    // starting after the winner released it would rightly get it), then says whether it got it.
    const contender = `import(${JSON.stringify(lockModule)}).then((m) => m.lockDataDir(process.argv[1])).then(
      (release) => setTimeout(() => release().then(() => console.log("locked")), 3000),
      (error) => console.log(/in use by process/.test(error.message) ? "refused" : "error: " + error.message));`;
    for (let round = 0; round < 3; round++) {
      const dir = tempDir();
      writeFileSync(path.join(dir, "arcroute.lock"), String(spawnSync(process.execPath, ["-e", ""]).pid!));
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () =>
          new Promise<string>((resolve, reject) => {
            const child = spawn(process.execPath, ["--input-type=module", "-e", contender, dir], { stdio: ["ignore", "pipe", "inherit"] });
            let out = "";
            child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
            child.on("error", reject).on("close", () => resolve(out.trim()));
          }),
        ),
      );
      expect(outcomes.sort(), `round ${round}`).toEqual(["locked", "refused", "refused", "refused", "refused", "refused"]);
      expect(existsSync(path.join(dir, "arcroute.lock.takeover"))).toBe(false);
    }
  }, 90_000);

  it("takes over a lock naming this process's own pid that it does not hold (a restarted container's PID 1)", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "arcroute.lock"), String(process.pid));
    const store = await createPgliteStore({ dir });
    await expect(createPgliteStore({ dir })).rejects.toThrow(`in use by process ${process.pid}`); // now it does hold it
    await store.close();
  });

  it.skipIf(!existsSync("/proc/self"))("refuses a directory that cannot be made although its parent exists, instead of hanging", async () => {
    // Node's mkdir({ recursive: true }) never returns for /proc/<new>; the store says so in one line.
    await expect(createPgliteStore({ dir: "/proc/arcroute-cannot-be-here" })).rejects.toThrow(/cannot create the directory \/proc\/arcroute-cannot-be-here/);
  });

  it("takes over the lock a dead process left behind", async () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
    writeFileSync(path.join(dir, "arcroute.lock"), String(dead));
    const store = await createPgliteStore({ dir });
    // The lock now names this process, and holds off the next opener.
    expect(readFileSync(path.join(dir, "arcroute.lock"), "utf8").trim()).toBe(String(process.pid));
    await expect(createPgliteStore({ dir })).rejects.toThrow(`in use by process ${process.pid}`);
    await store.close();
  });
});
