/**
 * Coalesces lookups of concurrent requests into one query. Under load many requests authenticate
 * at once; one `WHERE hash = ANY(...)` round trip answers all of them, and each answer is still
 * read after its request arrived (nothing is cached). One lookup query runs at a time: lookups
 * made meanwhile form the next one.
 */
import { coalesce } from "../coalesce.js";

const LIMITS = { maxBatch: 256, maxInFlight: 1 };

export function batchLookups<V>(load: (keys: string[]) => Promise<Map<string, V>>): (key: string) => Promise<V | null> {
  return coalesce<string, V | null>(async (batch) => {
    const keys = new Set<string>();
    for (const call of batch) keys.add(call.input);
    const found = await load([...keys]);
    for (const call of batch) call.resolve(found.get(call.input) ?? null);
  }, LIMITS);
}
