/**
 * The claim of an idempotency key inside a write statement, shared by every write that can carry
 * one (activations, feedback), so they keep one set of records with one rule. It reads a CTE named
 * `input` with the columns `org_id`, `created_at`, `idem_key` (null: no key), `fingerprint`,
 * `status`, `body` and `expires_at`, and returns `(org_id, key)` of each key it claimed.
 *
 * ON CONFLICT makes a concurrent claim of the same key wait until the other transaction ends, then
 * find its row: the write that needs the claim is skipped, and the caller reads the winner's record.
 * An expired row is taken over (its expiry is before the new record's time).
 */
export function claimIdempotencySql(s: string): string {
  return `
      INSERT INTO ${s}.idempotency (org_id, key, fingerprint, status, body, expires_at, created_at)
      SELECT org_id, idem_key, fingerprint, status, body, expires_at, created_at FROM input WHERE idem_key IS NOT NULL
      ON CONFLICT (org_id, key) DO UPDATE
        SET fingerprint = EXCLUDED.fingerprint, status = EXCLUDED.status, body = EXCLUDED.body,
            expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at
        WHERE ${s}.idempotency.expires_at <= EXCLUDED.created_at
      RETURNING org_id, key`;
}
