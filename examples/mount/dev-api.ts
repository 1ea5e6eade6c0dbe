/**
 * What every mounting example runs with when started directly: the /v1 handler set on an
 * in-memory store with one dev key (test mode: never billed). In production, pass a durable store
 * shared by all your processes (`arcroute/stores/postgres`) and a Redis limiter
 * (`arcroute/stores/redis`), and create keys with `arcroute keys create`.
 */
import { pathToFileURL } from "node:url";
import { createApiKey } from "arcroute";
import { createApi, type Api } from "arcroute/http";
import { createMemoryLimiter, createMemoryStore } from "arcroute/stores/memory";

export async function createDevApi(): Promise<{ api: Api; key: string }> {
  const store = createMemoryStore();
  const api = createApi({ store, limiter: createMemoryLimiter(), basePath: "/v1" });
  const { key } = await createApiKey(store, { org: "dev", tier: "scale", scopes: ["extract", "verify"], mode: "test" });
  return { api, key };
}

/** True when the file with this `import.meta.url` is the script node was started with. */
export const isMain = (moduleUrl: string): boolean => process.argv[1] !== undefined && moduleUrl === pathToFileURL(process.argv[1]).href;

export const PORT = Number(process.env.PORT ?? 8787);

export function printReady(url: string, key: string): void {
  console.log(`listening on ${url}`);
  console.log(`try: curl -s ${url}/v1/activate -H 'authorization: Bearer ${key}' -H 'content-type: application/json' -d '{"query":"times dad was proud of me"}'`);
}
