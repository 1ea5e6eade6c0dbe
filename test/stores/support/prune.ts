/**
 * `pruneIdempotency` on a SQL back end (PostgreSQL, PGlite): what it deletes, how (bounded batches,
 * counted by the database), and that an existing database gets the index it relies on.
 */
import { describe, expect, it } from "vitest";
import { MIGRATIONS, migrate, openSqlStore, pruneIdempotency } from "../../../src/stores/postgres/index.js";
import type { SqlClient, SqlQueryable } from "../../../src/stores/postgres/index.js";
import { newId } from "../../support/store-contract.js";

export interface PruneTarget {
  /** A client the store does not own (closing a store leaves it open). */
  client: SqlClient;
  /** A schema of its own, not yet created. */
  schema: string;
  close(): Promise<void>;
}

interface Seen {
  text: string;
  rows: number;
  rowCount: number | null | undefined;
}

/** The client, recording every statement it runs and what came back. */
function spying(client: SqlClient): { client: SqlClient; seen: Seen[] } {
  const seen: Seen[] = [];
  const wrap = (db: SqlQueryable): SqlQueryable => ({
    async query<Row>(text: string, params?: unknown[]) {
      const result = await db.query<Row>(text, params);
      seen.push({ text: text.trim(), rows: result.rows.length, rowCount: result.rowCount });
      return result;
    },
  });
  return { client: { ...client, query: wrap(client).query, transaction: (work) => client.transaction((tx) => work(wrap(tx))) }, seen };
}

export async function insertRecords(db: SqlQueryable, schema: string, orgId: string, count: number, expiresAt: string): Promise<void> {
  await db.query(
    `INSERT INTO "${schema}".idempotency (org_id, key, fingerprint, status, body, expires_at, created_at)
     SELECT $1, $2 || i, 'fp', 200, '{}', $3, $3::timestamptz - interval '1 day' FROM generate_series(1, $4::int) i`,
    [orgId, `k-${expiresAt}-`, expiresAt, count],
  );
}

export async function countRecords(db: SqlQueryable, schema: string, orgId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}".idempotency WHERE org_id = $1`, [orgId]);
  return rows[0]!.n;
}

export function describePruning(name: string, open: () => Promise<PruneTarget>, options: { enabled?: boolean } = {}): void {
  describe.skipIf(options.enabled === false)(`idempotency pruning: ${name}`, () => {
    it("deletes only records expired before the given time, batch by batch, counted by the database (no row comes back)", async () => {
      const target = await open();
      const store = await openSqlStore(target.client, target.schema);
      try {
        const orgId = newId("org");
        await insertRecords(target.client, target.schema, orgId, 250, "2026-11-02T00:00:00.000Z");
        await insertRecords(target.client, target.schema, orgId, 20, "2026-11-21T00:00:00.000Z");
        const { client, seen } = spying(target.client);
        expect(await pruneIdempotency(client, target.schema, "2026-11-10T00:00:00.000Z", 100)).toBe(250);
        expect(seen.filter((s) => s.text.startsWith("DELETE")).map((s) => s.rowCount)).toEqual([100, 100, 50]);
        expect(seen.filter((s) => s.rows > 1)).toEqual([]);
        expect(await countRecords(target.client, target.schema, orgId)).toBe(20);
        expect(await pruneIdempotency(target.client, target.schema, "2026-11-10T00:00:00.000Z")).toBe(0);
      } finally {
        await store.close();
        await target.close();
      }
    });

    it("gives a database created before the expiry index that index when an upgraded store opens it", async () => {
      const target = await open();
      try {
        await migrate(target.client, target.schema, MIGRATIONS.filter((m) => m.version <= 2));
        const indexes = async () =>
          (await target.client.query<{ def: string }>(`SELECT indexdef AS def FROM pg_indexes WHERE schemaname = $1 AND tablename = 'idempotency'`, [target.schema])).rows.map((r) => r.def);
        expect((await indexes()).some((def) => /\(expires_at\)/.test(def))).toBe(false);
        await (await openSqlStore(target.client, target.schema)).close();
        expect((await indexes()).some((def) => /\(expires_at\)/.test(def))).toBe(true);
      } finally {
        await target.close();
      }
    });
  });
}
