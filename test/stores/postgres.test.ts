import { afterAll, describe, expect, it } from "vitest";
import { createPostgresStore, migrate, MIGRATIONS, fromPgPool, pruneIdempotency } from "../../src/stores/postgres/index.js";
import { hasPostgres, POSTGRES_URL } from "../support/services.js";
import { chargeFor, describeStoreContract, makeEvent, newId } from "../support/store-contract.js";
import { dropSchema, queryDirect, uniqueSchema } from "./support/postgres.js";
import { countRecords, describePruning, insertRecords } from "./support/prune.js";
import { PRUNE_LOCK_CLASS } from "../../src/stores/postgres/prune.js";
import pg from "pg";

const enabled = await hasPostgres();
const schema = uniqueSchema("contract");
const migrationSchema = uniqueSchema("migrate");
const columnsSchema = uniqueSchema("columns");

afterAll(async () => {
  if (!enabled) return;
  await dropSchema(schema);
  await dropSchema(migrationSchema);
  await dropSchema(columnsSchema);
});

describeStoreContract("PostgreSQL", () => createPostgresStore({ connectionString: POSTGRES_URL, schema }), { enabled });

describe.skipIf(!enabled)("PostgreSQL migrations", () => {
  it("apply once when eight processes' stores open a fresh schema at the same time", async () => {
    const stores = await Promise.all(Array.from({ length: 8 }, () => createPostgresStore({ connectionString: POSTGRES_URL, schema: migrationSchema, maxConnections: 2 })));
    await Promise.all(stores.map((s) => s.close()));
    const rows = await queryDirect<{ version: number }>(`SELECT version FROM "${migrationSchema}".arcroute_migrations ORDER BY version`);
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 1 });
    try {
      expect(await migrate(fromPgPool(pool, false), migrationSchema)).toEqual([]);
    } finally {
      await pool.end();
    }
  });

  it("stores no plain key and only integer micro-dollars (checked in the tables themselves)", async () => {
    await (await createPostgresStore({ connectionString: POSTGRES_URL, schema: columnsSchema })).close();
    const columns = await queryDirect<{ table_name: string; column_name: string; data_type: string }>(
      `SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = $1`,
      [columnsSchema],
    );
    const type = (table: string, column: string) => columns.find((c) => c.table_name === table && c.column_name === column)?.data_type;
    expect(type("billing_records", "amount_micros")).toBe("bigint");
    expect(type("activation_events", "result")).toBe("jsonb");
    expect(columns.filter((c) => c.table_name === "api_keys").map((c) => c.column_name).sort()).toEqual(
      ["created_at", "hash", "id", "last4", "mode", "org_id", "prefix", "revoked_at", "scopes", "seq"],
    );
  });

  it("opens a schema its role owns without CREATE on the database (no DDL for what exists)", async () => {
    const role = `arc_test_role_${newId("r").replace(/[^a-z0-9]/g, "").slice(0, 12)}`;
    const owned = uniqueSchema("owned");
    await queryDirect(`CREATE ROLE ${role} LOGIN`);
    try {
      await queryDirect(`CREATE SCHEMA ${owned} AUTHORIZATION ${role}`);
      const url = new URL(POSTGRES_URL);
      url.username = role;
      url.password = "";
      // The role may connect but not create schemas in the database (PostgreSQL's default for a new role).
      expect((await queryDirect<{ can: boolean }>("SELECT has_database_privilege($1, current_database(), 'CREATE') AS can", [role]))[0]!.can).toBe(false);
      for (let open = 0; open < 2; open++) {
        const store = await createPostgresStore({ connectionString: url.toString(), schema: owned });
        await store.close();
      }
      expect(await queryDirect(`SELECT version FROM ${owned}.arcroute_migrations ORDER BY version`)).toHaveLength(MIGRATIONS.length);
    } finally {
      await dropSchema(owned);
      await queryDirect(`DROP ROLE ${role}`);
    }
  });

  it("refuses an invalid schema name before touching the database", async () => {
    await expect(createPostgresStore({ connectionString: POSTGRES_URL, schema: 'x"; DROP TABLE y; --' })).rejects.toThrow(/invalid schema name/);
  });
});

