/**
 * The OpenAPI document against the live handlers: every documented failure of /v1/activate
 * (and of the other operations we can provoke) is produced by a real server with exactly the
 * documented status and message, every failure the server produced is documented, and every
 * response body validates against the schema documented for its status.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenApiDocument, documentedFailures } from "../../src/openapi/index.js";
import { startLiveApi, type LiveApi } from "./support/live-api.js";

import { componentValidator } from "./support/openapi.js";

const document = createOpenApiDocument();
const check = componentValidator(document);
const SIGNIFICANT = "when was I most afraid of losing her";

interface Observed {
  operationId: string;
  status: number;
  message: string | null;
}
const observed: Observed[] = [];

let api: LiveApi;
let failing: LiveApi;
let throwing: LiveApi;
let keys: { full: string; noScope: string; free: string };

/** Sends one request, validates the body against the documented response schema, records the failure. */
/** The response headers arcroute itself sets (not node's own Date, Connection, …). */
const ARCROUTE_HEADERS = ["x-request-id", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "retry-after", "idempotent-replayed", "allow"];

interface DocumentedResponse {
  headers?: Record<string, { required?: boolean; schema: { type?: string } }>;
  content?: { "application/json": { schema: object } };
}

/** Every arcroute header sent is documented for the response and its value fits the documented schema; every required one is sent. */
function checkHeaders(documented: DocumentedResponse, headers: Headers, what: string): void {
  const byName = new Map(Object.entries(documented.headers ?? {}).map(([name, header]) => [name.toLowerCase(), header]));
  const sent = ARCROUTE_HEADERS.filter((name) => headers.has(name));
  expect(sent.filter((name) => !byName.has(name)), `${what}: undocumented headers`).toEqual([]);
  for (const name of sent) {
    const { schema } = byName.get(name)!;
    const raw = headers.get(name)!;
    expect(check(schema, schema.type === "integer" ? Number(raw) : raw), `${what}: header ${name}: ${raw}`).toBeNull();
  }
  const missing = [...byName].filter(([name, header]) => header.required && !headers.has(name)).map(([name]) => name);
  expect(missing, `${what}: required headers not sent`).toEqual([]);
}

async function call(
  target: LiveApi,
  operationId: string,
  init: { method: string; path: string; key?: string | null; body?: string; headers?: Record<string, string> },
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  if (init.body !== undefined) headers["content-type"] ??= "application/json";
  const response = await fetch(target.url + init.path, { method: init.method, headers, body: init.body });
  const body = (await response.json()) as Record<string, unknown>;
  const operation = Object.values(document.paths)
    .flatMap((item) => Object.values(item))
    .find((op) => op.operationId === operationId)!;
  const documented = (operation.responses as Record<string, DocumentedResponse>)[String(response.status)];
  expect(documented, `${operationId}: status ${response.status} (${JSON.stringify(body.error)}) is not documented`).toBeDefined();
  checkHeaders(documented!, response.headers, `${operationId} ${init.method} ${response.status}`);
  const schema = documented!.content?.["application/json"].schema;
  if (schema) expect(check(schema, body), `${operationId} ${response.status} body`).toBeNull();
  if (response.status >= 400) observed.push({ operationId, status: response.status, message: typeof body.error === "string" ? body.error : null });
  return { status: response.status, body, headers: response.headers };
}

const json = (value: unknown) => JSON.stringify(value);

beforeAll(async () => {
  api = await startLiveApi();
  failing = await startLiveApi({ failingStore: true });
  throwing = await startLiveApi({
    handlers: {
      extract: () => {
        throw new Error("handler bug");
      },
    },
  });
  keys = {
    full: await api.key("acme", "scale", ["extract", "validate", "issue", "verify", "vitapass"]),
    noScope: await api.key("acme", "scale", ["verify"]),
    free: await api.key("tiny", "free", ["extract"]),
  };
});
afterAll(async () => {
  await api?.close();
  await failing?.close();
  await throwing?.close();
});

