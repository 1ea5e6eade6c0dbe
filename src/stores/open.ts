/**
 * Opens the store and the limiter named on the command line (`arcroute serve --store ... --limiter ...`).
 * `memory` is the default; durable and shared back ends are loaded only when asked for.
 */
import { CliError } from "../cli/errors.js";
import { createMemoryLimiter, createMemoryStore } from "./memory/index.js";
import type { ArcStore, RateLimiter } from "./types.js";

export async function openStore(spec: string = "memory"): Promise<ArcStore> {
  if (spec === "memory") return createMemoryStore();
  throw new CliError(`unknown --store '${spec}': use memory, pglite:<dir> or postgres://...`);
}

export async function openLimiter(spec: string = "memory"): Promise<RateLimiter> {
  if (spec === "memory") return createMemoryLimiter();
  throw new CliError(`unknown --limiter '${spec}': use memory or redis://...`);
}
