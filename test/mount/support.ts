/**
 * One set of checks every mounting example must pass over a real socket: the handler set answers
 * under its base path with the raw body intact (a body parser in the way would change the 400/413
 * answers), keys and idempotency work, and the host app's own routes still work beside it.
 * The examples import the published names (`arcroute`, `arcroute/http`, ...), i.e. the build in dist/.
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { createApiKey, hashApiKey } from "arcroute";
import { createApi, type Api } from "arcroute/http";
import { createMemoryLimiter, createMemoryStore } from "arcroute/stores/memory";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ArcStore } from "../../src/stores/types.js";
import { requireBuiltCli } from "../ecosystem/support/built-cli.js";

export interface Fixture {
  api: Api;
  store: ArcStore;
  /** Live key of org `acme` (Growth) with the extract scope. */
  key: string;
}

export async function createFixture(store: ArcStore = createMemoryStore(), api?: Api): Promise<Fixture> {
  requireBuiltCli();
  const { key } = await createApiKey(store, { org: `acme-${randomUUID().slice(0, 8)}`, tier: "growth", scopes: ["extract"], mode: "live" });
  return { api: api ?? createApi({ store, limiter: createMemoryLimiter(), basePath: "/v1" }), store, key };
}

const post = (url: string, key: string | null, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers }, body });

interface Envelope {
  success: boolean;
  error: string | null;
  data: { activation_id: string; significance_gate: boolean } | null;
  meta?: { query: string; top_k: number };
}

/** The checks shared by every example; `base` is the API root, e.g. http://127.0.0.1:1234/v1. */
export async function expectHandlerSetMounted(base: string, fixture: Fixture): Promise<void> {
  const activate = `${base}/activate`;
  const query = "  the moment I knew I had to leave  ";

  const ok = await post(activate, fixture.key, JSON.stringify({ query, top_k: 5, subject_vp_id: "vp-1" }));
  expect(ok.status).toBe(200);
  expect(ok.headers.get("ratelimit-limit")).toBe("60");
  const envelope = (await ok.json()) as Envelope;
  expect(envelope).toMatchObject({ success: true, error: null, meta: { query, top_k: 5 } });
  const id = envelope.data!.activation_id;
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  // The event really is in the store the app was built with, with what was sent.
  const org = (await fixture.store.findApiKeyByHash(hashApiKey(fixture.key)))!.org_id;
  expect(await fixture.store.getActivation(id, org)).toMatchObject({ query, subject_vp_id: "vp-1", top_k: 5 });

  expect(await statusAndError(post(activate, null, JSON.stringify({ query })))).toEqual([401, "Unauthorized"]);
  // Raw body pass-through: arcroute itself saw these bytes (a parser in front would answer differently or hang).
  expect(await statusAndError(post(activate, fixture.key, '{"query": "unterminated'))).toEqual([400, "Invalid JSON body"]);
  expect(await statusAndError(post(activate, fixture.key, JSON.stringify({ top_k: 3 })))).toEqual([400, "'query' field is required"]);
  expect(await statusAndError(post(activate, fixture.key, JSON.stringify({ query: "x".repeat(70 * 1024) })))).toEqual([413, "Request body too large"]);

  const idempotencyKey = randomUUID();
  const first = (await (await post(activate, fixture.key, JSON.stringify({ query: "when nan passed away" }), { "idempotency-key": idempotencyKey })).json()) as Envelope;
  const replay = await post(activate, fixture.key, JSON.stringify({ query: "when nan passed away" }), { "idempotency-key": idempotencyKey });
  expect(replay.headers.get("idempotent-replayed")).toBe("true");
  expect(((await replay.json()) as Envelope).data!.activation_id).toBe(first.data!.activation_id);

  const wrongMethod = await fetch(activate, { headers: { authorization: `Bearer ${fixture.key}` } });
  expect(wrongMethod.status).toBe(405);
  expect(wrongMethod.headers.get("allow")).toContain("POST");
  expect(await statusAndError(fetch(`${base}/no-such-path`, { headers: { authorization: `Bearer ${fixture.key}` } }))).toEqual([404, "Not found"]);
}

/** Serves `server` on an ephemeral local port, runs `checks` with its origin (no base path), then closes it. */
export async function withListening(server: Server, checks: (origin: string) => Promise<void>): Promise<void> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await checks(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** The host app's own JSON route (POST /echo) still gets its parsed body. */
export async function expectOwnRouteWorks(origin: string): Promise<void> {
  const response = await fetch(`${origin}/echo`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ hello: "world" }) });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ received: { hello: "world" } });
}

async function statusAndError(pending: Promise<Response>): Promise<[number, string | null]> {
  const response = await pending;
  const body = (await response.json()) as Envelope;
  expect(body.success).toBe(false);
  expect(body.data).toBeNull();
  return [response.status, body.error];
}
