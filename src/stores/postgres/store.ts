/**
 * The ArcStore contract in SQL, for any client that speaks PostgreSQL (`pg` or PGlite). Every
 * statement is parameterised; the only interpolated text is the validated, quoted schema name.
 * Exactness under concurrency comes from the database, not from this process: unique keys decide
 * idempotency races, and conditional upserts decide quotas.
 */
import { assertChargeMatches, assertHashedKey } from "../rules.js";
import type { ArcStore, RecordOutcome } from "../types.js";
import { migrate, quoteSchema } from "./migrations.js";
import {
  toApiKey,
  toEvent,
  toFeedback,
  toLookup,
  toOrganization,
  type ApiKeyRow,
  type EventRow,
  type FeedbackRow,
  type IdempotencyRow,
  type OrganizationRow,
} from "./rows.js";
import type { SqlClient, SqlQueryable } from "./sql-client.js";

export const DEFAULT_SCHEMA = "arcroute";

const KEY_COLUMNS = "id, org_id, hash, prefix, last4, mode, scopes, created_at, revoked_at";
const EVENT_COLUMNS = "id, org_id, key_id, query, subject_vp_id, result, classifier_model, top_k, billed, created_at";
const FEEDBACK_COLUMNS = "id, org_id, activation_id, hit, memory_id, created_at";

/** Applies pending migrations, then returns the store. */
export async function openSqlStore(client: SqlClient, schema: string = DEFAULT_SCHEMA): Promise<ArcStore> {
  await migrate(client, schema);
  return createSqlStore(client, schema);
}

