/**
 * The demo's API server: the /v1 handler set over node:http on 127.0.0.1, with an in-memory
 * store and limiter and one dev key (`ar_test_`, never billed) for an organization on the
 * Scale plan, so the demo and a person trying it by hand are not rate limited.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createApi, toNodeListener, type ApiOptions } from "../../../http/index.js";
import { createMemoryLimiter, createMemoryStore } from "../../../stores/memory/index.js";
import { SCOPES, type ArcStore } from "../../../stores/types.js";
import { issueKey } from "./dev-key.js";

export interface DevServer {
  /** API root including the base path, e.g. http://127.0.0.1:53211/v1 */
  url: string;
  apiKey: string;
  close(): Promise<void>;
}

export interface LocalApi {
  /** API root including the base path, e.g. http://127.0.0.1:53211/v1 */
  url: string;
  /** The in-memory store behind the server (for issuing keys). */
  store: ArcStore;
  close(): Promise<void>;
}

export interface LocalApiOptions {
  port?: number;
  /** Wraps the store the handlers see (tests use it to make writes fail). */
  decorateStore?: (store: ArcStore) => ArcStore;
  /** Handlers for the delegated contract paths (tests use them). */
  handlers?: ApiOptions["handlers"];
  /** The classifier behind /activate (default: the lexical one). */
  classifier?: ApiOptions["classifier"];
}

/** The handler set over node:http on 127.0.0.1 with in-memory state. */
export async function startLocalApi(options: LocalApiOptions = {}): Promise<LocalApi> {
  const store = createMemoryStore();
  const limiter = createMemoryLimiter();
  const served = options.decorateStore ? options.decorateStore(store) : store;
  const server = http.createServer(toNodeListener(createApi({ store: served, limiter, handlers: options.handlers, classifier: options.classifier })));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    store,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.close();
      await limiter.close();
    },
  };
}

/** The demo's server: the local API plus one dev key with every scope. */
export async function startDevServer(port = 0): Promise<DevServer> {
  const api = await startLocalApi({ port });
  const apiKey = await issueKey(api.store, { org: "demo", tier: "scale", scopes: [...SCOPES], mode: "test" });
  return { url: api.url, apiKey, close: api.close };
}
