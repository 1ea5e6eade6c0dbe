/**
 * Checks every store and limiter makes, so a caller's mistake fails the same way on every back
 * end (the memory ones included) instead of being accepted by one and refused by another.
 */
import { shown } from "../schema/options.js";
import type { ActivationEvent, ApiKeyRecord, BillingRecord, RateLimiter } from "./types.js";

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Only a SHA-256 hex digest may be stored as a key's hash: never the plain key. */
export function assertHashedKey(key: ApiKeyRecord): void {
  if (!SHA256_HEX.test(key.hash)) throw new Error("API key hash must be SHA-256 hex; plain keys are never stored");
}

/** A charge belongs to the event it is written with, and is a whole, non-negative number of micro-dollars. */
export function assertChargeMatches(event: ActivationEvent, charge: BillingRecord | null): void {
  if (!charge) return;
  if (charge.activation_id !== event.id || charge.org_id !== event.org_id || charge.key_id !== event.key_id) {
    throw new Error("billing record does not belong to the activation event it is written with");
  }
  if (!Number.isSafeInteger(charge.amount_micros) || charge.amount_micros < 0) {
    throw new Error("billing amount must be a non-negative integer number of micro-dollars");
  }
}

/**
 * A store or limiter whose methods, once `close()` was called, reject with "the <name> is closed",
 * as the SQL stores' drivers refuse a closed pool and the Redis limiter its closed connection:
 * otherwise a closed memory store goes on taking writes no one will read, and a closed limiter
 * goes on admitting. `close()` again returns the first close.
 */
export function refusingAfterClose<T extends { close(): Promise<void> }>(name: string, target: T): T {
  let closing: Promise<void> | undefined;
  const guard = (method: (...args: unknown[]) => unknown) => (...args: unknown[]) => (closing ? Promise.reject(new Error(`the ${name} is closed`)) : method.apply(target, args));
  const guarded = Object.entries(target).map(([key, method]) => [key, typeof method === "function" ? guard(method) : method]);
  return { ...Object.fromEntries(guarded), close: () => (closing ??= target.close()) } as T;
}

/** A year: longer is no rate limit, and stays far below the windows Redis' PEXPIRE refuses (from 1e17 ms on Redis 7). */
const MAX_WINDOW_MS = 365 * 24 * 3600_000;

/** What is wrong with a hit's arguments, or undefined. */
function hitProblem(key: unknown, limit: unknown, windowMs: unknown): string | undefined {
  if (typeof key !== "string" || key === "") return `key must be a non-empty string, got ${shown(key)}`;
  if (!Number.isSafeInteger(limit) || (limit as number) < 0) return `limit must be a whole number >= 0, got ${shown(limit)}`;
  if (!Number.isSafeInteger(windowMs) || (windowMs as number) < 1 || (windowMs as number) > MAX_WINDOW_MS) {
    return `windowMs must be a whole number of milliseconds from 1 to ${MAX_WINDOW_MS}, got ${shown(windowMs)}`;
  }
  return undefined;
}

/**
 * A limiter's `hit` that refuses bad arguments (a rejected TypeError) the same way on every back
 * end: left to each, a limit of "5" was compared as a number and echoed back as a string, and a
 * window of Infinity counted forever in memory but failed Redis' script.
 */
export function checkingHits(hit: RateLimiter["hit"]): RateLimiter["hit"] {
  return (key, limit, windowMs) => {
    const problem = hitProblem(key, limit, windowMs);
    return problem === undefined ? hit(key, limit, windowMs) : Promise.reject(new TypeError(`RateLimiter.hit: ${problem}`));
  };
}
