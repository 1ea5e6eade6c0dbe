/**
 * A statement whose connection was lost after it was sent may or may not have committed: the server
 * may have committed it just before the connection went, or may still be about to (it had read the
 * statement, or reads it late). Answering such a write as failed when it committed bills a 500 (and
 * a client's retry bills again). This learns what happened instead: it ends the server process
 * that held the lost connection and waits until it is gone (a process that has ended commits
 * nothing more), then asks a fresh connection.
 */
import type { Client, Pool, PoolClient, QueryConfig } from "pg";
import type { SqlQueryable } from "./sql-client.js";

/** How long to wait for the lost connection's server process to end (connecting and each query have their own timeouts). */
export const SETTLE_TIMEOUT_MS = 5_000;
const POLL_MS = 10;

/** A write whose connection was lost after it was sent, and whether it committed could not be learned. */
export class CommitUnknownError extends Error {
  constructor(lost: unknown, why: unknown) {
    super(`PostgreSQL connection lost during a write, and whether it committed could not be learned: ${why instanceof Error ? why.message : String(why)}`, { cause: lost });
    this.name = "CommitUnknownError";
  }
}

/** The server process each lost statement was sent to, by the error that reported the loss. */
const lostOn = new WeakMap<object, number>();

/**
 * An error the server reported for the statement (an SQLSTATE): the statement failed and its
 * transaction with it. Not so for a lost connection (class 08) or a server shutting down (57P), and
 * not for errors of this process (a dropped socket, a read timeout): those may hide a commit.
 */
function reportedByDatabase(error: unknown): boolean {
  const { code, severity } = (error ?? {}) as { code?: unknown; severity?: unknown };
  return typeof code === "string" && typeof severity === "string" && !/^(08|57P)/.test(code);
}

/** Called with each failure of a statement sent on `client`; true when the outcome is unknown (the client should be dropped). */
export function noteFailure(error: unknown, client: PoolClient): boolean {
  if (reportedByDatabase(error)) return false;
  const pid = (client as unknown as { processID?: unknown }).processID;
  if (typeof error === "object" && error !== null && typeof pid === "number") lostOn.set(error, pid);
  return true;
}

/** SqlClient.settleLost for a `pg` pool: see there. */
export async function settleLost<T>(pool: Pool, error: unknown, check: (db: SqlQueryable) => Promise<T>): Promise<T> {
  const pid = typeof error === "object" && error !== null ? lostOn.get(error) : undefined;
  if (pid === undefined) throw error;
  // A connection of its own, not the pool's: the pool's idle connections may have died with the lost one.
  const Fresh = (pool as unknown as { Client: typeof Client }).Client;
  const client = new Fresh(pool.options);
  client.on("error", () => {}); // losing this one too fails its pending query, which says so
  try {
    await client.connect();
    await endProcess(client, pid);
    return await check({ query: async <Row>(text: string, params?: unknown[]) => client.query({ text, values: params } as QueryConfig) as unknown as { rows: Row[] } });
  } catch (why) {
    throw new CommitUnknownError(error, why);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Ends server process `pid` and waits until it has ended. Only a process of this database and role
 * that is not this connection: that is the store's own lost connection (were the pid reused since,
 * the lost process has ended anyway).
 */
async function endProcess(client: Client, pid: number): Promise<void> {
  const ours = "pid = $1 AND pid <> pg_backend_pid() AND datname = current_database() AND usename = current_user";
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${ours}`, [pid]);
  while ((await client.query(`SELECT 1 FROM pg_stat_activity WHERE ${ours}`, [pid])).rows.length > 0) {
    if (Date.now() > deadline) throw new Error(`server process ${pid} did not end within ${SETTLE_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
