/**
 * In-memory store and limiter: the default for one process, and the reference every durable
 * back end is checked against by the shared contract suite. Nothing here survives a restart, and
 * nothing is evicted while the process runs (every event and charge stays: ≈1.1 KB per billed
 * activation): for development, tests and short-lived processes, not a long-running server.
 */
export { createMemoryStore } from "./store.js";
export { createMemoryLimiter } from "./limiter.js";
