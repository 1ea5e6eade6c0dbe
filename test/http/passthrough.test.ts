/**
 * The other contract paths: 501 without a handler; with one, it is called after the key, scope,
 * limit and body checks with the organization and key; Free plan extraction quota (402) with refunds.
 */
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import type { HandlerContext, KeyInfo, UserHandler, UserHandlers, VerifyContext } from "../../src/http/index.js";
import type { Organization } from "../../src/stores/types.js";
import { call, expectFailure, startServer, type TestServer } from "./support/server.js";

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

describe("without handlers", () => {
  it.each([
    ["POST", "/extract"],
    ["POST", "/observe"],
    ["POST", "/batch/jobs"],
    ["POST", "/validate"],
    ["POST", "/issue"],
    ["POST", "/verify"],
    ["GET", "/certificate/c_1"],
    ["POST", "/vitapass/scopes/42"],
  ])("%s %s answers 501 Not implemented", async (method, path) => {
    server = await startServer();
    const key = await server.key("acme", "scale");
    const answer = await call(server.url + path, { method, key, body: method === "POST" ? { content: "x" } : undefined });
    expectFailure(answer, 501, "Not implemented");
    expect(answer.headers.get("ratelimit-limit")).toBe("300");
  });
});

describe("with user handlers", () => {
  it("calls the handler with the request, the organization, the key (no hash), path params and the body", async () => {
    const seen: { request: Request; context: HandlerContext; text: string }[] = [];
    server = await startServer({
      handlers: {
        extract: async (request, context) => {
          // A key-only path: the organization and key are always there, no null check needed.
          expectTypeOf(context.org).toEqualTypeOf<Organization>();
          expectTypeOf(context.key).toEqualTypeOf<KeyInfo>();
          seen.push({ request, context, text: await request.text() });
          return new Response(JSON.stringify({ success: true, error: null, data: { extraction_id: "ex_1" } }), { status: 201, headers: { "x-custom": "yes" } });
        },
        vitapass: (_request, context) => ({ path: context.params.path }),
        certificate: (_request, context) => ({ id: context.params.id }),
      },
    });
    const { key, id } = await server.keyRecord("acme", "growth", ["extract", "verify", "vitapass"], { mode: "test" });
    const answer = await call(`${server.url}/extract`, { key, body: { content: "I remember the lake" } });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toEqual({ extraction_id: "ex_1" });
    expect(answer.headers.get("x-custom")).toBe("yes");
    expect(answer.headers.get("ratelimit-limit")).toBe("60");

    const [{ request, context, text }] = seen as [(typeof seen)[0]];
    expect(request.method).toBe("POST");
    expect(new URL(request.url).pathname).toBe("/v1/extract");
    expect(JSON.parse(text)).toEqual({ content: "I remember the lake" });
    expect(new TextDecoder().decode(context.body!)).toBe(text);
    expect(context.org).toMatchObject({ id: "acme", tier: "growth" });
    expect(context.key).toMatchObject({ id, org_id: "acme", mode: "test", scopes: ["extract", "verify", "vitapass"] });
    expect(context.key).not.toHaveProperty("hash");
    expect(context.clientIp).toBe("127.0.0.1");

    const vitapass = await call(`${server.url}/vitapass/scopes/a-b`, { key, body: {} });
    expect(vitapass.body).toEqual({ success: true, error: null, data: { path: "scopes/a-b" } });
    expect((await call(`${server.url}/certificate/cert_7`, { key })).body.data).toEqual({ id: "cert_7" });
  });

  it("anonymous /verify reaches the handler with no organization and no key", async () => {
    let context: VerifyContext | null = null;
    server = await startServer({ handlers: { verify: (_r, c) => ((context = c), { valid: true }) } });
    const answer = await call(`${server.url}/verify`, { body: { envelope: "..." } });
    expect(answer.body.data).toEqual({ valid: true });
    expect(context).toMatchObject({ org: null, key: null, clientIp: "127.0.0.1" });
  });

  it("types verify's context as possibly anonymous, and only verify's", () => {
    const keyOnly: UserHandler = (_request, context) => context.org.tier;
    const verify: UserHandler<VerifyContext> = (_request, context) => (context.org ? context.key.id : context.clientIp); // org narrows key too
    expectTypeOf<Parameters<typeof verify>[1]["org"]>().toEqualTypeOf<Organization | null>();
    // @ts-expect-error a handler that counts on a key cannot take /verify, which also answers without one
    const refused: UserHandlers = { verify: keyOnly };
    const accepted: UserHandlers = { verify, extract: keyOnly };
    expect([refused, accepted]).toHaveLength(2);
  });

  it("the handler is not called when a check fails", async () => {
    let calls = 0;
    server = await startServer({ handlers: { validate: () => ((calls += 1), {}) } });
    const key = await server.key("acme", "free", ["extract"]);
    expect((await call(`${server.url}/validate`, { body: {} })).status).toBe(401);
    expect((await call(`${server.url}/validate`, { key, body: {} })).status).toBe(403);
    const ok = await server.key("acme", "free", ["validate"]);
    expect((await call(`${server.url}/validate`, { key: ok, body: "x".repeat(70_000) })).status).toBe(413);
    expect(calls).toBe(0);
  });

  it("a throwing handler answers 500 Internal server error without details; onError gets the error", async () => {
    const errors: unknown[] = [];
    server = await startServer({
      onError: (error, info) => errors.push([String(error), info]),
      handlers: {
        issue: () => {
          throw new Error("signing key /etc/keys/ddna.pem unreadable");
        },
      },
    });
    const key = await server.key("acme", "scale", ["issue"]);
    const answer = await call(`${server.url}/issue`, { key, body: {} });
    expectFailure(answer, 500, "Internal server error");
    expect(answer.text).not.toContain("pem");
    // The answer's X-Request-Id leads from the customer's 500 to the logged cause.
    const requestId = answer.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(errors).toEqual([["Error: signing key /etc/keys/ddna.pem unreadable", { method: "POST", path: "/v1/issue", request_id: requestId, org_id: "acme" }]]);
  });
});

