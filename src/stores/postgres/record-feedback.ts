/**
 * `recordFeedback` in SQL: the feedback and its idempotency claim in ONE statement (one
 * transaction), the feedback written only when the key, if any, was free.
 *
 * A lost connection is settled as for activations (`settleLost`, lost-connection.ts): a statement
 * sent before the connection went may have committed, and answering a stored feedback with a 500
 * makes a client's retry store it again. So once it can no longer commit, a fresh connection looks
 * for the feedback's row.
 */
import { claimIdempotencySql } from "./idempotency-claim.js";
import type { Feedback, IdempotencyWrite } from "../types.js";
import type { SqlClient } from "./sql-client.js";

export const FEEDBACK_COLUMNS = "id, org_id, activation_id, hit, memory_id, created_at";

/** Resolves to true when the feedback was written, false when its idempotency key was already taken. */
export type FeedbackWriter = (item: Feedback, write: IdempotencyWrite | null) => Promise<boolean>;

function feedbackSql(s: string): string {
  return `
    WITH input AS (
      SELECT $1::text AS id, $2::text AS org_id, $3::text AS activation_id, $4::boolean AS hit, $5::text AS memory_id,
             $6::timestamptz AS created_at, $7::text AS idem_key, $8::text AS fingerprint, $9::int AS status,
             $10::text AS body, $11::timestamptz AS expires_at
    ), claim AS (${claimIdempotencySql(s)}
    )
    INSERT INTO ${s}.feedback (${FEEDBACK_COLUMNS})
    SELECT ${FEEDBACK_COLUMNS} FROM input WHERE idem_key IS NULL OR EXISTS (SELECT 1 FROM claim)
    RETURNING id`;
}

export function createFeedbackWriter(client: SqlClient, s: string): FeedbackWriter {
  const sql = feedbackSql(s);
  const storedSql = `SELECT 1 FROM ${s}.feedback WHERE id = $1`;
  return async (item, write) => {
    const params = [
      item.id, item.org_id, item.activation_id, item.hit, item.memory_id, item.created_at,
      write?.key ?? null, write?.fingerprint ?? null, write?.response.status ?? null, write?.response.body ?? null, write?.expires_at ?? null,
    ];
    try {
      return (await client.query(sql, params)).rows.length === 1;
    } catch (error) {
      if (!client.settleLost) throw error;
      // settleLost throws `error` back when nothing can have committed, and a CommitUnknownError
      // when it cannot learn. Not stored: the failure stands (retrying is safe now; a statement
      // whose key was taken stored nothing either, and its retry finds the key).
      const stored = await client.settleLost(error, async (db) => (await db.query(storedSql, [item.id])).rows.length === 1);
      if (!stored) throw error;
      return true;
    }
  };
}
