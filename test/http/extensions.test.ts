/**
 * The extensions (SPEC section 5): GET /usage (current UTC month), GET /activations/:id (own
 * organization only), POST /feedback (mounted module), GET /openapi.json (no key), and basePath.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createOpenApiDocument } from "../../src/openapi/index.js";
import { activate, call, expectFailure, FACTUAL, SIGNIFICANT, startServer, type TestServer } from "./support/server.js";

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

describe("GET /usage", () => {
  it("counts the organization's billed queries and amount of the current calendar month (UTC)", async () => {
    server = await startServer({ manualClock: true });
    const clock = server.clock!;
    clock.ms = Date.parse("2026-10-31T23:59:59.000Z");
    const key = await server.key("acme", "scale", ["extract"]);
    const other = await server.key("globex", "scale", ["extract"]);
    await activate(server, key, { query: SIGNIFICANT }); // October
    clock.ms = Date.parse("2026-11-01T00:00:00.000Z");
    await activate(server, key, { query: SIGNIFICANT });
    await activate(server, key, { query: SIGNIFICANT });
    await activate(server, key, { query: FACTUAL });
    await activate(server, other, { query: SIGNIFICANT });
    clock.ms = Date.parse("2026-11-30T23:59:59.999Z");
    const usage = await call(`${server.url}/usage`, { key });
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual({
      success: true,
      error: null,
      data: { org_id: "acme", from: "2026-11-01T00:00:00.000Z", to: "2026-12-01T00:00:00.000Z", billed_queries: 2, amount_micros: 2000 },
    });
    clock.ms = Date.parse("2026-12-01T00:00:00.000Z");
    expect((await call(`${server.url}/usage`, { key })).body.data).toMatchObject({ billed_queries: 0, amount_micros: 0, from: "2026-12-01T00:00:00.000Z" });
  });
});

describe("GET /activations/:id", () => {
  it("returns the organization's own event, and 404 for other organizations, unknown and malformed ids", async () => {
    server = await startServer();
    const acme = await server.key("acme", "scale", ["extract"]);
    const globex = await server.key("globex", "scale", ["extract"]);
    const made = await activate(server, acme, { query: SIGNIFICANT, subject_vp_id: "vp_9" });
    const id = made.body.data.activation_id as string;

    const own = await call(`${server.url}/activations/${id}`, { key: acme });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id, org_id: "acme", query: SIGNIFICANT, subject_vp_id: "vp_9", billed: true, top_k: 10 });
    expect(own.body.data.result.activation_id).toBe(id);
    expect(own.body.data).not.toHaveProperty("hash");
    expect((await call(`${server.url}/activations/${id.toUpperCase()}`, { key: acme })).status).toBe(200);

    const foreign = await call(`${server.url}/activations/${id}`, { key: globex });
    expectFailure(foreign, 404, "Activation not found");
    expect(foreign.text).not.toContain(SIGNIFICANT);
    for (const bad of [crypto.randomUUID(), "not-a-uuid"]) {
      expectFailure(await call(`${server.url}/activations/${bad}`, { key: acme }), 404, "Activation not found");
    }
    // Not a plain path segment once decoded: no route, as for any unknown path (before the key check).
    expectFailure(await call(`${server.url}/activations/%27%3B%20drop%20table`, { key: acme }), 404, "Not found");
  });
});

describe("POST /feedback", () => {
  it("stores feedback on the organization's own activation, 404 for another's, 400 for a bad body", async () => {
    server = await startServer();
    const acme = await server.key("acme", "scale", ["extract"]);
    const globex = await server.key("globex", "scale", ["extract"]);
    const id = (await activate(server, acme, { query: SIGNIFICANT })).body.data.activation_id as string;
    const ok = await call(`${server.url}/feedback`, { key: acme, body: { activation_id: id, hit: true, memory_id: "m1" } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ activation_id: id, hit: true, memory_id: "m1" });
    expect(ok.headers.get("ratelimit-limit")).toBe("300");
    expectFailure(await call(`${server.url}/feedback`, { key: globex, body: { activation_id: id, hit: true } }), 404, "Activation not found");
    expectFailure(await call(`${server.url}/feedback`, { key: acme, body: { activation_id: id } }), 400, "'hit' field is required");
    expectFailure(await call(`${server.url}/feedback`, { key: acme, body: "{" }), 400, "Invalid JSON body");
    expect(await server.store.listFeedback(null)).toHaveLength(1);
  });
});

describe("GET /openapi.json and basePath", () => {
  it("serves the document of this mount without a key", async () => {
    server = await startServer();
    const answer = await fetch(`${server.url}/openapi.json`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(createOpenApiDocument());
  });

  it("mounts everything under basePath /api/v1 (and nothing under /v1)", async () => {
    server = await startServer({ basePath: "/api/v1/" });
    expect(server.url).toBe(`${server.origin}/api/v1`);
    const key = await server.key("acme", "scale");
    const answer = await call(`${server.origin}/api/v1/activate`, { key, body: { query: SIGNIFICANT } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.significance_gate).toBe(true);
    expect((await call(`${server.origin}/api/v1/usage`, { key })).body.data.billed_queries).toBe(1);
    expectFailure(await call(`${server.origin}/v1/activate`, { key, body: { query: SIGNIFICANT } }), 404, "Not found");
    const document = (await (await fetch(`${server.origin}/api/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain("/api/v1/activate");
  });

  it("mounts at the root with basePath '/'", async () => {
    server = await startServer({ basePath: "/" });
    expect(server.url).toBe(server.origin);
    const key = await server.key("acme", "scale");
    expect((await call(`${server.origin}/activate`, { key, body: { query: SIGNIFICANT } })).status).toBe(200);
    expect((await call(`${server.origin}/v1/activate`, { key, body: { query: SIGNIFICANT } })).status).toBe(404);
  });
});
