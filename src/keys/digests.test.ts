import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../stores/memory/index.js";
import { resolveKey } from "../http/auth.js";
import { createApiKey, createKeyDigests, generateApiKey, hashApiKey, revokeApiKey } from "./index.js";

describe("key digests", () => {
  it("remembers at most `capacity` keys, oldest out first", () => {
    const digests = createKeyDigests(2);
    const [a, b, c] = [generateApiKey(), generateApiKey(), generateApiKey()];
    for (const key of [a, b, c]) digests.remember(key, hashApiKey(key));
    expect(digests.lookup(a)).toBeUndefined();
    expect(digests.lookup(b)).toBe(hashApiKey(b));
    expect(digests.lookup(c)).toBe(hashApiKey(c));
  });

  it("resolveKey remembers only keys the store knew, and still asks the store every time (revocation is immediate)", async () => {
    const store = createMemoryStore();
    const digests = createKeyDigests();
    const { key, record } = await createApiKey(store, { org: "acme", tier: "growth", scopes: ["extract"] });
    const unknown = generateApiKey();

    expect(await resolveKey(store, unknown, digests)).toBeNull();
    expect(digests.lookup(unknown)).toBeUndefined();
    expect(await resolveKey(store, "ar_live_short", digests)).toBeNull();
    expect(digests.lookup("ar_live_short")).toBeUndefined();

    expect((await resolveKey(store, key, digests))?.key.id).toBe(record.id);
    expect(digests.lookup(key)).toBe(record.hash);
    expect((await resolveKey(store, key, digests))?.org.id).toBe("acme");

    await revokeApiKey(store, record.id);
    expect(await resolveKey(store, key, digests)).toBeNull();
    // A near miss of a remembered key is not that key.
    expect(await resolveKey(store, key.slice(0, -1) + (key.endsWith("a") ? "b" : "a"), digests)).toBeNull();
  });
});
