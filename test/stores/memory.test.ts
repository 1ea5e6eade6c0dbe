import { describe, expect, it } from "vitest";
import { createMemoryLimiter, createMemoryStore } from "../../src/stores/memory/index.js";
import { createLocalWindows } from "../../src/stores/memory/limiter.js";
import { chargeFor, describeLimiterContract, describeStoreContract, makeEvent, newId } from "../support/store-contract.js";

describeStoreContract("memory", async () => createMemoryStore());
describeLimiterContract("memory", async () => createMemoryLimiter());

describe("local limiter windows", () => {
  it("forgets keys whose window has expired, so clients rotating addresses do not grow memory without end", () => {
    let clock = 0;
    const windows = createLocalWindows(() => clock);
    for (let i = 0; i < 5_000; i++) windows.hit(`anon-verify:2001:db8:${i}::/64`, 30, 60_000);
    expect(windows.size()).toBe(5_000);
    clock += 61_000; // every one of those windows has expired
    for (let i = 0; i < 5_000; i++) windows.hit("org:acme", 1_000_000, 60_000);
    expect(windows.size()).toBe(1);
    // A key still inside its window survives a sweep, with its count.
    windows.hit("org:beta", 2, 60_000);
    for (let i = 0; i < 5_000; i++) windows.hit("org:acme", 1_000_000, 60_000);
    expect(windows.size()).toBe(2);
    expect(windows.hit("org:beta", 2, 60_000)).toMatchObject({ allowed: true, remaining: 0 });
    expect(windows.hit("org:beta", 2, 60_000).allowed).toBe(false);
  });
});

describe("memory store usage", () => {
  it("answers an organization's month among charges of its other months and of other organizations", async () => {
    const store = createMemoryStore();
    const busy = newId("org");
    const record = async (orgId: string, createdAt: string) => {
      const event = makeEvent(orgId, "key_a", { createdAt });
      await store.recordActivation(event, chargeFor(event), null);
    };
    // 3,000 charges of the organization in the twelve months before, 1,000 of another one this month.
    for (let i = 0; i < 3_000; i++) await record(busy, new Date(Date.UTC(2025, 10 + (i % 12), 1 + (i % 28))).toISOString());
    for (let i = 0; i < 1_000; i++) await record(newId("org"), "2026-11-15T00:00:00.000Z");
    for (let i = 0; i < 3; i++) await record(busy, "2026-11-20T00:00:00.000Z");
    expect(await store.usage(busy, "2026-11-01T00:00:00.000Z", "2026-12-01T00:00:00.000Z")).toMatchObject({ billed_queries: 3, amount_micros: 3000 });
    // A window cutting through a month counts only the charges inside it: of the 250 November-2025 charges, those on day 15 or later (i % 28 ≥ 14).
    expect(await store.usage(busy, "2025-11-15T00:00:00.000Z", "2025-12-01T00:00:00.000Z")).toMatchObject({ billed_queries: 107 });
  });
});
