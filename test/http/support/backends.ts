/**
 * The durable stores the HTTP tests run the handler set on, each with a way to count a table's rows
 * behind the store's back and to dispose of it: PGlite (embedded, always here) and PostgreSQL
 * (null when it does not run here; the tests then skip).
 */
import type { PGlite } from "@electric-sql/pglite";
import { createPgliteStore, createPostgresStore } from "../../../src/stores/postgres/index.js";
import type { ArcStore } from "../../../src/stores/types.js";
import { hasPostgres, POSTGRES_URL } from "../../support/services.js";
import { dropSchema, queryDirect, uniqueSchema } from "../../stores/support/postgres.js";

export interface StoreBackend {
  store: ArcStore;
  /** Row count of a table of the store's schema, read behind the store's back. */
  count(table: "activation_events" | "billing_records" | "idempotency"): Promise<number>;
  dispose(): Promise<void>;
}

export async function pgliteBackend(): Promise<StoreBackend> {
  const { PGlite } = await import("@electric-sql/pglite");
  const db: PGlite = await PGlite.create();
  const store = await createPgliteStore({ pglite: db });
  return {
    store,
    count: async (table) => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM arcroute.${table}`)).rows[0]!.n),
    dispose: async () => {
      await store.close();
      await db.close();
    },
  };
}

/** A store in a schema of its own (named from `schemaPrefix`), dropped on dispose. */
export async function postgresBackend(schemaPrefix: string): Promise<StoreBackend | null> {
  if (!(await hasPostgres())) return null;
  const schema = uniqueSchema(schemaPrefix);
  const store = await createPostgresStore({ connectionString: POSTGRES_URL, schema });
  return {
    store,
    count: async (table) => Number((await queryDirect<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}".${table}`))[0]!.n),
    dispose: async () => {
      await store.close();
      await dropSchema(schema);
    },
  };
}
