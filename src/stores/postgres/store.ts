/**
 * The ArcStore contract in SQL, for any client that speaks PostgreSQL (`pg` or PGlite). Every
 * statement is parameterised; the only interpolated text is the validated, quoted schema name.
 * Exactness under concurrency comes from the database, not from this process: unique keys decide
 * idempotency races, and conditional upserts decide quotas. Work of concurrent requests is
 * coalesced per event-loop turn (key lookups, activation writes) to save round trips and commits.
 */
import { assertChargeMatches, assertHashedKey } from "../rules.js";
import type { ArcStore, Organization, RecordOutcome } from "../types.js";
import { batchLookups } from "./batch.js";
import { migrate, quoteSchema } from "./migrations.js";
import { createActivationWriter } from "./record-activation.js";
import { createFeedbackWriter, FEEDBACK_COLUMNS } from "./record-feedback.js";
import { pruneIdempotency } from "./prune.js";
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
const ORG_READ_WITH_KEY_MS = 1_000;
const MAX_PRIMED_ORGS = 10_000;
const PRUNE_EVERY_MS = 3_600_000;
const PRUNE_GRACE_MS = 86_400_000;

const KEY_COLUMNS = "id, org_id, hash, prefix, last4, mode, scopes, created_at, revoked_at";
const EVENT_COLUMNS = "id, org_id, key_id, query, subject_vp_id, result, classifier_model, top_k, billed, created_at";

/** Applies pending migrations, then returns the store. */
export async function openSqlStore(client: SqlClient, schema: string = DEFAULT_SCHEMA): Promise<ArcStore> {
  await migrate(client, schema);
  return createSqlStore(client, schema);
}

export function createSqlStore(client: SqlClient, schema: string = DEFAULT_SCHEMA): ArcStore {
  const s = quoteSchema(schema);
  const writeActivation = createActivationWriter(client, s);
  const writeFeedback = createFeedbackWriter(client, s);

  // Expired idempotency records are already treated as absent; deleting them (a day after expiry,
  // once an hour, in the background; see prune.ts) only keeps the table from growing without bound.
  const pruning = setInterval(() => {
    const before = new Date(Date.now() - PRUNE_GRACE_MS).toISOString();
    pruneIdempotency(client, schema, before).catch(() => {});
  }, PRUNE_EVERY_MS);
  pruning.unref();
  let closing: Promise<void> | undefined;

  /*
   * Every authenticated request reads its key and then its organization. The key query fetches the
   * organization too, and the next getOrganization of that organization within 1 s is answered
   * from it: one round trip less per request. Keys themselves (revocation) are always read fresh;
   * a plan change made by another process is seen within 1 s.
   */
  const orgsReadWithKeys = new Map<string, { org: Organization; at: number }>();
  function primeOrganization(org: Organization): void {
    if (orgsReadWithKeys.size >= MAX_PRIMED_ORGS) orgsReadWithKeys.clear();
    orgsReadWithKeys.set(org.id, { org, at: Date.now() });
  }

  const findKeys = batchLookups(async (hashes) => {
    const { rows } = await client.query<ApiKeyRow & { org: OrganizationRow | null }>(
      `SELECT ${KEY_COLUMNS.split(", ").map((c) => `k.${c}`).join(", ")},
              CASE WHEN o.id IS NULL THEN NULL ELSE json_build_object('id', o.id, 'tier', o.tier, 'rpm', o.rpm, 'created_at', o.created_at) END AS org
       FROM ${s}.api_keys k LEFT JOIN ${s}.organizations o ON o.id = k.org_id WHERE k.hash = ANY($1::text[])`,
      [hashes],
    );
    for (const row of rows) if (row.org) primeOrganization(toOrganization(row.org));
    return new Map(rows.map((row) => [row.hash, toApiKey(row)]));
  });

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
      orgsReadWithKeys.delete(org.id);
    },
    async insertOrganization(org) {
      const { rows } = await client.query(
        `INSERT INTO ${s}.organizations (id, tier, rpm, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [org.id, org.tier, org.rpm ?? null, org.created_at],
      );
      orgsReadWithKeys.delete(org.id);
      return rows.length === 1;
    },
    async getOrganization(id) {
      const primed = orgsReadWithKeys.get(id);
      if (primed && Date.now() - primed.at < ORG_READ_WITH_KEY_MS) return { ...primed.org };
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
      const record = await findKeys(hash);
      return record ? { ...record, scopes: [...record.scopes] } : null;
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
      if (await writeActivation({ event, charge, idempotency: write })) return { state: "recorded" };
      // Only a key can make the event be skipped. The other request's row is visible to this new
      // statement (the claim above waited for it to commit).
      const existing = await findIdempotency(client, event.org_id, write!.key);
      return { state: "duplicate", existing: toLookup(existing, write!.fingerprint, event.created_at) };
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

    async recordFeedback(item, write = null): Promise<RecordOutcome> {
      if (await writeFeedback(item, write)) return { state: "recorded" };
      // As in recordActivation: only a taken key skips the write, and the winner's row is visible now.
      const existing = await findIdempotency(client, item.org_id, write!.key);
      return { state: "duplicate", existing: toLookup(existing, write!.fingerprint, item.created_at) };
    },
    async listFeedback(orgId) {
      const { rows } = await client.query<FeedbackRow>(
        `SELECT ${FEEDBACK_COLUMNS} FROM ${s}.feedback WHERE $1::text IS NULL OR org_id = $1 ORDER BY seq`,
        [orgId],
      );
      return rows.map(toFeedback);
    },

    // Safe to call twice (a shutdown path and a finally both closing): the pool ends once.
    close: () => {
      clearInterval(pruning);
      return (closing ??= client.close());
    },
  };
}
