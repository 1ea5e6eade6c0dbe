import { describe, expect, it } from "vitest";
import { createMemoryLimiter, createMemoryStore } from "../stores/memory/index.js";
import type { ArcStore } from "../stores/types.js";
import { closeBackEnds } from "./start.js";

describe("closeBackEnds", () => {
  it("gives up on a store that never closes (a query stuck on a stalled database) instead of holding shutdown", async () => {
    const stuck: ArcStore = { ...createMemoryStore(), close: () => new Promise<void>(() => {}) };
    await expect(closeBackEnds(stuck, createMemoryLimiter(), 50)).rejects.toThrow("the store or the limiter did not close within 0.05 s");
  });

  it("closes both, and reports the first failure", async () => {
    let limiterClosed = false;
    const limiter = { ...createMemoryLimiter(), close: async () => void (limiterClosed = true) };
    const failing: ArcStore = { ...createMemoryStore(), close: async () => { throw new Error("store close failed"); } };
    await expect(closeBackEnds(failing, limiter, 1_000)).rejects.toThrow("store close failed");
    expect(limiterClosed).toBe(true);
    await expect(closeBackEnds(createMemoryStore(), createMemoryLimiter(), 1_000)).resolves.toBeUndefined();
  });
});
