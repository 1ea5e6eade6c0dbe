/**
 * The Free plan's extraction quota around a handler (src/http/quota.ts): a unit is given back
 * when the handler fails, and the handler's answer stands even when the refund itself fails.
 */
import { describe, expect, it } from "vitest";
import { withExtractionQuota, EXTRACTIONS, FREE_EXTRACTION_QUOTA } from "../../src/http/quota.js";
import { createMemoryStore } from "../../src/stores/memory/index.js";
import type { ArcStore, Organization } from "../../src/stores/types.js";

const free: Organization = { id: "org-free", tier: "free", created_at: new Date(0).toISOString() } as Organization;
const badRequest = async () => ({ status: 400, headers: {}, body: '{"success":false,"error":"bad input","data":null}' });

/** The memory store, with a refund that fails like a store that lost its database. */
function storeWithFailingRefund(): ArcStore {
  const store = createMemoryStore();
  return Object.assign(Object.create(store) as ArcStore, { refundQuota: async () => Promise.reject(new Error("store down")) });
}

describe("withExtractionQuota", () => {
  it("gives the unit back when the handler answers 4xx", async () => {
    const store = createMemoryStore();
    const outcome = await withExtractionQuota(store, free, badRequest, () => {});
    expect(outcome).toMatchObject({ allowed: true, reply: { status: 400 } });
    // The whole quota is still there: all FREE_EXTRACTION_QUOTA units can be taken.
    for (let i = 0; i < FREE_EXTRACTION_QUOTA; i++) expect((await store.consumeQuota(free.id, EXTRACTIONS, FREE_EXTRACTION_QUOTA)).allowed).toBe(true);
  });

  it("keeps the handler's 4xx answer when the refund fails, and reports the refund's error", async () => {
    const errors: unknown[] = [];
    const outcome = await withExtractionQuota(storeWithFailingRefund(), free, badRequest, (error) => errors.push(error));
    expect(outcome).toMatchObject({ allowed: true, reply: { status: 400 } });
    expect(errors).toEqual([new Error("store down")]);
  });

  it("lets the handler's own error propagate when it throws, the failed refund reported beside it", async () => {
    const errors: unknown[] = [];
    const failing = async () => Promise.reject(new Error("handler broke"));
    await expect(withExtractionQuota(storeWithFailingRefund(), free, failing, (error) => errors.push(error))).rejects.toThrow("handler broke");
    expect(errors).toEqual([new Error("store down")]);
  });
});
