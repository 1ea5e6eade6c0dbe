/**
 * Next.js: the handler set, built once per server process (put this in e.g. `lib/arcroute.ts`;
 * a route file may only export route handlers and route config).
 *
 * Here the store is in memory so the example runs anywhere. In production use a store every
 * instance shares — `createPostgresStore` from `arcroute/stores/postgres` and the Redis limiter
 * from `arcroute/stores/redis` — because a Next.js deployment runs several processes.
 */
import { createApi } from "arcroute/http";
import { createMemoryLimiter, createMemoryStore } from "arcroute/stores/memory";

export const store = createMemoryStore();
export const api = createApi({ store, limiter: createMemoryLimiter(), basePath: "/v1" });