describe("Free plan quota", () => {
  it("100 lifetime extractions across /extract, /observe and /batch/*, then 402; other plans have none", async () => {
    server = await startServer({ manualClock: true, handlers: { extract: () => ({ ok: true }), observe: () => ({ ok: true }), batch: () => ({ ok: true }) } });
    const key = await server.key("free-org", "free", ["extract"]);
    for (let i = 0; i < 100; i++) {
      if (i % 10 === 0) server.clock!.advance(60_000); // stay inside the rate limit
      const path = ["/extract", "/observe", "/batch/jobs"][i % 3]!;
      expect((await call(server.url + path, { key, body: { content: `m${i}` } })).status).toBe(200);
    }
    server.clock!.advance(60_000);
    const refused = await call(`${server.url}/extract`, { key, body: { content: "one more" } });
    expectFailure(refused, 402, "Free plan quota exhausted");
    expect(refused.body.code).toBe("quota_exhausted");
    expectFailure(await call(`${server.url}/observe`, { key, body: {} }), 402, "Free plan quota exhausted");
    const batch = await call(`${server.url}/batch/jobs`, { key, body: {} });
    expectFailure(batch, 402, "Free plan quota exhausted");
    // A lifetime quota never frees up: no Retry-After to wait for (429 rate limits carry one).
    expect(batch.headers.get("retry-after")).toBeNull();
    server.clock!.advance(365 * 24 * 60 * 60 * 1000);
    expect((await call(`${server.url}/extract`, { key, body: {} })).status).toBe(402); // lifetime, not monthly

    const payg = await server.key("payg-org", "payg", ["extract"]);
    for (let i = 0; i < 30; i++) expect((await call(`${server.url}/extract`, { key: payg, body: {} })).status).toBe(200);
  });

  it("a failing handler (throw or status ≥ 400) gives its unit back; no handler takes none, but an exhausted quota still answers 402", async () => {
    let mode: "ok" | "throw" | "fail" = "throw";
    server = await startServer({
      manualClock: true,
      handlers: {
        extract: () => {
          if (mode === "throw") throw new Error("upstream down");
          if (mode === "fail") return new Response("{}", { status: 503 });
          return { ok: true };
        },
      },
    });
    const key = await server.key("free-org", "free", ["extract"]);
    const send = async () => {
      server.clock!.advance(6_000); // 10 per minute
      return call(`${server.url}/extract`, { key, body: {} });
    };
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(500);
    mode = "fail";
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(503);
    expect((await server.store.consumeQuota("free-org", "extractions", 100)).used).toBe(1);
    await server.store.refundQuota("free-org", "extractions");
    mode = "ok";
    for (let i = 0; i < 100; i++) expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(402);
    // /observe without a handler: 501 and no quota involved.
    const bare = await startServer({ manualClock: true });
    const bareKey = await bare.key("free-org", "free", ["extract"]);
    expect((await call(`${bare.url}/observe`, { key: bareKey, body: {} })).status).toBe(501);
    expect((await bare.store.consumeQuota("free-org", "extractions", 100)).used).toBe(1);
    // The quota is checked before the missing handler, as README's order of checks says: 402, not 501.
    for (let i = 1; i < 100; i++) await bare.store.consumeQuota("free-org", "extractions", 100);
    expectFailure(await call(`${bare.url}/observe`, { key: bareKey, body: {} }), 402, "Free plan quota exhausted");
    await bare.close();
  });
});

