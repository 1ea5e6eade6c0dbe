/**
 * `toNodeListener` beyond the fast path: an Api wrapper that only has `fetch` (streamed, bounded
 * body), and a body parser mounted in front (express.json()) that already consumed the stream.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
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
  it("uses what express.json() left on req.body", async () => {
    const { api, key } = await setup();
    const app = express();
    app.use(express.json());
    app.use(toNodeListener(api));
    const origin = await listen(app);
    const answer = await call(`${origin}/v1/activate`, { key, body: { query: SIGNIFICANT, top_k: 4 } });
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toMatchObject({ query: SIGNIFICANT, top_k: 4 });
  });

  it("a consumed stream with nothing on req.body is a 500 with a clear onError message, not a hang", async () => {
    const errors: unknown[] = [];
    const { api, key } = await setup((error) => errors.push(error));
    const listener = toNodeListener(api);
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
