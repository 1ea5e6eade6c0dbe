/** `arcroute/stores/pglite`: the embedded durable store (the same SQL as `arcroute/stores/postgres`). */
export { createPgliteStore, type PgliteStoreOptions } from "../postgres/pglite.js";
