import { describe, expect, it } from "vitest";
import { createMemoryLimiter, createMemoryStore } from "../../src/stores/memory/index.js";
import { createLocalWindows } from "../../src/stores/memory/limiter.js";
import { describeLimiterContract, describeStoreContract } from "../support/store-contract.js";

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
