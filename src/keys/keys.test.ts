import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../stores/memory/index.js";
import { createApiKey, generateApiKey, hashApiKey, isApiKeyFormat, KeyRequestError, parseApiKey, revokeApiKey } from "./index.js";

describe("key format", () => {
  it("generates ar_live_/ar_test_ keys with 32 base62 characters, all distinct", () => {
    const keys = Array.from({ length: 500 }, (_, i) => generateApiKey(i % 2 ? "live" : "test"));
    for (const key of keys) expect(key).toMatch(/^ar_(live|test)_[0-9A-Za-z]{32}$/);
    expect(new Set(keys).size).toBe(500);
    expect(generateApiKey()).toMatch(/^ar_live_/);
    // Every base62 character shows up: the alphabet is fully used.
    expect(new Set(keys.join("").replace(/ar_(live|test)_/g, "")).size).toBe(62);
  });

  it("parses well-formed keys into mode, prefix and secret", () => {
    const secret = "a".repeat(24);
    expect(parseApiKey(`ar_live_${secret}`)).toEqual({ mode: "live", prefix: "ar_live_", secret });
    expect(parseApiKey(`ar_test_${secret}Z9`)).toEqual({ mode: "test", prefix: "ar_test_", secret: `${secret}Z9` });
  });

  it.each([
    ["short secret", `ar_live_${"a".repeat(23)}`],
    ["unknown mode", `ar_prod_${"a".repeat(24)}`],
    ["non-base62", `ar_live_${"a".repeat(23)}-`],
    ["whitespace", ` ar_live_${"a".repeat(24)}`],
    ["trailing newline", `ar_live_${"a".repeat(24)}\n`],
    ["oversized", `ar_live_${"a".repeat(129)}`],
    ["upper-case prefix", `AR_LIVE_${"a".repeat(24)}`],
    ["empty", ""],
  ])("refuses %s", (_label, key) => {
    expect(parseApiKey(key)).toBeNull();
    expect(isApiKeyFormat(key)).toBe(false);
  });

  it("hashes with SHA-256 hex of the whole key", () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toBe(createHash("sha256").update(key).digest("hex"));
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("createApiKey / revokeApiKey", () => {
  it("returns the plain key once and stores only its hash, prefix, last four and a random id", async () => {
    const store = createMemoryStore();
    const { key, record } = await createApiKey(store, { org: "acme", tier: "growth", scopes: ["extract", "verify", "extract"], mode: "test" });
    expect(key).toMatch(/^ar_test_[0-9A-Za-z]{32}$/);
    expect(record).toMatchObject({ org_id: "acme", prefix: "ar_test_", last4: key.slice(-4), mode: "test", scopes: ["extract", "verify"], revoked_at: null });
    expect(record.id).toMatch(/^key_[0-9a-f]{16}$/);
    expect(JSON.stringify(await store.listApiKeys("acme"))).not.toContain(key.slice(8));
    expect(record.id).not.toContain(key.slice(8, 14));
    expect(await store.findApiKeyByHash(hashApiKey(key))).toEqual(record);
    expect(await store.getOrganization("acme")).toMatchObject({ id: "acme", tier: "growth" });
  });

  it("registers a given key (keys files) and creates enterprise organizations with their rpm", async () => {
    const store = createMemoryStore();
    const given = `ar_live_${"Q".repeat(30)}`;
    const { key, record } = await createApiKey(store, { org: "big", tier: "enterprise", rpm: 5000, scopes: ["extract"], key: given });
    expect(key).toBe(given);
    expect(record.mode).toBe("live");
    expect(await store.getOrganization("big")).toMatchObject({ tier: "enterprise", rpm: 5000 });
  });

  it.each([
    [{ org: "", tier: "free", scopes: ["extract"] }, "org must be"],
    [{ org: "a b", tier: "free", scopes: ["extract"] }, "org must be"],
    [{ org: "acme", tier: "gold", scopes: ["extract"] }, "tier must be one of"],
    [{ org: "acme", tier: "free", scopes: ["admin"] }, "unknown scope 'admin'"],
    [{ org: "acme", tier: "free", scopes: [] }, "at least one scope"],
    [{ org: "acme", tier: "enterprise", scopes: ["extract"] }, "enterprise tier needs rpm"],
    [{ org: "acme", tier: "free", rpm: 50, scopes: ["extract"] }, "only for the enterprise tier"],
    [{ org: "acme", tier: "enterprise", rpm: 0, scopes: ["extract"] }, "positive integer"],
    [{ org: "acme", tier: "free", scopes: ["extract"], key: "ar_live_short" }, "at least 24 base62"],
  ])("refuses %j", async (request, message) => {
    const store = createMemoryStore();
    await expect(createApiKey(store, request as never)).rejects.toThrow(KeyRequestError);
    await expect(createApiKey(store, request as never)).rejects.toThrow(message);
    expect(await store.getOrganization("acme")).toBeNull();
  });

  it("refuses a second key for an organization on another plan", async () => {
    const store = createMemoryStore();
    await createApiKey(store, { org: "acme", tier: "free", scopes: ["extract"] });
    await expect(createApiKey(store, { org: "acme", tier: "scale", scopes: ["extract"] })).rejects.toThrow("is on the free plan, not scale");
  });

  it("refuses a second enterprise key asking for another rpm instead of ignoring it; the same rpm or none is fine", async () => {
    const store = createMemoryStore();
    await createApiKey(store, { org: "bigco", tier: "enterprise", rpm: 5, scopes: ["extract"] });
    await expect(createApiKey(store, { org: "bigco", tier: "enterprise", rpm: 5000, scopes: ["extract"] })).rejects.toThrow("already has rpm 5");
    await createApiKey(store, { org: "bigco", tier: "enterprise", rpm: 5, scopes: ["extract"] });
    await createApiKey(store, { org: "bigco", tier: "enterprise", scopes: ["verify"] });
    expect((await store.getOrganization("bigco"))!.rpm).toBe(5);
  });

  it("revokes by id (keeping the first time) and reports unknown ids", async () => {
    const store = createMemoryStore();
    const { key, record } = await createApiKey(store, { org: "acme", tier: "free", scopes: ["extract"] });
    expect(await revokeApiKey(store, record.id, new Date("2026-11-23T10:00:00Z"))).toBe(true);
    expect(await revokeApiKey(store, record.id, new Date("2026-11-24T10:00:00Z"))).toBe(true);
    expect((await store.findApiKeyByHash(hashApiKey(key)))!.revoked_at).toBe("2026-11-23T10:00:00.000Z");
    expect(await revokeApiKey(store, "key_nope")).toBe(false);
  });
});
