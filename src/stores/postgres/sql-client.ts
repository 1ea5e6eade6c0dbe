/**
 * The little SQL surface the store needs, so one implementation runs on a `pg` Pool and on PGlite:
 * parameterised queries and a transaction that hands out a client bound to one connection.
 */
import { createHash } from "node:crypto";
import type { Pool, PoolClient, QueryConfig } from "pg";
import type { PGlite } from "@electric-sql/pglite";
import { noteFailure, settleLost } from "./lost-connection.js";

export interface SqlQueryable {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<SqlResult<Row>>;
}

export interface SqlResult<Row> {
  rows: Row[];
  /** Rows an INSERT, UPDATE or DELETE wrote (so counting needs no RETURNING); null when not known. */
  rowCount?: number | null;
}

export interface SqlClient extends SqlQueryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  /**
   * For a statement (or transaction) that failed with `error`. When its connection was lost after
   * it was sent, so that it may have committed or may still commit, waits until it no longer can,
   * then runs `check` on a fresh connection and returns its answer. Throws `error` itself when the
   * database reported it or nothing was sent (nothing committed), and a `CommitUnknownError` when
   * the outcome cannot be learned. Optional: without it, every failure stays as it is.
   */
  settleLost?<T>(error: unknown, check: (db: SqlQueryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const statementNames = new Map<string, string>();

/**
 * Parameterised statements become named prepared statements: each connection parses and plans
 * them once, not on every request (PostgreSQL shares the machine's CPU with the API processes).
 * Statements without parameters (migration DDL) stay unnamed.
 */
function prepared(text: string, params?: unknown[]): string | QueryConfig {
  if (params === undefined) return text;
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `arcroute_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return { name, text, values: params };
}

/** `owned`: the store created the pool and ends it on close; a caller's pool is left open. */
export function fromPgPool(pool: Pool, owned: boolean): SqlClient {
  return {
    query: (text, params) => onPoolClient(pool, (client) => run(client, text, params)),
    transaction: (work) =>
      onPoolClient(pool, async (client, drop) => {
        await client.query("BEGIN");
        try {
          const result = await work({ query: (text, params) => run(client, text, params) });
          await client.query("COMMIT");
          return result;
        } catch (error) {
          // A failed ROLLBACK means the connection itself is gone: drop it instead of reusing it.
          await client.query("ROLLBACK").catch(drop);
          throw error;
        }
      }),
    settleLost: (error, check) => settleLost(pool, error, check),
    close: async () => {
      if (owned) await pool.end();
    },
  };
}

const run = async <Row>(client: PoolClient, text: string, params?: unknown[]) => client.query(prepared(text, params) as QueryConfig) as unknown as SqlResult<Row>;

/**
 * `work` on a connection of the pool. A checked-out client that loses its connection emits 'error';
 * unheard, that would crash the process. Heard, the pending query fails (→ this request alone
 * fails). A failure that may hide a commit is noted for settleLost, and its client is dropped.
 */
async function onPoolClient<T>(pool: Pool, work: (client: PoolClient, drop: (error: Error) => void) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (error: Error) => void (broken ??= error);
  client.on("error", onError);
  try {
    return await work(client, onError);
  } catch (error) {
    if (noteFailure(error, client)) broken ??= error as Error;
    throw error;
  } finally {
    client.off("error", onError);
    client.release(broken ?? false);
  }
}

export function fromPglite(db: PGlite, owned: boolean): SqlClient {
  return {
    query: async <Row>(text: string, params?: unknown[]) => counted(await db.query<Row>(text, params)),
    transaction: (work) => db.transaction((tx) => work({ query: async <Row>(text: string, params?: unknown[]) => counted(await tx.query<Row>(text, params)) })),
    close: async () => {
      if (owned) await db.close();
    },
  };
}

/** PGlite names the written-row count `affectedRows`. */
const counted = <Row>(result: { rows: Row[]; affectedRows?: number }): SqlResult<Row> => ({ rows: result.rows, rowCount: result.affectedRows ?? null });
