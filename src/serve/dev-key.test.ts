import { describe, expect, it } from "vitest";
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
