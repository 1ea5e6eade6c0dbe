/**
 * A real /v1 server for ecosystem tests (the demo's local API: the handler set over node:http on
 * port 0, in-memory state), with keys for each situation the tests need. Suites using it skip,
 * with a message, while the handler set is not part of the tree.
 */
import { existsSync } from "node:fs";
import { issueKey } from "../../../src/cli/commands/demo/dev-key.js";
import { startLocalApi, type LocalApi } from "../../../src/cli/commands/demo/server.js";
import type { Scope, Tier } from "../../../src/stores/types.js";

export interface LiveApi extends LocalApi {
  key(org: string, tier: Tier, scopes: Scope[], mode?: "live" | "test"): Promise<string>;
}

/** True when src/http and the memory store exist; otherwise warns once and the suite skips. */
export function handlerSetAvailable(): boolean {
  const ok = ["../../../src/http/index.ts", "../../../src/stores/memory/index.ts"].every((path) => existsSync(new URL(path, import.meta.url)));
  if (!ok) console.warn("SKIPPING live-server ecosystem tests: the /v1 handler set (src/http) or the memory store is not in the tree yet");
  return ok;
}

export async function startLiveApi(options: { failingStore?: boolean } = {}): Promise<LiveApi> {
  const api = await startLocalApi({
    decorateStore: options.failingStore
      ? (store) =>
          Object.assign(Object.create(store) as typeof store, {
            recordActivation: async () => {
              throw new Error("connection reset by peer");
            },
          })
      : undefined,
  });
  if (!api) throw new Error("the handler set could not be loaded");
  return { ...api, key: (org, tier, scopes, mode = "test") => issueKey(api.store, { org, tier, scopes, mode }) };
}
