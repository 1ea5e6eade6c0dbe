/**
 * Opens the store and the limiter named on the command line (`arcroute serve --store ... --limiter ...`).
 * `memory` is the default; durable and shared back ends are loaded only when asked for, so memory
 * users never load `pg`, PGlite or ioredis.
 *
 * Store specs: `memory` | `pglite:<dir>` | `pglite:memory://` (throwaway) |
 *   `postgres://user@host:port/db[?schema=name]` (also `postgresql://`; default schema `arcroute`).
 * Limiter specs: `memory` | `redis://host:port[/db][?prefix=text]` (also `rediss://`).
 */
import { CliError } from "../cli/errors.js";
import { redactUrlPasswords } from "../keys/redact.js";
import { createMemoryLimiter, createMemoryStore } from "./memory/index.js";
import { quoteSchema } from "./postgres/migrations.js";
import { isPostgresSpec } from "./spec.js";
import type { ArcStore, RateLimiter } from "./types.js";
import type { RedisLimiterOptions } from "./redis/limiter.js";

export interface OpenStoreOptions {
  /** PostgreSQL only: the longest one statement may take (createPostgresStore's `queryTimeoutMs`, default 30 s). */
  queryTimeoutMs?: number;
}

export async function openStore(spec: string = "memory", options: OpenStoreOptions = {}): Promise<ArcStore> {
  if (spec === "memory") return createMemoryStore();
  if (spec.startsWith("pglite:")) {
    const dir = spec.slice("pglite:".length);
    if (dir === "") throw new CliError("--store pglite:<dir> needs a data directory");
    const { createPgliteStore } = await import("./postgres/pglite.js");
    return opening("pglite", () => createPgliteStore({ dir }));
  }
  if (isPostgresSpec(spec)) {
    const { connectionString, schema } = splitParam(spec, "schema", "--store");
    const { createPostgresStore } = await import("./postgres/pg.js");
    if (schema !== undefined) checkSchema(schema);
    return opening("postgres", () => createPostgresStore({ connectionString, schema, ...options }));
  }
  throw new CliError(`unknown --store '${redactUrlPasswords(spec)}': use memory, pglite:<dir> or postgres://...`);
}

export async function openLimiter(spec: string = "memory", onOutage?: RedisLimiterOptions["onOutage"]): Promise<RateLimiter> {
  if (spec === "memory") return createMemoryLimiter();
  if (/^rediss?:\/\//.test(spec)) {
    const { connectionString: url, prefix } = splitParam(spec, "prefix", "--limiter");
    const { createRedisLimiter } = await import("./redis/limiter.js");
    return opening("redis", () => createRedisLimiter({ url, prefix, ...(onOutage ? { onOutage } : {}) }));
  }
  throw new CliError(`unknown --limiter '${redactUrlPasswords(spec)}': use memory or redis://...`);
}

/** Takes arcroute's own query parameter (`schema`, `prefix`) off a URL before the driver sees it. */
function splitParam<Name extends string>(spec: string, name: Name, flag: string): { connectionString: string } & { [K in Name]: string | undefined } {
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    throw new CliError(`${flag}: not a valid URL`);
  }
  const value = url.searchParams.get(name) ?? undefined;
  url.searchParams.delete(name);
  return { connectionString: url.toString(), [name]: value } as { connectionString: string } & { [K in Name]: string | undefined };
}

function checkSchema(schema: string): void {
  try {
    quoteSchema(schema);
  } catch (error) {
    throw new CliError(`--store: ${(error as Error).message}`);
  }
}

/** A back end that cannot be opened is a runtime failure (exit 1) with a one-line cause. */
async function opening<T>(name: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    throw new CliError(`cannot open ${name}: ${redactUrlPasswords((error as Error).message)}`, 1);
  }
}
