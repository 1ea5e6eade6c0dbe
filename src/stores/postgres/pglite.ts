/**
 * The same SQL store on PGlite, PostgreSQL compiled to WebAssembly and embedded in the process: the
 * durable default for one process (`--store pglite:<dir>`). Imported lazily like `pg`.
 */
import type { PGlite } from "@electric-sql/pglite";
import type { ArcStore } from "../types.js";
import { checkOptions } from "../../schema/options.js";
import { isPgliteInMemory } from "../pglite/in-memory.js";
import { lockDataDir } from "./dir-lock.js";
import { fromPglite, type SqlClient } from "./sql-client.js";
import { DEFAULT_SCHEMA, openSqlStore } from "./store.js";

export interface PgliteStoreOptions {
  /**
   * Data directory (created when missing), used by one process at a time (`arcroute.lock` inside
   * it holds the owner's pid). Omit both `dir` and `pglite`, or give `dir: "memory://"`, for a
   * throwaway in-memory database.
   */
  dir?: string | undefined;
  /** A PGlite instance of yours instead; the store leaves it open on close. */
  pglite?: PGlite | undefined;
  /** Schema holding the tables; default `arcroute`. */
  schema?: string | undefined;
}

export async function createPgliteStore(options: PgliteStoreOptions = {}): Promise<ArcStore> {
  // A misspelt `dir` would otherwise open a throwaway in-memory database: durable data lost on restart.
  checkOptions("createPgliteStore", options, ["dir", "pglite", "schema"]);
  if (options.dir !== undefined && (typeof options.dir !== "string" || options.dir.trim() === "")) throw new TypeError("createPgliteStore: `dir` must be a directory path (a non-empty string)");
  if (options.dir !== undefined && options.pglite) throw new Error("createPgliteStore takes dir or pglite, not both");
  // "memory://" is PGlite's in-memory database, not a directory to create and lock (in-memory.ts).
  const dir = isPgliteInMemory(options.dir) ? undefined : options.dir;
  const unlock = dir === undefined ? async () => {} : await lockDataDir(dir);
  let client: SqlClient;
  try {
    const db = options.pglite ?? (await openPglite(dir));
    client = releasingOnClose(fromPglite(db, !options.pglite), unlock);
  } catch (error) {
    await unlock();
    throw error;
  }
  try {
    return await openSqlStore(client, options.schema ?? DEFAULT_SCHEMA);
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

function releasingOnClose(client: SqlClient, unlock: () => Promise<void>): SqlClient {
  return {
    ...client,
    close: async () => {
      try {
        await client.close();
      } finally {
        await unlock();
      }
    },
  };
}

async function openPglite(dir: string | undefined): Promise<PGlite> {
  const { PGlite } = await import("@electric-sql/pglite");
  return PGlite.create(dir);
}