describe("path parameters", () => {
  // A handler that builds `https://upstream/v1/batch/${path}` must not be walked to another route's
  // upstream (here /vitapass/revoke, whose scope the extract-only key lacks) by what a later parser
  // strips, splits on or decodes again.
  it.each([
    ["POST", "/batch/..%09/vitapass/revoke"],
    ["POST", "/batch/..%0a/vitapass/revoke"],
    ["POST", "/batch/..%0d/vitapass/revoke"],
    ["POST", "/batch/%252e%252e/vitapass/revoke"],
    ["POST", "/batch/.%252e/vitapass/revoke"],
    ["POST", "/batch/jobs/..."],
    ["POST", "/batch/caf%C3%A9"],
    ["GET", "/certificate/..%20"],
    ["GET", "/certificate/..%00"],
    ["GET", "/certificate/..%3F"],
    ["GET", "/certificate/a%23b"],
    ["GET", "/certificate/a%20b"],
  ])("%s %s is 404 Not found and never reaches the handler", async (method, path) => {
    const seen: string[] = [];
    const record = (_request: Request, context: HandlerContext) => (seen.push(JSON.stringify(context.params)), {});
    server = await startServer({ handlers: { batch: record, certificate: record } });
    const key = await server.key("acme", "scale", ["extract", "verify"]);
    const answer = await call(server.url + path, { method, key, body: method === "POST" ? {} : undefined });
    expectFailure(answer, 404, "Not found");
    expect(answer.body.code).toBe("not_found");
    expect(seen).toEqual([]);
  });

  it("ordinary ids still reach the handler, decoded", async () => {
    server = await startServer({ handlers: { batch: (_r, c) => c.params, certificate: (_r, c) => c.params } });
    const key = await server.key("acme", "scale", ["extract", "verify"]);
    expect((await call(`${server.url}/batch/jobs/42`, { key, body: {} })).body.data).toEqual({ path: "jobs/42" });
    expect((await call(`${server.url}/batch/v1.2~rc_3-x/.hidden/a..b`, { key, body: {} })).body.data).toEqual({ path: "v1.2~rc_3-x/.hidden/a..b" });
    expect((await call(`${server.url}/certificate/cert_7`, { key })).body.data).toEqual({ id: "cert_7" });
    expect((await call(`${server.url}/certificate/%63ert%5F8`, { key })).body.data).toEqual({ id: "cert_8" });
  });
});
