/**
 * The arcroute configurations `arcroute bench http` can measure, each against the same bare
 * node:http baseline in the same run. A configuration names the store and limiter specs passed
 * to `arcroute serve` (parsed there by openStore/openLimiter); `--store`/`--limiter` override them.
 */
export interface HttpBenchConfig {
  name: string;
  description: string;
  store: string;
  limiter: string;
}

export const CONFIGS: Record<string, HttpBenchConfig> = {
  memory: { name: "memory", description: "in-memory store and limiter (one process)", store: "memory", limiter: "memory" },
  // The many-process configuration: state in PostgreSQL, limits in Redis (issue 5: >= 40 % of memory's rps).
  shared: {
    name: "shared",
    description: "PostgreSQL store + Redis limiter (state shared by many processes)",
    store: process.env.ARCROUTE_BENCH_POSTGRES ?? "postgres://postgres@127.0.0.1:5432/test?schema=arcroute_bench",
    limiter: process.env.ARCROUTE_BENCH_REDIS ?? "redis://127.0.0.1:6379?prefix=arcroute:bench:",
  },
};
