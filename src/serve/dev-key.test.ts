import { describe, expect, it } from "vitest";
import { createApiKey } from "../keys/index.js";
import { createMemoryStore } from "../stores/memory/index.js";
import { DEV_ORG, issueDevKey } from "./dev-key.js";

describe("the dev key of arcroute serve", () => {
  it("revokes the earlier dev keys when a new one is issued (a durable store keeps them across starts)", async () => {
    const store = createMemoryStore();
    const first = await issueDevKey(store, new Date("2026-11-27T10:00:00Z"));
    const second = await issueDevKey(store, new Date("2026-11-27T11:00:00Z"));
    const keys = await store.listApiKeys(DEV_ORG);
    expect(keys.find((k) => k.id === first.record.id)!.revoked_at).toBe("2026-11-27T11:00:00.000Z");
    expect(keys.find((k) => k.id === second.record.id)!.revoked_at).toBeNull();
  });
});

describe("the dev key on a store whose organization 'dev' already has keys (what README's Serving section says)", () => {
  it("revokes every active ar_test_ key of 'dev', whoever issued it, and leaves its ar_live_ keys alone", async () => {
    const store = createMemoryStore();
    const made = await createApiKey(store, { org: DEV_ORG, tier: "scale", scopes: ["extract"], mode: "test" });
    const live = await createApiKey(store, { org: DEV_ORG, tier: "scale", scopes: ["extract"], mode: "live" });
    const dev = await issueDevKey(store, new Date("2026-11-27T12:00:00Z"));
    const revoked = Object.fromEntries((await store.listApiKeys(DEV_ORG)).map((k) => [k.id, k.revoked_at]));
    expect(revoked).toEqual({ [made.record.id]: "2026-11-27T12:00:00.000Z", [live.record.id]: null, [dev.record.id]: null });
  });

  it("refuses to start on a 'dev' organization on another plan, and revokes nothing", async () => {
    const store = createMemoryStore();
    const made = await createApiKey(store, { org: DEV_ORG, tier: "growth", scopes: ["extract"], mode: "test" });
    await expect(issueDevKey(store)).rejects.toThrow("organization 'dev' is on the growth plan, not scale");
    expect((await store.listApiKeys(DEV_ORG)).map((k) => [k.id, k.revoked_at])).toEqual([[made.record.id, null]]);
  });
});
