/**
 * The store on a PostgreSQL server through `pg`. `pg` is imported only when this is called, so
 * users of the memory store never load it.
 */
import type { Pool } from "pg";
import type { ArcStore } from "../types.js";
import { checkOptions } from "../../schema/options.js";
import { fromPgPool } from "./sql-client.js";
import { DEFAULT_SCHEMA, openSqlStore } from "./store.js";

export interface PostgresStoreOptions {
  /** `postgres://user@host:port/db`; the store creates (and on close ends) its own pool. */
  connectionString?: string | undefined;
  /** A pool of yours instead; the store leaves it open on close. */
  pool?: Pool | undefined;
  /** PostgreSQL schema holding the tables (created when missing); default `arcroute`. */
  schema?: string | undefined;
  /** Pool size when the store creates the pool; default 10. */
  maxConnections?: number | undefined;
  /**
   * Longest one statement may take when the store creates the pool (default QUERY_TIMEOUT_MS):
   * a table locked for minutes or a database that stopped answering fails the request (500)
   * instead of holding it, and shutdown with it. A pool of yours keeps its own settings.
   */
  queryTimeoutMs?: number | undefined;
}

/** How long a request waits for a connection before failing (a down database must not hang requests). */
const CONNECT_TIMEOUT_MS = 5_000;
/** Default longest statement: the server cancels it (`statement_timeout`); the client gives up 2 s later if no answer comes at all. */
export const QUERY_TIMEOUT_MS = 30_000;

export async function createPostgresStore(options: PostgresStoreOptions): Promise<ArcStore> {
  if (!options?.pool === !options?.connectionString) throw new Error("createPostgresStore needs exactly one of connectionString or pool");
  checkOptions("createPostgresStore", options, ["connectionString", "pool", "schema", "maxConnections", "queryTimeoutMs"]);
  if (options.connectionString !== undefined && typeof options.connectionString !== "string") throw new TypeError("createPostgresStore: `connectionString` must be a postgres:// URL string");
  const max = options.maxConnections ?? 10;
  // 0 or a negative pool size made every query wait 5 s for a connection that never comes.
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`createPostgresStore: maxConnections must be a positive integer, got ${max}`);
  const pool = options.pool ?? (await createPool(options.connectionString!, max, options.queryTimeoutMs ?? QUERY_TIMEOUT_MS));
  const client = fromPgPool(pool, !options.pool);
  try {
    return await openSqlStore(client, options.schema ?? DEFAULT_SCHEMA);
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

async function createPool(connectionString: string, max: number, queryTimeoutMs: number): Promise<Pool> {
  if (!Number.isInteger(queryTimeoutMs) || queryTimeoutMs < 1) throw new RangeError("createPostgresStore: queryTimeoutMs must be a positive integer (milliseconds)");
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, statement_timeout: queryTimeoutMs, query_timeout: queryTimeoutMs + 2_000 });
  // An idle connection dropped by the server (restart, network) must not crash the process: the
  // pool discards it, and the next query opens a fresh one or fails that request alone.
  pool.on("error", () => {});
  return pool;
}
