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
};
