/**
 * `recordActivation` in SQL: the idempotency claim, the event and its charge in ONE statement (so
 * one transaction and one round trip), for a whole batch of activations at once.
 *
 * - Order inside the statement: claim the idempotency key (ON CONFLICT: a concurrent claim of the
 *   same key waits until the other transaction ends, then finds its row; an expired row is taken
 *   over); write the event only when its claim succeeded or it has no key; write the charge only
 *   for an event that was written. Any failure aborts the whole statement: nothing is written.
 * - Batching: activations recorded in the same event-loop turn (concurrent requests) share one
 *   statement and one commit — the database's group commit, done before the database. When a
 *   batch fails (e.g. one bad row, or two requests with the same key in one batch) every
 *   activation is retried on its own, so one request's problem never fails another's.
 */
import type { ActivationEvent, BillingRecord, IdempotencyWrite } from "../types.js";
import type { SqlClient } from "./sql-client.js";

export interface ActivationWrite {
  event: ActivationEvent;
  charge: BillingRecord | null;
  idempotency: IdempotencyWrite | null;
}

/** Resolves to true when the event was written, false when its idempotency key was already taken. */
export type ActivationWriter = (write: ActivationWrite) => Promise<boolean>;

const MAX_BATCH = 64;

export function recordActivationsSql(s: string): string {
  return `
    WITH input AS (
      SELECT * FROM unnest(
        $1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::int[], $6::text[], $7::timestamptz[],
        $8::text[], $9::text[], $10::text[], $11::text[], $12::jsonb[], $13::text[], $14::int[], $15::boolean[],
        $16::text[], $17::bigint[], $18::timestamptz[]
      ) AS t(org_id, created_at, idem_key, fingerprint, status, body, expires_at,
             id, key_id, query, subject_vp_id, result, classifier_model, top_k, billed,
             charge_id, amount_micros, charged_at)
    ), claim AS (
      INSERT INTO ${s}.idempotency (org_id, key, fingerprint, status, body, expires_at, created_at)
      SELECT org_id, idem_key, fingerprint, status, body, expires_at, created_at FROM input WHERE idem_key IS NOT NULL
      ON CONFLICT (org_id, key) DO UPDATE
        SET fingerprint = EXCLUDED.fingerprint, status = EXCLUDED.status, body = EXCLUDED.body,
            expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at
        WHERE ${s}.idempotency.expires_at <= EXCLUDED.created_at
      RETURNING org_id, key
    ), event AS (
      INSERT INTO ${s}.activation_events (id, org_id, key_id, query, subject_vp_id, result, classifier_model, top_k, billed, created_at)
      SELECT id, org_id, key_id, query, subject_vp_id, result, classifier_model, top_k, billed, created_at FROM input
      WHERE idem_key IS NULL OR EXISTS (SELECT 1 FROM claim WHERE claim.org_id = input.org_id AND claim.key = input.idem_key)
      RETURNING id
    ), charge AS (
      INSERT INTO ${s}.billing_records (id, org_id, key_id, activation_id, amount_micros, created_at)
      SELECT input.charge_id, input.org_id, input.key_id, input.id, input.amount_micros, input.charged_at
      FROM input JOIN event ON event.id = input.id WHERE input.charge_id IS NOT NULL
      RETURNING 1
    )
    SELECT id FROM event`;
}

/** The statement's parameters: one array per column, one element per activation. */
function columns(writes: ActivationWrite[]): unknown[][] {
  const pick = <T>(f: (w: ActivationWrite) => T) => writes.map(f);
  return [
    pick((w) => w.event.org_id),
    pick((w) => w.event.created_at),
    pick((w) => w.idempotency?.key ?? null),
    pick((w) => w.idempotency?.fingerprint ?? null),
    pick((w) => w.idempotency?.response.status ?? null),
    pick((w) => w.idempotency?.response.body ?? null),
    pick((w) => w.idempotency?.expires_at ?? null),
    pick((w) => w.event.id),
    pick((w) => w.event.key_id),
    pick((w) => w.event.query),
    pick((w) => w.event.subject_vp_id),
    pick((w) => JSON.stringify(w.event.result)),
    pick((w) => w.event.classifier_model),
    pick((w) => w.event.top_k),
    pick((w) => w.event.billed),
    pick((w) => w.charge?.id ?? null),
    pick((w) => w.charge?.amount_micros ?? null),
    pick((w) => w.charge?.created_at ?? null),
  ];
}

export function createActivationWriter(client: SqlClient, s: string): ActivationWriter {
  const sql = recordActivationsSql(s);
  const run = async (writes: ActivationWrite[]): Promise<Set<string>> => {
    const { rows } = await client.query<{ id: string }>(sql, columns(writes));
    return new Set(rows.map((row) => row.id));
  };

  let pending: { write: ActivationWrite; resolve: (recorded: boolean) => void; reject: (error: unknown) => void }[] = [];

  async function flush(batch: typeof pending): Promise<void> {
    if (batch.length > 1) {
      try {
        const recorded = await run(batch.map((item) => item.write));
        for (const item of batch) item.resolve(recorded.has(item.write.event.id));
        return;
      } catch {
        // Fall through: each on its own, so only the activation at fault fails.
      }
    }
    await Promise.all(
      batch.map(async (item) => {
        try {
          item.resolve((await run([item.write])).has(item.write.event.id));
        } catch (error) {
          item.reject(error);
        }
      }),
    );
  }

  return (write) =>
    new Promise<boolean>((resolve, reject) => {
      if (pending.length === 0) {
        setImmediate(() => {
          const taken = pending;
          pending = [];
          for (let i = 0; i < taken.length; i += MAX_BATCH) void flush(taken.slice(i, i + MAX_BATCH));
        });
      }
      pending.push({ write, resolve, reject });
    });
}
