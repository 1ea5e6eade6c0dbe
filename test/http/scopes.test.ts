/**
 * Contract section 5, scope table: every path with a key holding only its scope (allowed: never
 * 403) and with a key holding every other scope (403 with the exact message).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Scope } from "../../src/stores/types.js";
import { ALL_SCOPES, call, expectFailure, SIGNIFICANT, startServer, type TestServer } from "./support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const PATHS: { method: string; path: string; scope: Scope; body?: unknown; allowed: number }[] = [
  { method: "POST", path: "/activate", scope: "extract", body: { query: SIGNIFICANT }, allowed: 200 },
  { method: "GET", path: "/activations/5f0c6d0e-8d4b-4c38-9a55-2b3f2a0f4f11", scope: "extract", allowed: 404 },
  { method: "POST", path: "/feedback", scope: "extract", body: { activation_id: "5f0c6d0e-8d4b-4c38-9a55-2b3f2a0f4f11", hit: true }, allowed: 404 },
  { method: "POST", path: "/extract", scope: "extract", body: { content: "x" }, allowed: 501 },
  { method: "POST", path: "/observe", scope: "extract", body: {}, allowed: 501 },
  { method: "POST", path: "/batch/jobs", scope: "extract", body: {}, allowed: 501 },
  { method: "POST", path: "/validate", scope: "validate", body: {}, allowed: 501 },
  { method: "POST", path: "/issue", scope: "issue", body: {}, allowed: 501 },
  { method: "POST", path: "/verify", scope: "verify", body: {}, allowed: 501 },
  { method: "GET", path: "/certificate/cert_1", scope: "verify", allowed: 501 },
  { method: "POST", path: "/vitapass/presentations", scope: "vitapass", body: {}, allowed: 501 },
];

describe("scopes per path", () => {
  it.each(PATHS)("$method $path: holding '$scope' is allowed", async ({ method, path, scope, body, allowed }) => {
    const key = await server.key("scoped", "scale", [scope]);
    const answer = await call(server.url + path, { method, key, body });
    expect(answer.status, answer.text).toBe(allowed);
  });

  it.each(PATHS)("$method $path: every scope but '$scope' is 403", async ({ method, path, scope, body }) => {
    const key = await server.key("scoped", "scale", ALL_SCOPES.filter((s) => s !== scope));
    expectFailure(await call(server.url + path, { method, key, body }), 403, `API key does not have '${scope}' scope`);
  });

  it("GET /usage takes any valid key, whatever its scopes", async () => {
    for (const scope of ALL_SCOPES) {
      const key = await server.key("scoped", "scale", [scope]);
      expect((await call(`${server.url}/usage`, { key })).status).toBe(200);
    }
  });

  it("X-API-Key is checked for scope exactly like Bearer", async () => {
    const key = await server.key("scoped", "scale", ["verify"]);
    const answer = await call(`${server.url}/activate`, { body: { query: SIGNIFICANT }, headers: { "x-api-key": key } });
    expectFailure(answer, 403, "API key does not have 'extract' scope");
  });
});
