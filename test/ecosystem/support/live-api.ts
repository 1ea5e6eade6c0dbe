/**
 * A real /v1 server for ecosystem tests (the demo's local API: the handler set over node:http on
 * port 0, in-memory state), with keys for each situation the tests need.
 */
import { issueKey } from "../../../src/cli/commands/demo/dev-key.js";
import { startLocalApi, type LocalApi, type LocalApiOptions } from "../../../src/cli/commands/demo/server.js";
import type { Scope, Tier } from "../../../src/stores/types.js";

export interface LiveApi extends LocalApi {
  key(org: string, tier: Tier, scopes: Scope[], mode?: "live" | "test"): Promise<string>;
}

export async function startLiveApi(options: { failingStore?: boolean; handlers?: LocalApiOptions["handlers"]; classifier?: LocalApiOptions["classifier"] } = {}): Promise<LiveApi> {
  const api = await startLocalApi({
    handlers: options.handlers,
    classifier: options.classifier,
    decorateStore: options.failingStore
      ? (store) =>
          Object.assign(Object.create(store) as typeof store, {
            recordActivation: fail,
            getActivation: fail,
            usage: fail,
            recordFeedback: fail,
          })
      : undefined,
  });
  return { ...api, key: (org, tier, scopes, mode = "test") => issueKey(api.store, { org, tier, scopes, mode }) };
}

/** A store that lost its connection, for the operations whose 500 the document describes. */
async function fail(): Promise<never> {
  throw new Error("connection reset by peer");
}
