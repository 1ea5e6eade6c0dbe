/**
 * `arcroute/stores/postgres`: the ArcStore on PostgreSQL (`pg`) or on embedded PGlite — one SQL
 * implementation, versioned migrations applied on open. Drivers are imported only when used.
 */
export { createPostgresStore, type PostgresStoreOptions } from "./pg.js";
export { createPgliteStore, type PgliteStoreOptions } from "./pglite.js";
export { createSqlStore, openSqlStore, DEFAULT_SCHEMA } from "./store.js";
export { pruneIdempotency } from "./prune.js";
export { migrate, quoteSchema, MIGRATIONS, type Migration } from "./migrations.js";
export { fromPgPool, fromPglite, type SqlClient, type SqlQueryable } from "./sql-client.js";
export { CommitUnknownError } from "./lost-connection.js";
