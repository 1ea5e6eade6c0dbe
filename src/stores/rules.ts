/**
 * Checks every store makes before writing, so a caller's mistake fails the same way on every back
 * end (the memory store included) instead of being accepted by one and refused by another.
 */
import type { ActivationEvent, ApiKeyRecord, BillingRecord } from "./types.js";

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
