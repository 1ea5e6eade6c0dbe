/**
 * `recordActivation` in SQL: the idempotency claim, the event and its charge in ONE statement (so
 * one transaction and one round trip), for a whole batch of activations at once.
 *
 * - Order inside the statement: claim the idempotency key (`./idempotency-claim.ts`: a concurrent
 *   claim of the same key waits until the other transaction ends, then finds its row; an expired
 *   row is taken over); write the event only when its claim succeeded or it has no key; write the charge only
 *   for an event that was written. Any failure aborts the whole statement: nothing is written.
 * - Batching: activations recorded by concurrent requests (same event-loop turn, or while the
 *   previous batches run) share one statement and one commit — group commit, done before the
 *   database (`../coalesce.ts`). When a
 *   batch fails (e.g. one bad row, or two requests with the same key in one batch) every
 *   activation is retried on its own, so one request's problem never fails another's.
 * - A lost connection: when it went after the statement was sent, the statement may have committed.
 *   What it did is learned on a fresh connection once it can no longer commit (`settleLost`), and
 *   each activation is answered by that: a committed batch is not retried (its retries would fail
 *   on their own ids, answering 500s that were billed).
 */
import { coalesce } from "../coalesce.js";
import { claimIdempotencySql } from "./idempotency-claim.js";
import { CommitUnknownError } from "./lost-connection.js";
import type { ActivationEvent, BillingRecord, IdempotencyWrite } from "../types.js";
import type { SqlClient } from "./sql-client.js";

export interface ActivationWrite {
  event: ActivationEvent;
  charge: BillingRecord | null;
  idempotency: IdempotencyWrite | null;
}

/** Resolves to true when the event was written, false when its idempotency key was already taken. */
export type ActivationWriter = (write: ActivationWrite) => Promise<boolean>;

/**
 * Up to 64 activations per statement, one statement at a time: while it runs, the next batch
 * forms (group commit; on this machine batches grew from ~9 to ~12 activations under the HTTP
 * benchmark with one statement at a time instead of two).
 */
const LIMITS = { maxBatch: 64, maxInFlight: 1 };

/**
 * One JSON document holds the whole batch, one object per activation (`jsonb_to_recordset`): one
 * JSON.stringify here instead of escaping eighteen text arrays element by element, and the event's
 * `result` travels as JSON, not as a string inside an array literal (jsonb: parsed once, copied
 * into its column as it is).
 */
export function recordActivationsSql(s: string): string {
  return `
    WITH input AS (
      SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(
        org_id text, created_at timestamptz, idem_key text, fingerprint text, status int, body text, expires_at timestamptz,
        id text, key_id text, query text, subject_vp_id text, result jsonb, classifier_model text, top_k int, billed boolean,
        charge_id text, amount_micros bigint, charged_at timestamptz)
    ), claim AS (${claimIdempotencySql(s)}
    ), event AS (
      INSERT INTO ${s}.activation_events (id, org_id, key_id, query, subject_vp_id, result, classifier_model, top_k, billed, created_at)
      SELECT id, org_id, key_id, query, subject_vp_id, result, classifier_model, top_k, billed, created_at FROM input
      WHERE idem_key IS NULL OR EXISTS (SELECT 1 FROM claim WHERE claim.org_id = input.org_id AND claim.key = input.idem_key)
      RETURNING id
    ), charge AS (
      INSERT INTO ${s}.billing_records (id, org_id, key_id, activation_id, amount_micros, created_at)
      SELECT input.charge_id, input.org_id, input.key_id, input.id, input.amount_micros, input.charged_at
      FROM input JOIN event ON event.id = input.id WHERE input.charge_id IS NOT NULL
    )
    -- Only the activations NOT written come back (a taken key); usually none, so no rows to read.
    SELECT input.id FROM input
    WHERE input.idem_key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM claim WHERE claim.org_id = input.org_id AND claim.key = input.idem_key)`;
}

