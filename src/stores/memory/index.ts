/**
 * In-memory store and limiter: the default for one process, and the reference every durable
 * back end is checked against by the shared contract suite. Nothing here survives a restart.
 */
export { createMemoryStore } from "./store.js";
export { createMemoryLimiter } from "./limiter.js";
