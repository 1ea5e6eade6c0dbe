import { describe, expect, it } from "vitest";
import { hashApiKey } from "../keys/index.js";
import { createMemoryStore } from "../stores/memory/index.js";
import { parseKeysFile } from "./keys-file.js";
import { provisionKeys } from "./provision.js";

const ACME = "ar_live_" + "A".repeat(32);
const ACME_TEST = "ar_test_" + "B".repeat(32);
const BIGCO = "ar_live_" + "C".repeat(32);
const file = (json: unknown) => parseKeysFile(json, "keys.json");
const FILE = file([
  { key: ACME, org: "acme", tier: "free", scopes: ["extract", "verify"] },
  { key: ACME_TEST, org: "acme", tier: "free", scopes: ["extract"] },
  { key: BIGCO, org: "bigco", tier: "enterprise", rpm: 5000, scopes: ["vitapass"] },
]);

describe("provisionKeys", () => {
  it("stores hashed keys with their organizations' plans", async () => {
    const store = createMemoryStore();
    expect(await provisionKeys(store, FILE, "keys.json")).toEqual({ added: 3, unchanged: 0, revoked: [] });
    const acme = await store.findApiKeyByHash(hashApiKey(ACME));
    expect(acme).toMatchObject({ org_id: "acme", mode: "live", scopes: ["extract", "verify"], prefix: "ar_live_", last4: "AAAA", revoked_at: null });
    expect(JSON.stringify(acme)).not.toContain(ACME);
    expect(await store.findApiKeyByHash(hashApiKey(ACME_TEST))).toMatchObject({ mode: "test" });
    expect(await store.getOrganization("bigco")).toMatchObject({ tier: "enterprise", rpm: 5000 });
    expect(await store.getOrganization("acme")).toMatchObject({ tier: "free" });
  });

  it("is idempotent: loading the same file again adds nothing and keeps key ids", async () => {
    const store = createMemoryStore();
    await provisionKeys(store, FILE, "keys.json");
    const before = await store.listApiKeys("acme");
    expect(await provisionKeys(store, FILE, "keys.json")).toEqual({ added: 0, unchanged: 3, revoked: [] });
    expect(await store.listApiKeys("acme")).toEqual(before);
  });

  it("keeps a revoked key revoked across restarts and reports it", async () => {
    const store = createMemoryStore();
    await provisionKeys(store, FILE, "keys.json");
    const id = (await store.findApiKeyByHash(hashApiKey(ACME)))!.id;
    await store.revokeApiKey(id, new Date().toISOString());
    expect(await provisionKeys(store, FILE, "keys.json")).toEqual({ added: 0, unchanged: 2, revoked: [id] });
    expect((await store.findApiKeyByHash(hashApiKey(ACME)))!.revoked_at).not.toBeNull();
  });

  it("applies plan changes from the file, keeping the organization's creation time", async () => {
    const store = createMemoryStore();
    await provisionKeys(store, FILE, "keys.json", new Date("2026-01-01T00:00:00Z"));
    const upgraded = file([{ key: ACME, org: "acme", tier: "growth", scopes: ["extract", "verify"] }]);
    await provisionKeys(store, upgraded, "keys.json", new Date("2026-06-01T00:00:00Z"));
    expect(await store.getOrganization("acme")).toEqual({ id: "acme", tier: "growth", created_at: "2026-01-01T00:00:00.000Z" });
  });

  it("refuses to move a registered key to another organization or change its scopes", async () => {
    const store = createMemoryStore();
    await provisionKeys(store, FILE, "keys.json");
    await expect(provisionKeys(store, file([{ key: ACME, org: "evil", tier: "free", scopes: ["extract", "verify"] }]), "k2.json")).rejects.toThrow(
      /^keys file k2\.json: entry 1 \(org "evil"\): this key is already registered to another organization \(key_[0-9a-f]+\)$/,
    );
    await expect(provisionKeys(store, file([{ key: ACME, org: "acme", tier: "free", scopes: ["extract", "vitapass"] }]), "k2.json")).rejects.toThrow(
      /^keys file k2\.json: entry 1 \(org "acme"\): this key is already registered with scopes extract,verify \(key_[0-9a-f]+\); issue a new key to change scopes$/,
    );
    expect(await store.findApiKeyByHash(hashApiKey(ACME))).toMatchObject({ org_id: "acme", scopes: ["extract", "verify"] });
  });

  it("tolerates several servers loading the same file into one store at once", async () => {
    const store = createMemoryStore();
    const reports = await Promise.all([1, 2, 3].map(() => provisionKeys(store, FILE, "keys.json")));
    expect(reports.reduce((n, r) => n + r.added, 0)).toBe(3);
    expect(reports.reduce((n, r) => n + r.unchanged, 0)).toBe(6);
    expect(await store.listApiKeys("acme")).toHaveLength(2);
  });

  it("still fails when the insert fails for another reason", async () => {
    const store = createMemoryStore();
    const broken = Object.assign(Object.create(store) as typeof store, {
      insertApiKey: async () => {
        throw new Error("connection reset");
      },
    });
    await expect(provisionKeys(broken, FILE, "keys.json")).rejects.toThrow("connection reset");
  });
});