describe("POST /v1/activate against the document", () => {
  it("succeeds with a documented body", async () => {
    const ok = await call(api, "activate", { method: "POST", path: "/activate", key: keys.full, body: json({ query: SIGNIFICANT, top_k: 3 }) });
    expect(ok.status).toBe(200);
  });

  it("produces every documented 4xx/5xx with its message", async () => {
    const post = (body: string, key: string | null = keys.full, headers?: Record<string, string>) =>
      call(api, "activate", { method: "POST", path: "/activate", key, body, headers });
    await post("{not json");
    await post("[]");
    await post(json({}));
    await post(json({ query: 42 }));
    await post(json({ query: "x".repeat(4001) }));
    await post(json({ query: "ok", subject_vp_id: 7 }));
    await post(json({ query: "ok", subject_vp_id: "s".repeat(257) }));
    await post(json({ query: "ok\u0000" }));
    await post(json({ query: "ok", subject_vp_id: "s\u0000" }));
    await post(json({ query: "ok", top_k: 0 }));
    await post(json({ query: "ok" }), null);
    await post(json({ query: "ok" }), "ar_live_" + "z".repeat(32));
    await post(json({ query: "ok" }), keys.noScope);
    await post(json({ query: "x", pad: "p".repeat(70 * 1024) }));
    await post(json({ query: SIGNIFICANT }), keys.full, { "idempotency-key": "walk-1" });
    const replay = await call(api, "activate", { method: "POST", path: "/activate", key: keys.full, body: json({ query: SIGNIFICANT }), headers: { "idempotency-key": "walk-1" } });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    await post(json({ query: "another query" }), keys.full, { "idempotency-key": "walk-1" });
    await post(json({ query: "ok" }), keys.full, { "idempotency-key": "k".repeat(256) });
    await call(api, "activate", { method: "GET", path: "/activate", key: keys.full });
    for (let i = 0; i < 11; i++) await post(json({ query: "ok" }), keys.free);
    const failingKey = await failing.key("acme", "scale", ["extract"]);
    await call(failing, "activate", { method: "POST", path: "/activate", key: failingKey, body: json({ query: SIGNIFICANT }) });

    const pairs = (list: { status: number; message: string | null }[]) => [...new Set(list.map((f) => `${f.status} ${f.message}`))].sort();
    expect(pairs(observed.filter((f) => f.operationId === "activate"))).toEqual(
      pairs(documentedFailures(document).filter((f) => f.operationId === "activate")),
    );
  });

  it("sends Retry-After on 429", async () => {
    const limited = await call(api, "activate", { method: "POST", path: "/activate", key: keys.free, body: json({ query: "ok" }) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});

describe("the other operations against the document", () => {
  it("usage, activations/{id} and feedback answer with documented bodies", async () => {
    const activation = await call(api, "activate", { method: "POST", path: "/activate", key: keys.full, body: json({ query: SIGNIFICANT }) });
    const id = (activation.body.data as { activation_id: string }).activation_id;
    expect((await call(api, "usage", { method: "GET", path: "/usage", key: keys.full })).status).toBe(200);
    expect((await call(api, "getActivation", { method: "GET", path: `/activations/${id}`, key: keys.full })).status).toBe(200);
    expect((await call(api, "getActivation", { method: "GET", path: `/activations/${crypto.randomUUID()}`, key: keys.full })).status).toBe(404);
    expect((await call(api, "getActivation", { method: "GET", path: `/activations/${id}`, key: keys.noScope })).status).toBe(403);
    expect((await call(api, "usage", { method: "GET", path: "/usage", key: null })).status).toBe(401);
    const failingKey = await failing.key("acme", "scale", ["extract"]);
    expect((await call(failing, "usage", { method: "GET", path: "/usage", key: failingKey })).status).toBe(500);
    expect((await call(failing, "getActivation", { method: "GET", path: `/activations/${id}`, key: failingKey })).status).toBe(500);
  });

  it("feedback produces every documented failure with its message", async () => {
    const activation = await call(api, "activate", { method: "POST", path: "/activate", key: keys.full, body: json({ query: SIGNIFICANT }) });
    const id = (activation.body.data as { activation_id: string }).activation_id;
    const feedback = (body: string, key: string | null = keys.full, headers?: Record<string, string>) =>
      call(api, "feedback", { method: "POST", path: "/feedback", key, body, headers });
    expect((await feedback(json({ activation_id: id, hit: true, memory_id: "m22" }))).status).toBe(200);
    expect((await feedback(json({ activation_id: id, hit: true }), keys.full, { "idempotency-key": "walk-fb" })).status).toBe(200);
    const replay = await feedback(json({ activation_id: id, hit: true }), keys.full, { "idempotency-key": "walk-fb" });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    await feedback(json({ activation_id: id, hit: false }), keys.full, { "idempotency-key": "walk-fb" });
    await feedback(json({ activation_id: id, hit: true }), keys.full, { "idempotency-key": "k".repeat(256) });
    await feedback("{not json");
    await feedback("[]");
    await feedback(json({ hit: true }));
    await feedback(json({ activation_id: 7, hit: true }));
    await feedback(json({ activation_id: id }));
    await feedback(json({ activation_id: id, hit: "yes" }));
    await feedback(json({ activation_id: id, hit: true, memory_id: 12 }));
    await feedback(json({ activation_id: id, hit: true, memory_id: "" }));
    await feedback(json({ activation_id: id, hit: true, memory_id: "m".repeat(257) }));
    await feedback(json({ activation_id: id, hit: true, memory_id: "m\u0000" }));
    await feedback(json({ activation_id: crypto.randomUUID(), hit: true }));
    await feedback(json({ activation_id: id, hit: true }), null);
    await feedback(json({ activation_id: id, hit: true }), keys.noScope);
    await feedback(json({ activation_id: id, hit: true, pad: "p".repeat(70 * 1024) }));
    await call(api, "feedback", { method: "DELETE", path: "/feedback", key: keys.full });
    const freeActivation = await call(api, "activate", { method: "POST", path: "/activate", key: keys.free, body: json({ query: "ok" }) });
    expect(freeActivation.status).toBe(429); // the free key's window is used up by the activate walk
    await feedback(json({ activation_id: id, hit: true }), keys.free);
    const failingKey = await failing.key("acme", "scale", ["extract"]);
    await call(failing, "feedback", { method: "POST", path: "/feedback", key: failingKey, body: json({ activation_id: id, hit: true }) });

    const pairs = (list: { status: number; message: string | null }[]) => [...new Set(list.map((f) => `${f.status} ${f.message}`))].sort();
    expect(pairs(observed.filter((f) => f.operationId === "feedback"))).toEqual(
      pairs(documentedFailures(document).filter((f) => f.operationId === "feedback")),
    );
  });

  it("delegated contract paths answer 501 without a handler, after key and scope checks", async () => {
    expect((await call(api, "extract", { method: "POST", path: "/extract", key: keys.full, body: json({ content: "x" }) })).status).toBe(501);
    expect((await call(api, "validate", { method: "POST", path: "/validate", key: keys.noScope, body: "{}" })).status).toBe(403);
    expect((await call(api, "verify", { method: "POST", path: "/verify", key: null, body: "{}" })).status).toBe(501);
    expect((await call(api, "certificate", { method: "GET", path: "/certificate/abc", key: keys.full })).status).toBe(501);
    const throwingKey = await throwing.key("acme", "scale", ["extract"]);
    const failed = await call(throwing, "extract", { method: "POST", path: "/extract", key: throwingKey, body: json({ content: "x" }) });
    expect(failed.status).toBe(500);
  });

  it("every path answers other methods with the documented 405 and Allow, before any key check", async () => {
    const templated = { id: "a1", operation: "jobs" } as Record<string, string>;
    // A GET path answers HEAD as GET (without the body), so its Allow lists HEAD too.
    const allow: Record<string, string> = { get: "GET, HEAD", post: "POST" };
    for (const [path, item] of Object.entries(document.paths)) {
      const below = path.slice("/v1".length).replace(/\{(\w+)\}/g, (_, name: string) => templated[name]!);
      for (const [method, op] of Object.entries(item)) {
        for (const other of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].filter((m) => m !== method.toUpperCase())) {
          const answer = await call(api, String(op.operationId), { method: other, path: below, key: null });
          expect(answer.status, `${other} ${path}`).toBe(405);
          expect(answer.headers.get("allow")).toBe(allow[method]);
          expect(answer.headers.has("ratelimit-limit")).toBe(false);
        }
      }
    }
  });

  it("templated paths answer the documented 404 for a segment the router refuses", async () => {
    for (const [operationId, method, path] of [
      ["getActivation", "GET", "/activations/a%2Fb"],
      ["certificate", "GET", "/certificate/a%5Cb"],
      ["batch", "POST", "/batch/jobs/%2E%2E%2Fx"],
      ["vitapass", "POST", "/vitapass/%E0%A4%A"],
    ] as const) {
      const answer = await call(api, operationId, { method, path, key: keys.full, ...(method === "POST" ? { body: "{}" } : {}) });
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual({ success: false, error: "Not found", data: null, code: "not_found" });
    }
    const pairs = (list: { operationId: string; status: number; message: string | null }[]) =>
      [...new Set(list.filter((f) => f.status === 404 && f.message === "Not found").map((f) => f.operationId))].sort();
    expect(pairs(observed)).toEqual(pairs(documentedFailures(document)));
  });

  it("a path the document does not list answers its NotFound response", async () => {
    const notFound = document.components.responses.NotFound as DocumentedResponse;
    for (const path of ["/v1/nope", "/v1", "/v1/activate/extra", "/elsewhere"]) {
      for (const method of ["GET", "POST", "DELETE"]) {
        const response = await fetch(api.url.replace(/\/v1$/, "") + path, { method, headers: { authorization: `Bearer ${keys.full}` } });
        expect(response.status, `${method} ${path}`).toBe(404);
        checkHeaders(notFound, response.headers, `${method} ${path}`);
        expect(check(notFound.content!["application/json"].schema, await response.json())).toBeNull();
      }
    }
    expect(String(document.info.description)).toContain("#/components/responses/NotFound");
  });

  it("serves the same document at GET /v1/openapi.json without a key", async () => {
    const response = await fetch(api.url + "/openapi.json");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(document);
  });

  it("every failure the server produced is documented for its operation", () => {
    const documented = new Set(documentedFailures(document).map((f) => `${f.operationId} ${f.status} ${f.message}`));
    const undocumented = observed.map((f) => `${f.operationId} ${f.status} ${f.message}`).filter((f) => !documented.has(f));
    expect(undocumented).toEqual([]);
  });
});
