/**
 * The per-client limit on failed key lookups. A well-formed key the store does not know (or knows
 * revoked, or whose organization is gone) costs a store lookup and answers 401; a flood of them is
 * free database load. Each such failure is counted per client (IPv4 address, IPv6 /64, the client
 * IP of the anonymous `/verify` limit); after `limit` of them in a sliding minute the client is
 * refused — 429 before the lookup — for one minute from the failure that filled the budget.
 *
 * Only `RateLimiter.hit` is used, so any limiter works, memory and Redis alike (a Redis limiter
 * shares the budget across processes). Two windows: `auth-fail:` counts the failures; a hit on
 * `auth-fail-block:` marks the client blocked, and a hit with limit 0 (refused, never counted)
 * reads the mark without changing it: its `resetMs` is 0 when there is none.
 */
import type { LimitResult, RateLimiter } from "../stores/types.js";
import { rateLimitSubject } from "./client-ip.js";
import { WINDOW_MS } from "./limits.js";

export const FAILED_LOOKUP_PREFIX = "auth-fail:";
export const FAILED_LOOKUP_BLOCK_PREFIX = "auth-fail-block:";
/** Failed key lookups per client per minute before its lookups are refused (createApi `failedKeyLookupsPerMinute`). */
export const DEFAULT_FAILED_LOOKUPS_PER_MINUTE = 60;

/** What the key lookup asks before and after it reaches the store. */
export interface LookupGuard {
  /** The block mark's result when the client is over its budget (answer 429 without a lookup), else null. */
  blocked(): Promise<LimitResult | null>;
  /** Counts one failed lookup; the one that fills the budget sets the block mark. */
  failed(): Promise<void>;
}

/** Made for every keyed request; the client's subject is worked out only when a lookup needs the guard (a remembered key never does). */
export function lookupGuard(limiter: RateLimiter, ip: string, limit: number): LookupGuard {
  const block = () => FAILED_LOOKUP_BLOCK_PREFIX + rateLimitSubject(ip);
  return {
    async blocked() {
      const mark = await limiter.hit(block(), 0, WINDOW_MS);
      return mark.resetMs > 0 ? mark : null;
    },
    async failed() {
      const count = await limiter.hit(FAILED_LOOKUP_PREFIX + rateLimitSubject(ip), limit, WINDOW_MS);
      // remaining 0: this failure filled the budget; refused: concurrent failures got past the mark.
      if (count.remaining === 0) await limiter.hit(block(), 1, WINDOW_MS);
    },
  };
}
