import { checkingHits, refusingAfterClose } from "../rules.js";
import type { LimitResult, RateLimiter } from "../types.js";

/** The stamps of the requests allowed for one key, oldest first; `head` skips the expired ones. */
interface Window {
  stamps: number[];
  head: number;
  /** The window length of the last hit (a sweep needs it to tell an expired window). */
  windowMs: number;
}

/**
 * Exact sliding window: the timestamps of the requests allowed in the last `windowMs` per key.
 * Node runs this synchronously, so concurrent requests of one process cannot race. Stamps are
 * appended in clock order, so expiry only ever drops from the front: O(1) amortised per hit.
 */
export function createMemoryLimiter(now: () => number = Date.now): RateLimiter {
  const windows = createLocalWindows(now);
  return refusingAfterClose<RateLimiter>("memory limiter", {
    // Not `async`: counting cannot throw, and this runs on every request.
    hit: checkingHits((key, limit, windowMs) => Promise.resolve(windows.hit(key, limit, windowMs))),
    close: async () => windows.clear(),
  });
}

/** The same windows, answered synchronously (the Redis limiter's local mirror uses them on its hot path). */
export interface LocalWindows {
  hit(key: string, limit: number, windowMs: number): LimitResult;
  clear(): void;
  /** Keys holding a window (expired ones are swept away as hits go on). */
  size(): number;
}

/** Hits between sweeps of expired windows: at least this many, and at least as many as there are keys. */
const SWEEP_EVERY = 1024;

export function createLocalWindows(now: () => number = Date.now): LocalWindows {
  const windows = new Map<string, Window>();
  let hitsSinceSweep = 0;

  /**
   * Drops the windows whose every stamp has expired. A key seen once (a client IP, an IPv6 /64)
   * would otherwise keep its window forever: a client rotating addresses grows the map without end.
   * Sweeping after as many hits as there are keys keeps the cost O(1) per hit, amortised.
   */
  function sweep(at: number): void {
    for (const [key, window] of windows) {
      const newest = window.stamps[window.stamps.length - 1];
      if (newest === undefined || newest <= at - window.windowMs) windows.delete(key);
    }
  }

  function hit(key: string, limit: number, windowMs: number): LimitResult {
    const at = now();
    if (++hitsSinceSweep >= Math.max(SWEEP_EVERY, windows.size)) {
      hitsSinceSweep = 0;
      sweep(at);
    }
    const allowedSince = at - windowMs;
    const known = windows.get(key);
    const window = known ?? { stamps: [], head: 0, windowMs };
    window.windowMs = windowMs;
    while (window.head < window.stamps.length && window.stamps[window.head]! <= allowedSince) window.head++;
    // Compact once the expired prefix dominates, so memory stays proportional to the window.
    if (window.head > 64 && window.head * 2 > window.stamps.length) {
      window.stamps = window.stamps.slice(window.head);
      window.head = 0;
    }
    let counted = window.stamps.length - window.head;
    const allowed = counted < limit;
    if (allowed) {
      window.stamps.push(at);
      counted++;
    }
    if (counted === 0) windows.delete(key);
    else if (!known) windows.set(key, window);
    const resetMs = counted === 0 ? 0 : Math.max(1, window.stamps[window.head]! + windowMs - at);
    return { allowed, limit, remaining: Math.max(0, limit - counted), resetMs };
  }

  return { hit, clear: () => windows.clear(), size: () => windows.size };
}
