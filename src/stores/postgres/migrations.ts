/**
 * Versioned schema migrations, applied when a store opens. Each step runs once per schema and is
 * recorded in `arcroute_migrations`; all pending steps run in one transaction under an advisory
 * lock, so several processes starting together neither race nor see a half-built schema.
 * Steps are append-only: a released step is never edited, a change is a new step.
 */
import { TIERS } from "../types.js";
import type { SqlClient } from "./sql-client.js";

export interface Migration {
  version: number;
  name: string;
  /** One statement per entry (PGlite's extended protocol takes one at a time), for schema `s` (quoted). */
  statements: (s: string) => string[];
}

const tierList = TIERS.map((tier) => `'${tier}'`).join(", ");

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "organizations, keys, events, billing, idempotency, quotas, feedback",
    statements: (s) => [
      `CREATE TABLE ${s}.organizations (
        id text PRIMARY KEY,
        tier text NOT NULL CHECK (tier IN (${tierList})),
        rpm integer CHECK (rpm > 0),
        created_at timestamptz NOT NULL
      )`,
      `CREATE TABLE ${s}.api_keys (
        seq bigint GENERATED ALWAYS AS IDENTITY,
        id text PRIMARY KEY,
        org_id text NOT NULL,
        -- SHA-256 hex only: the database itself refuses anything that could be a plain key.
        hash text NOT NULL UNIQUE CHECK (hash ~ '^[0-9a-f]{64}$'),
        prefix text NOT NULL,
        last4 text NOT NULL,
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        scopes text[] NOT NULL,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`,
      `CREATE INDEX api_keys_org ON ${s}.api_keys (org_id, seq)`,
      `CREATE TABLE ${s}.activation_events (
        id text PRIMARY KEY,
        org_id text NOT NULL,
        key_id text NOT NULL,
        query text NOT NULL,
        subject_vp_id text,
        result jsonb NOT NULL,
        classifier_model text NOT NULL,
        top_k integer NOT NULL,
        billed boolean NOT NULL,
        created_at timestamptz NOT NULL
      )`,
      `CREATE INDEX activation_events_org_time ON ${s}.activation_events (org_id, created_at)`,
      `CREATE TABLE ${s}.billing_records (
        id text PRIMARY KEY,
        org_id text NOT NULL,
        key_id text NOT NULL,
        activation_id text NOT NULL UNIQUE REFERENCES ${s}.activation_events (id),
        amount_micros bigint NOT NULL CHECK (amount_micros >= 0),
        created_at timestamptz NOT NULL
      )`,
      `CREATE INDEX billing_records_org_time ON ${s}.billing_records (org_id, created_at)`,
      `CREATE TABLE ${s}.idempotency (
        org_id text NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        status integer NOT NULL,
        -- text, not jsonb: a replay must send the first body byte for byte.
        body text NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (org_id, key)
      )`,
      `CREATE TABLE ${s}.quotas (
        org_id text NOT NULL,
        name text NOT NULL,
        used integer NOT NULL CHECK (used >= 0),
        PRIMARY KEY (org_id, name)
      )`,
      `CREATE TABLE ${s}.feedback (
        seq bigint GENERATED ALWAYS AS IDENTITY,
        id text PRIMARY KEY,
        org_id text NOT NULL,
        activation_id text NOT NULL REFERENCES ${s}.activation_events (id),
        hit boolean NOT NULL,
        memory_id text,
        created_at timestamptz NOT NULL
      )`,
      `CREATE INDEX feedback_org ON ${s}.feedback (org_id, seq)`,
    ],
  },
  {
    version: 2,
    name: "idempotency records keep the time of their first response",
    // Lets a batch of activations decide per row whether an existing record has expired.
    statements: (s) => [`ALTER TABLE ${s}.idempotency ADD COLUMN created_at timestamptz`],
  },
  {
    version: 3,
    name: "idempotency records are found by expiry",
    // The prune finds expired records through it instead of reading the whole table. A database
    // that has the table gets it when an upgraded process first opens the store: a plain CREATE
    // INDEX (migrations run in one transaction), which holds off writes to the table while it builds.
    statements: (s) => [`CREATE INDEX idempotency_expires ON ${s}.idempotency (expires_at)`],
  },
];

/** First key of the two-key advisory lock: "ARCR". The second is the schema name's hash. */
const LOCK_CLASS = 0x41524352;

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** A PostgreSQL schema name the store accepts: lower-case letters, digits and `_`, at most 63. */
export function quoteSchema(name: string): string {
  if (!IDENTIFIER.test(name)) {
    throw new Error(`invalid schema name '${name}': use lower-case letters, digits and '_' (at most 63, not starting with a digit)`);
  }
  return `"${name}"`;
}

/** Applies the pending migrations of `schema`; returns the versions it applied (empty when up to date). */
export async function migrate(client: SqlClient, schema: string, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const s = quoteSchema(schema);
  return client.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [LOCK_CLASS, schema]);
    // DDL only for what is missing: PostgreSQL checks CREATE on the database even for
    // `CREATE SCHEMA IF NOT EXISTS` of a schema that exists, and an up-to-date schema should open
    // with no more than its owner's rights (or its tables' privileges).
    const { rows: found } = await tx.query<{ has_schema: boolean; has_table: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1) AS has_schema,
              EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = 'arcroute_migrations') AS has_table`,
      [schema],
    );
    if (!found[0]!.has_schema) await tx.query(`CREATE SCHEMA ${s}`);
    if (!found[0]!.has_table) {
      await tx.query(
        `CREATE TABLE ${s}.arcroute_migrations (
           version integer PRIMARY KEY,
           name text NOT NULL,
           applied_at timestamptz NOT NULL DEFAULT now()
         )`,
      );
    }
    const { rows } = await tx.query<{ version: number }>(`SELECT version FROM ${s}.arcroute_migrations`);
    const done = new Set(rows.map((row) => row.version));
    const applied: number[] = [];
    for (const step of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(step.version)) continue;
      for (const statement of step.statements(s)) await tx.query(statement);
      await tx.query(`INSERT INTO ${s}.arcroute_migrations (version, name) VALUES ($1, $2)`, [step.version, step.name]);
      applied.push(step.version);
    }
    return applied;
  });
}
