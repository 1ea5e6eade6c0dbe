import type { LimitResult, RateLimiter } from "../types.js";

/**
 * Exact sliding window: the timestamps of the requests allowed in the last `windowMs` per key.
 * Node runs this synchronously, so concurrent requests of one process cannot race.
 */
export function createMemoryLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, number[]>();

  function hit(key: string, limit: number, windowMs: number): LimitResult {
    const at = now();
    const allowedSince = at - windowMs;
    const stamps = (windows.get(key) ?? []).filter((t) => t > allowedSince);
    const allowed = stamps.length < limit;
    if (allowed) stamps.push(at);
    if (stamps.length === 0) windows.delete(key);
    else windows.set(key, stamps);
    const resetMs = stamps.length === 0 ? 0 : Math.max(1, stamps[0]! + windowMs - at);
    return { allowed, limit, remaining: Math.max(0, limit - stamps.length), resetMs };
  }

  return {
    hit: async (key, limit, windowMs) => hit(key, limit, windowMs),
    close: async () => windows.clear(),
  };
}
