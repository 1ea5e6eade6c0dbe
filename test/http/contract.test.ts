/**
 * Contract section 7 over a real socket: every row of 7.1 (POST /v1/activate) and 7.2 (general),
 * with the exact messages and the failure envelope of SPEC section 5.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activate, call, expectFailure, SIGNIFICANT, startServer, type TestServer } from "./support/server.js";

let server: TestServer;
let failing: TestServer;

beforeAll(async () => {
  server = await startServer();
  failing = await startServer({
    decorateStore: (store) => ({
      ...store,
      recordActivation: async () => {
        throw new Error("connection reset by peer: postgres://admin:hunter2@db/prod");
      },
    }),
  });
});
afterAll(async () => {
  await server.close();
  await failing.close();
});

describe("7.1 POST /v1/activate", () => {
  it("200: the envelope of 2.1 with data per 2.2 and meta per 2.3", async () => {
    const key = await server.key("acme", "scale");
    const answer = await activate(server, key, { query: SIGNIFICANT });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(["success", "error", "data", "meta"]);
    expect(answer.body.success).toBe(true);
    expect(answer.body.error).toBeNull();
    expect(Object.keys(answer.body.data)).toEqual(["activation_id", "arc_types", "primary_domain", "field_filters", "confidence", "significance_gate"]);
    expect(answer.body.data.activation_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(answer.body.data.significance_gate).toBe(true);
    expect(Object.keys(answer.body.meta)).toEqual(["query", "classifier_model", "activated_at", "top_k"]);
  });

  it("400 'query' field is required when the query is missing", async () => {
    const key = await server.key("acme", "scale");
    expectFailure(await activate(server, key, {}), 400, "'query' field is required");
    expectFailure(await activate(server, key, { subject_vp_id: "vp_1" }), 400, "'query' field is required");
    expectFailure(await activate(server, key, { query: null }), 400, "'query' field is required");
    expectFailure(await activate(server, key, { query: "  \n " }), 400, "'query' field is required");
  });

  it("401 Unauthorized when the key is missing or invalid", async () => {
    expectFailure(await activate(server, null, { query: SIGNIFICANT }), 401, "Unauthorized");
    expectFailure(await activate(server, "ar_live_" + "A".repeat(32), { query: SIGNIFICANT }), 401, "Unauthorized");
    expectFailure(await activate(server, "not-a-key", { query: SIGNIFICANT }), 401, "Unauthorized");
  });

  it("403 API key does not have 'extract' scope", async () => {
    const key = await server.key("acme", "scale", ["verify", "validate", "issue", "vitapass"]);
    const answer = await activate(server, key, { query: SIGNIFICANT });
    expectFailure(answer, 403, "API key does not have 'extract' scope");
    expect(answer.body.code).toBe("forbidden");
  });

  it("429 Rate limit exceeded, with Retry-After", async () => {
    const key = await server.key("small", "free");
    for (let i = 0; i < 10; i++) expect((await activate(server, key, { query: "what time is it" })).status).toBe(200);
    const answer = await activate(server, key, { query: "what time is it" });
    expectFailure(answer, 429, "Rate limit exceeded");
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("500 Activation failed when the pipeline fails: no detail, no stack, no secret", async () => {
    const key = await failing.key("acme", "scale");
    const answer = await activate(failing, key, { query: SIGNIFICANT });
    expectFailure(answer, 500, "Activation failed");
    expect(answer.text).not.toMatch(/hunter2|postgres|reset|at .*\.ts/);
    expect(answer.headers.get("ratelimit-limit")).toBe("300");
  });
});

describe("500 from any stage of the pipeline", () => {
  it("a failing key lookup or limiter answers the route's 500 message, details only to onError", async () => {
    const errors: unknown[] = [];
    const broken = await startServer({
      onError: (error) => errors.push(error),
      decorateStore: (store) => ({
        ...store,
        findApiKeyByHash: async () => {
          throw new Error("ECONNREFUSED 10.0.0.5:5432 password=hunter2");
        },
      }),
    });
    try {
      const key = await broken.key("acme", "scale");
      const activation = await activate(broken, key, { query: SIGNIFICANT });
      expectFailure(activation, 500, "Activation failed");
      expect(activation.text).not.toMatch(/hunter2|ECONNREFUSED/);
      expectFailure(await call(`${broken.url}/usage`, { key }), 500, "Internal server error");
      expect(errors.map(String)).toEqual(["Error: ECONNREFUSED 10.0.0.5:5432 password=hunter2", "Error: ECONNREFUSED 10.0.0.5:5432 password=hunter2"]);
    } finally {
      await broken.close();
    }
  });
});

describe("7.2 general", () => {
  it("401 for a missing or invalid key on every keyed path", async () => {
    for (const [method, path] of [["GET", "/usage"], ["GET", "/activations/x"], ["POST", "/feedback"], ["POST", "/extract"], ["GET", "/certificate/c1"], ["POST", "/vitapass/scopes"]]) {
      expectFailure(await call(server.url + path!, { method: method!, body: method === "POST" ? {} : undefined }), 401, "Unauthorized");
    }
  });

  it("403 for a key lacking the path's scope", async () => {
    const key = await server.key("acme", "scale", ["extract"]);
    expectFailure(await call(`${server.url}/validate`, { key, body: {} }), 403, "API key does not have 'validate' scope");
  });

  it("429 with Retry-After on any limited path", async () => {
    const key = await server.key("tiny-verify", "free", ["verify"]);
    for (let i = 0; i < 10; i++) await call(`${server.url}/verify`, { key, body: {} });
    const answer = await call(`${server.url}/verify`, { key, body: {} });
    expectFailure(answer, 429, "Rate limit exceeded");
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});
