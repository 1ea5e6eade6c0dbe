/**
 * The same SQL store on PGlite, PostgreSQL compiled to WebAssembly and embedded in the process: the
 * durable default for one process (`--store pglite:<dir>`). Imported lazily like `pg`.
 */
import type { PGlite } from "@electric-sql/pglite";
import type { ArcStore } from "../types.js";
import { fromPglite } from "./sql-client.js";
import { DEFAULT_SCHEMA, openSqlStore } from "./store.js";

export interface PgliteStoreOptions {
  /** Data directory (created when missing); omit both `dir` and `pglite` for a throwaway in-memory database. */
  dir?: string;
  /** A PGlite instance of yours instead; the store leaves it open on close. */
  pglite?: PGlite;
  /** Schema holding the tables; default `arcroute`. */
  schema?: string;
}

export async function createPgliteStore(options: PgliteStoreOptions = {}): Promise<ArcStore> {
  if (options.dir !== undefined && options.pglite) throw new Error("createPgliteStore takes dir or pglite, not both");
  const db = options.pglite ?? (await openPglite(options.dir));
  const client = fromPglite(db, !options.pglite);
  try {
    return await openSqlStore(client, options.schema ?? DEFAULT_SCHEMA);
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

async function openPglite(dir: string | undefined): Promise<PGlite> {
  const { PGlite } = await import("@electric-sql/pglite");
  return PGlite.create(dir);
}