export function createSqlStore(client: SqlClient, schema: string = DEFAULT_SCHEMA): ArcStore {
  const s = quoteSchema(schema);

  async function findIdempotency(db: SqlQueryable, orgId: string, key: string): Promise<IdempotencyRow | undefined> {
    const { rows } = await db.query<IdempotencyRow>(
      `SELECT fingerprint, status, body, expires_at FROM ${s}.idempotency WHERE org_id = $1 AND key = $2`,
      [orgId, key],
    );
    return rows[0];
  }

  return {
    async putOrganization(org) {
      await client.query(
        `INSERT INTO ${s}.organizations (id, tier, rpm, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET tier = EXCLUDED.tier, rpm = EXCLUDED.rpm, created_at = EXCLUDED.created_at`,
        [org.id, org.tier, org.rpm ?? null, org.created_at],
      );
    },
    async getOrganization(id) {
      const { rows } = await client.query<OrganizationRow>(`SELECT id, tier, rpm, created_at FROM ${s}.organizations WHERE id = $1`, [id]);
      return rows[0] ? toOrganization(rows[0]) : null;
    },

    async insertApiKey(key) {
      assertHashedKey(key);
      await client.query(
        `INSERT INTO ${s}.api_keys (${KEY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [key.id, key.org_id, key.hash, key.prefix, key.last4, key.mode, key.scopes, key.created_at, key.revoked_at],
      );
    },
    async findApiKeyByHash(hash) {
      const { rows } = await client.query<ApiKeyRow>(`SELECT ${KEY_COLUMNS} FROM ${s}.api_keys WHERE hash = $1`, [hash]);
      return rows[0] ? toApiKey(rows[0]) : null;
    },
    async revokeApiKey(id, at) {
      // COALESCE keeps the first revocation time when a key is revoked twice.
      const { rows } = await client.query(
        `UPDATE ${s}.api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 RETURNING id`,
        [id, at],
      );
      return rows.length === 1;
    },
    async listApiKeys(orgId) {
      const { rows } = await client.query<ApiKeyRow>(`SELECT ${KEY_COLUMNS} FROM ${s}.api_keys WHERE org_id = $1 ORDER BY seq`, [orgId]);
      return rows.map(toApiKey);
    },

    async recordActivation(event, charge, write): Promise<RecordOutcome> {
      assertChargeMatches(event, charge);
      return client.transaction(async (tx) => {
        if (write) {
          // Claim the key first. A concurrent claim of the same key waits on the primary key until
          // the other transaction ends, then sees its row: exactly one of them records. An expired
          // record is taken over as if it were absent.
          const claimed = await tx.query(
            `INSERT INTO ${s}.idempotency (org_id, key, fingerprint, status, body, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (org_id, key) DO UPDATE
               SET fingerprint = EXCLUDED.fingerprint, status = EXCLUDED.status, body = EXCLUDED.body, expires_at = EXCLUDED.expires_at
               WHERE ${s}.idempotency.expires_at <= $7
             RETURNING key`,
            [event.org_id, write.key, write.fingerprint, write.response.status, write.response.body, write.expires_at, event.created_at],
          );
          if (claimed.rows.length === 0) {
            const existing = await findIdempotency(tx, event.org_id, write.key);
            return { state: "duplicate", existing: toLookup(existing, write.fingerprint, event.created_at) };
          }
        }
        await tx.query(
          `INSERT INTO ${s}.activation_events (${EVENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            event.id,
            event.org_id,
            event.key_id,
            event.query,
            event.subject_vp_id,
            JSON.stringify(event.result),
            event.classifier_model,
            event.top_k,
            event.billed,
            event.created_at,
          ],
        );
        if (charge) {
          await tx.query(
            `INSERT INTO ${s}.billing_records (id, org_id, key_id, activation_id, amount_micros, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
            [charge.id, charge.org_id, charge.key_id, charge.activation_id, charge.amount_micros, charge.created_at],
          );
        }
        return { state: "recorded" };
      });
    },
    async getActivation(id, orgId) {
      const { rows } = await client.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM ${s}.activation_events WHERE id = $1 AND org_id = $2`, [id, orgId]);
      return rows[0] ? toEvent(rows[0]) : null;
    },
    async usage(orgId, from, to) {
      const { rows } = await client.query<{ billed: number | string; amount: number | string }>(
        `SELECT count(*)::int8 AS billed, COALESCE(sum(amount_micros), 0)::int8 AS amount
         FROM ${s}.billing_records WHERE org_id = $1 AND created_at >= $2 AND created_at < $3`,
        [orgId, from, to],
      );
      const row = rows[0]!;
      return { org_id: orgId, from, to, billed_queries: Number(row.billed), amount_micros: Number(row.amount) };
    },

    async lookupIdempotency(orgId, key, fingerprint, now) {
      return toLookup(await findIdempotency(client, orgId, key), fingerprint, now);
    },

    async consumeQuota(orgId, name, limit) {
      // One statement: the row lock of the upsert serialises concurrent consumers, and the WHERE
      // clauses refuse without writing once the limit is reached.
      const { rows } = await client.query<{ used: number }>(
        `INSERT INTO ${s}.quotas (org_id, name, used) SELECT $1, $2, 1 WHERE $3::int > 0
         ON CONFLICT (org_id, name) DO UPDATE SET used = ${s}.quotas.used + 1 WHERE ${s}.quotas.used < $3::int
         RETURNING used`,
        [orgId, name, limit],
      );
      if (rows[0]) return { allowed: true, used: rows[0].used };
      const current = await client.query<{ used: number }>(`SELECT used FROM ${s}.quotas WHERE org_id = $1 AND name = $2`, [orgId, name]);
      return { allowed: false, used: current.rows[0]?.used ?? 0 };
    },
    async refundQuota(orgId, name) {
      await client.query(`UPDATE ${s}.quotas SET used = GREATEST(used - 1, 0) WHERE org_id = $1 AND name = $2`, [orgId, name]);
    },

    async recordFeedback(item) {
      await client.query(
        `INSERT INTO ${s}.feedback (${FEEDBACK_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)`,
        [item.id, item.org_id, item.activation_id, item.hit, item.memory_id, item.created_at],
      );
    },
    async listFeedback(orgId) {
      const { rows } = await client.query<FeedbackRow>(
        `SELECT ${FEEDBACK_COLUMNS} FROM ${s}.feedback WHERE $1::text IS NULL OR org_id = $1 ORDER BY seq`,
        [orgId],
      );
      return rows.map(toFeedback);
    },

    close: () => client.close(),
  };
}