/** The statement's parameter: the batch as one JSON array of rows named like the columns above. */
export function batchJson(writes: ActivationWrite[]): string {
  const rows = writes.map(({ event, charge, idempotency }) => ({
    org_id: event.org_id,
    created_at: event.created_at,
    idem_key: idempotency?.key ?? null,
    fingerprint: idempotency?.fingerprint ?? null,
    status: idempotency?.response.status ?? null,
    body: idempotency?.response.body ?? null,
    expires_at: idempotency?.expires_at ?? null,
    id: event.id,
    key_id: event.key_id,
    query: event.query,
    subject_vp_id: event.subject_vp_id,
    result: event.result,
    classifier_model: event.classifier_model,
    top_k: event.top_k,
    billed: event.billed,
    charge_id: charge?.id ?? null,
    amount_micros: charge?.amount_micros ?? null,
    charged_at: charge?.created_at ?? null,
  }));
  return wellFormed(JSON.stringify(rows));
}

/** A lone UTF-16 surrogate as JSON.stringify escapes it, preceded by an even number of backslashes (so not itself escaped text). */
const LONE_SURROGATE = /(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/g;

/**
 * PostgreSQL refuses a JSON escape of a lone surrogate; text sent as a plain parameter reaches it
 * as UTF-8, where a lone surrogate is U+FFFD. Same here, so a stray surrogate in a query is stored
 * as before instead of failing the activation. (JSON.stringify escapes only lone surrogates.)
 */
function wellFormed(json: string): string {
  return json.includes("\\ud") ? json.replace(LONE_SURROGATE, "$1\ufffd") : json;
}

const NONE_SKIPPED: ReadonlySet<string> = new Set();

/** SQLSTATE 57014 (query_canceled): the server ended the statement at `statement_timeout` (queryTimeoutMs). */
const cancelledForTime = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === "57014";

export function createActivationWriter(client: SqlClient, s: string): ActivationWriter {
  const sql = recordActivationsSql(s);
  const committedSql = `SELECT id FROM ${s}.activation_events WHERE id = ANY($1::text[])`;
  /** Ids of the activations not written because their idempotency key was taken. */
  const run = async (writes: ActivationWrite[]): Promise<ReadonlySet<string>> => {
    try {
      const { rows } = await client.query<{ id: string }>(sql, [batchJson(writes)]);
      return rows.length === 0 ? NONE_SKIPPED : new Set(rows.map((row) => row.id));
    } catch (error) {
      if (!client.settleLost) throw error;
      return settle(writes, error);
    }
  };

  /**
   * The connection was lost after the statement was sent (or the database reported the error, and
   * settleLost throws it back). The statement committed all its events or none. None: the failure
   * stands (nothing billed; retrying is safe now that it can no longer commit; a statement whose
   * every key was taken also wrote none, and its retries find the keys). Some: those are written,
   * and the others were skipped for a taken key, exactly what `run` would have reported.
   */
  const settle = async (writes: ActivationWrite[], error: unknown): Promise<ReadonlySet<string>> => {
    const ids = writes.map((write) => write.event.id);
    const written = await client.settleLost!(error, async (db) => new Set((await db.query<{ id: string }>(committedSql, [ids])).rows.map((row) => row.id)));
    if (written.size === 0) throw error;
    return new Set(ids.filter((id) => !written.has(id)));
  };

  return coalesce<ActivationWrite, boolean>(async (batch) => {
    if (batch.length > 1) {
      try {
        const skipped = await run(batch.map((call) => call.input));
        for (const call of batch) call.resolve(!skipped.has(call.input.event.id));
        return;
      } catch (error) {
        // Whether the batch committed is unknown: none is retried as if it had not (had it
        // committed, each retry would fail on its own id, a 500 that was billed).
        if (error instanceof CommitUnknownError) return batch.forEach((call) => call.reject(error));
        // Cancelled for its time (a table locked, a database that stalls): no activation was at
        // fault, and each alone would wait out the timeout again, holding every request of the
        // batch for twice queryTimeoutMs (more once the retries queue for the pool's connections).
        if (cancelledForTime(error)) return batch.forEach((call) => call.reject(error));
        // Otherwise each on its own, so only the activation at fault fails.
      }
    }
    await Promise.all(
      batch.map(async (call) => {
        try {
          call.resolve(!(await run([call.input])).has(call.input.event.id));
        } catch (error) {
          call.reject(error);
        }
      }),
    );
  }, LIMITS);
}