describe.skipIf(!enabled)("PostgreSQL idempotency pruning", () => {
  it("keeps the activation and its charge: only the replay record goes", async () => {
    const store = await createPostgresStore({ connectionString: POSTGRES_URL, schema: migrationSchema });
    const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 1 });
    try {
      const orgId = newId("org");
      const old = makeEvent(orgId, "key_a", { createdAt: "2026-11-01T00:00:00.000Z" });
      const fresh = makeEvent(orgId, "key_a", { createdAt: "2026-11-20T00:00:00.000Z" });
      const response = { status: 200, body: "{}" };
      await store.recordActivation(old, chargeFor(old), { key: "old", fingerprint: "f", response, expires_at: "2026-11-02T00:00:00.000Z" });
      await store.recordActivation(fresh, null, { key: "fresh", fingerprint: "f", response, expires_at: "2026-11-21T00:00:00.000Z" });
      expect(await pruneIdempotency(fromPgPool(pool, false), migrationSchema, "2026-11-10T00:00:00.000Z")).toBeGreaterThanOrEqual(1);
      expect(await store.lookupIdempotency(orgId, "fresh", "f", "2026-11-20T01:00:00.000Z")).toMatchObject({ state: "replay" });
      expect(await queryDirect(`SELECT key FROM "${migrationSchema}".idempotency WHERE org_id = $1`, [orgId])).toEqual([{ key: "fresh" }]);
      expect(await store.getActivation(old.id, orgId)).not.toBeNull();
    } finally {
      await pool.end();
      await store.close();
    }
  });

  it("lets one process prune at a time: while another holds the prune lock, it deletes nothing", async () => {
    const store = await createPostgresStore({ connectionString: POSTGRES_URL, schema: migrationSchema });
    const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 1 });
    const other = new pg.Client({ connectionString: POSTGRES_URL });
    await other.connect();
    try {
      const orgId = newId("org");
      await insertRecords(pool, migrationSchema, orgId, 30, "2026-11-02T00:00:00.000Z");
      await other.query("BEGIN");
      await other.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [PRUNE_LOCK_CLASS, migrationSchema]);
      expect(await pruneIdempotency(fromPgPool(pool, false), migrationSchema, "2026-11-10T00:00:00.000Z")).toBe(0);
      expect(await countRecords(pool, migrationSchema, orgId)).toBe(30);
      await other.query("ROLLBACK");
      expect(await pruneIdempotency(fromPgPool(pool, false), migrationSchema, "2026-11-10T00:00:00.000Z")).toBeGreaterThanOrEqual(30);
      expect(await countRecords(pool, migrationSchema, orgId)).toBe(0);
    } finally {
      await other.end();
      await pool.end();
      await store.close();
    }
  });
});

describePruning(
  "PostgreSQL",
  async () => {
    const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 2 });
    const schema = uniqueSchema("prune");
    return {
      client: fromPgPool(pool, false),
      schema,
      close: async () => {
        await pool.end();
        await dropSchema(schema);
      },
    };
  },
  { enabled },
);

describe.skipIf(!enabled)("PostgreSQL text encoding", () => {
  it("stores a lone UTF-16 surrogate as U+FFFD (as UTF-8 text parameters always did) instead of failing the activation", async () => {
    const store = await createPostgresStore({ connectionString: POSTGRES_URL, schema: migrationSchema });
    try {
      const orgId = newId("org");
      const odd = makeEvent(orgId, "key_a", { query: "before \ud800 after \udc00" });
      const plain = makeEvent(orgId, "key_a");
      // Recorded together: one batch, one statement.
      const outcomes = await Promise.all([store.recordActivation(odd, chargeFor(odd), null), store.recordActivation(plain, null, null)]);
      expect(outcomes).toEqual([{ state: "recorded" }, { state: "recorded" }]);
      expect((await store.getActivation(odd.id, orgId))?.query).toBe("before \ufffd after \ufffd");
      expect(await store.getActivation(plain.id, orgId)).toEqual(plain);
    } finally {
      await store.close();
    }
  });
});
