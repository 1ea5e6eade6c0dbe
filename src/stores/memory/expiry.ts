/**
 * Expired idempotency rows leave the memory store as new ones arrive, so a long-running process
 * does not keep every response body it ever replayed. Rows are kept in insertion order with
 * expiries that never decrease (first response + 24 h, by the server clock): the expired ones are
 * at the front, and the sweep stops at the first live row (amortised O(1) per write).
 */
export function dropExpired(rows: Map<string, { expires_at: string }>, now: string): void {
  for (const [id, row] of rows) {
    if (Date.parse(row.expires_at) > Date.parse(now)) return;
    rows.delete(id);
  }
}

/** Sets `id` at the end of the insertion order (a re-used expired id moves behind the live rows). */
export function setLast<T>(rows: Map<string, T>, id: string, row: T): void {
  rows.delete(id);
  rows.set(id, row);
}
