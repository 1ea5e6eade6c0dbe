/**
 * `toNodeListener` beyond the fast path: an Api wrapper that only has `fetch` (streamed, bounded
 * body), and a body parser mounted in front (express.json()) that already consumed the stream.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, toNodeListener } from "../../src/http/index.js";
import { createApiKey } from "../../src/keys/index.js";
import { createMemoryLimiter, createMemoryStore } from "../../src/stores/memory/index.js";
import { call, SIGNIFICANT } from "./support/server.js";

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(listener: http.RequestListener): Promise<string> {
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function setup(onError?: (error: unknown) => void) {
  const store = createMemoryStore();
  const api = createApi({ store, limiter: createMemoryLimiter(), anonymousVerifyRpm: 1, ...(onError ? { onError } : {}) });
  const { key } = await createApiKey(store, { org: "acme", tier: "scale", scopes: ["extract", "verify"] });
  return { api, key };
}

describe("toNodeListener with a fetch-only Api", () => {
  it("streams the body through api.fetch, bounded, with the socket address", async () => {
    const { api, key } = await setup();
    const wrapper = { fetch: (request: Request, info?: { remoteAddress?: string }) => api.fetch(request, info) };
    const origin = await listen(toNodeListener(wrapper));
    const ok = await call(`${origin}/v1/activate`, { key, body: { query: SIGNIFICANT } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.significance_gate).toBe(true);
    const big = await call(`${origin}/v1/activate`, { key, body: JSON.stringify({ query: "x", pad: "p".repeat(200_000) }) });
    expect(big.status).toBe(413);
    expect((await call(`${origin}/v1/verify`, { body: {} })).status).toBe(501);
    expect((await call(`${origin}/v1/verify`, { body: {} })).status).toBe(429); // per-IP: the socket address reached the Api
  });
});

describe("toNodeListener behind a body parser", () => {
  /** The Api itself, and a wrapper that only has `fetch` (the Request path), must behave alike. */
  const asMounted = (api: Awaited<ReturnType<typeof setup>>["api"], wrapped: boolean) =>
    wrapped ? { fetch: (request: Request, info?: { remoteAddress?: string }) => api.fetch(request, info) } : api;

  it.each([false, true])("uses what express.json() left on req.body (fetch-only wrapper: %s)", async (wrapped) => {
    const { api, key } = await setup();
    const app = express();
    app.use(express.json());
    app.use(toNodeListener(asMounted(api, wrapped)));
    const origin = await listen(app);
    const answer = await call(`${origin}/v1/activate`, { key, body: { query: SIGNIFICANT, top_k: 4 } });
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toMatchObject({ query: SIGNIFICANT, top_k: 4 });
  });

  it.each([false, true])("a consumed stream with nothing on req.body is a 500 with a clear onError message, not a hang (fetch-only wrapper: %s)", async (wrapped) => {
    const errors: unknown[] = [];
    const { api, key } = await setup((error) => errors.push(error));
    const listener = toNodeListener(asMounted(api, wrapped));
    const origin = await listen((req, res) => {
      req.resume();
      req.on("end", () => listener(req, res));
    });
    const answer = await call(`${origin}/v1/activate`, { key, body: { query: SIGNIFICANT } });
    expect(answer.status).toBe(500);
    expect(answer.body.error).toBe("Activation failed");
    expect(String(errors[0])).toContain("mount arcroute before body parsers");
  });
});

describe("toNodeListener request targets", () => {
  /** Sends `target` exactly as written (fetch would normalize it first). */
  function post(origin: string, target: string, key: string): Promise<{ status: number; body: string; requestId: string | undefined }> {
    return new Promise((resolve, reject) => {
      const request = http.request(`${origin}/`, { method: "POST", path: target, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" } }, (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk)).on("end", () => resolve({ status: response.statusCode ?? 0, body, requestId: response.headers["x-request-id"] as string | undefined }));
      });
      request.on("error", reject);
      request.end(JSON.stringify({ query: SIGNIFICANT }));
    });
  }

  it("routes plain paths directly and every other target as the URL parser reads it", async () => {
    const { api, key } = await setup();
    const origin = await listen(toNodeListener(api));
    for (const target of ["/v1/activate", "/v1/activate?x=1", "/v1/./activate", "/v1/../v1/activate", "/v1/%61ctivate", "/v1/activate#frag"]) {
      expect((await post(origin, target, key)).status, target).toBe(200);
    }
    for (const target of ["//v1/activate", "/v1/activate/", "/v1//activate", "/v1/activate.", "/v2/activate", "/v1/.activate"]) {
      const answer = await post(origin, target, key);
      expect(answer.status, target).toBe(404);
      expect(JSON.parse(answer.body)).toMatchObject({ code: "not_found" });
    }
  });

  it("answers a target node accepts but no URL parser reads with a 404 and a request id, not a 500", async () => {
    const { api, key } = await setup();
    const origin = await listen(toNodeListener(api));
    for (const target of ["http://a:99999/v1/activate", "http://[bad/v1/activate"]) {
      const answer = await post(origin, target, key);
      expect(answer.status, target).toBe(404);
      expect(JSON.parse(answer.body), target).toMatchObject({ success: false, error: "Not found", code: "not_found" });
      expect(answer.requestId, target).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("toNodeListener keeps a connection whose body it did not need", () => {
  /** Writes `requests` on one socket at once (pipelined) and collects what comes back until the socket closes or 3 s pass. */
  function pipeline(origin: string, requests: string[]): Promise<string> {
    const { port } = new URL(origin);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(requests.join("")));
      let data = "";
      const done = () => resolve(data);
      socket.setEncoding("utf8").on("data", (chunk: string) => {
        data += chunk;
        if ((data.match(/HTTP\/1\.1 \d{3}/g) ?? []).length === requests.length) socket.end();
      });
      socket.on("close", done).on("error", reject);
      setTimeout(() => socket.destroy(), 3000);
    });
  }
  const post = (path: string, body: string, headers = "") => `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

  it.each([false, true])("answers every pipelined request after a 401, 404 and 405 with an unread body (fetch-only wrapper: %s)", async (wrapped) => {
    const { api, key } = await setup();
    const origin = await listen(toNodeListener(wrapped ? { fetch: (request: Request, info?: { remoteAddress?: string }) => api.fetch(request, info) } : api));
    const body = JSON.stringify({ query: SIGNIFICANT });
    const reply = await pipeline(origin, [
      post("/v1/activate", body),
      post("/v1/nope", body, `Authorization: Bearer ${key}\r\n`),
      post("/v1/usage", body, `Authorization: Bearer ${key}\r\n`),
      post("/v1/activate", body, `Authorization: Bearer ${key}\r\n`),
    ]);
    expect(reply.match(/HTTP\/1\.1 \d{3}/g)).toEqual(["HTTP/1.1 401", "HTTP/1.1 404", "HTTP/1.1 405", "HTTP/1.1 200"]);
    expect(reply).not.toMatch(/connection: close/i);
  });

  it("keeps it after a chunked body it did not read too (discarded within bounds: test/http/unread-body.test.ts)", async () => {
    const { api } = await setup();
    const origin = await listen(toNodeListener(api));
    const chunked = `POST /v1/activate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`;
    const reply = await pipeline(origin, [chunked, chunked]);
    expect(reply.match(/HTTP\/1\.1 \d{3}/g)).toEqual(["HTTP/1.1 401", "HTTP/1.1 401"]);
    expect(reply).not.toMatch(/connection: close/i);
  });
});
