/**
 * The handler set over a real node:http socket on port 0, with an in-memory store and limiter,
 * an injectable clock shared by the API and the limiter, and helpers for keys and requests.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createApi, toNodeListener, type ApiOptions } from "../../../src/http/index.js";
import { createApiKey } from "../../../src/keys/index.js";
import { createMemoryLimiter, createMemoryStore } from "../../../src/stores/memory/index.js";
import { SCOPES, type ArcStore, type RateLimiter, type Scope, type Tier } from "../../../src/stores/types.js";

export const SIGNIFICANT = "times dad was proud of me";
export const FACTUAL = "when is mum's dentist appointment";
export const ALL_SCOPES: Scope[] = [...SCOPES];

/** A manual clock: starts at a fixed instant, moves only when told. */
export interface Clock {
  ms: number;
  advance(ms: number): void;
}

export interface TestServer {
  /** Origin, e.g. http://127.0.0.1:40123 (no base path). */
  origin: string;
  /** Origin + base path. */
  url: string;
  store: ArcStore;
  limiter: RateLimiter;
  clock: Clock | null;
  key(org: string, tier: Tier, scopes?: Scope[], options?: { mode?: "live" | "test"; rpm?: number }): Promise<string>;
  keyRecord(org: string, tier: Tier, scopes?: Scope[], options?: { mode?: "live" | "test"; rpm?: number }): Promise<{ key: string; id: string }>;
  close(): Promise<void>;
}

export interface ServerOptions extends Partial<Omit<ApiOptions, "store" | "limiter" | "now">> {
  /** A store of the caller's (durable back ends); default a fresh memory store. */
  store?: ArcStore;
  /** A limiter of the caller's (Redis); default a memory limiter on the server's clock. */
  limiter?: RateLimiter;
  /** Wraps the store the API sees (to inject failures). */
  decorateStore?: (store: ArcStore) => ArcStore;
  /** Use a manual clock for the API and the limiter. */
  manualClock?: boolean;
}

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const { decorateStore, manualClock, store: given, limiter: givenLimiter, ...apiOptions } = options;
  const clock: Clock | null = manualClock
    ? {
        ms: Date.parse("2026-11-23T10:00:00.000Z"),
        advance(ms) {
          this.ms += ms;
        },
      }
    : null;
  const store = given ?? createMemoryStore();
  const limiter = givenLimiter ?? createMemoryLimiter(clock ? () => clock.ms : Date.now);
  const api = createApi({
    ...apiOptions,
    store: decorateStore ? decorateStore(store) : store,
    limiter,
    ...(clock ? { now: () => new Date(clock.ms) } : {}),
  });
  const server = http.createServer(toNodeListener(api));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keyRecord: TestServer["keyRecord"] = async (org, tier, scopes = ALL_SCOPES, keyOptions = {}) => {
    const created = await createApiKey(store, { org, tier, scopes, mode: keyOptions.mode ?? "live", ...(keyOptions.rpm ? { rpm: keyOptions.rpm } : {}) });
    return { key: created.key, id: created.record.id };
  };
  return {
    origin,
    url: origin + api.basePath,
    store,
    limiter,
    clock,
    keyRecord,
    key: async (...args) => (await keyRecord(...args)).key,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  body: { success: boolean; error: string | null; data: any; meta?: any; code?: string };
  text: string;
}

/** One request; `key` goes in `Authorization: Bearer`, `body` (not a string) is JSON-encoded. */
export async function call(
  url: string,
  init: { method?: string; key?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(url, { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text), text };
}

export const activate = (server: TestServer, key: string | null, body: unknown, headers?: Record<string, string>) =>
  call(`${server.url}/activate`, { method: "POST", key, body, ...(headers ? { headers } : {}) });

/** The failure envelope with the exact message (the `code` field is checked where it matters). */
export function expectFailure(answer: Answer, status: number, message: string): void {
  if (answer.status !== status || answer.body.error !== message) {
    throw new Error(`expected ${status} ${JSON.stringify(message)}, got ${answer.status} ${answer.text}`);
  }
  if (answer.body.success !== false || answer.body.data !== null) throw new Error(`not a failure envelope: ${answer.text}`);
}

/** What reached the store: every event and charge of a `recordActivation` call that committed. */
export interface Ledger {
  events: import("../../../src/stores/types.js").ActivationEvent[];
  charges: import("../../../src/stores/types.js").BillingRecord[];
}

/** A `decorateStore` that keeps a ledger of committed activations. */
export function ledgerOf(ledger: Ledger): (store: ArcStore) => ArcStore {
  return (store) => ({
    ...store,
    async recordActivation(event, charge, write) {
      const outcome = await store.recordActivation(event, charge, write);
      if (outcome.state === "recorded") {
        ledger.events.push(event);
        if (charge) ledger.charges.push(charge);
      }
      return outcome;
    },
  });
}
