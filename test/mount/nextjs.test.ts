/**
 * examples/mount/nextjs-route.ts: the exported route handlers called with real Web `Request`s
 * (as Next.js calls them), and the same module behind a node:http server over a real socket: the
 * fetch-style adapter of @hono/node-server turns each IncomingMessage into a Web Request and a
 * dispatcher picks the exported handler by method, as Next.js's own server does.
 */
import http from "node:http";
import { describe, expect, it } from "vitest";
import { getRequestListener } from "@hono/node-server";
import { api, store } from "../../examples/mount/nextjs-arcroute.js";
import * as route from "../../examples/mount/nextjs-route.js";
import { createFixture, expectHandlerSetMounted, withListening } from "./support.js";

type Handler = (request: Request) => Promise<Response>;
const HANDLERS: Record<string, Handler> = { GET: route.GET, POST: route.POST, PUT: route.PUT, PATCH: route.PATCH, DELETE: route.DELETE };

describe("mounting in a Next.js route handler", () => {
  it("exports only route handlers and route config (what Next.js allows in a route file)", () => {
    expect(Object.keys(route).sort()).toEqual(["DELETE", "GET", "PATCH", "POST", "PUT", "dynamic", "runtime"]);
    expect(route.runtime).toBe("nodejs");
  });

  it("POST/GET answer real Requests", async () => {
    const { key } = await createFixture(store, api);
    const ok = await route.POST(
      new Request("http://localhost:3000/v1/activate", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ query: "times dad was proud of me" }) }),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, data: { significance_gate: true } });
    const usage = await route.GET(new Request("http://localhost:3000/v1/usage", { headers: { "x-api-key": key } }));
    expect(await usage.json()).toMatchObject({ success: true, data: { billed_queries: 1, amount_micros: 1000 } });
    const unauthorized = await route.POST(new Request("http://localhost:3000/v1/activate", { method: "POST", body: "{}" }));
    expect(unauthorized.status).toBe(401);
  });

  it("behind a node:http server that dispatches to the exported handlers by method", async () => {
    const fixture = await createFixture(store, api);
    const server = http.createServer(
      getRequestListener((request) => {
        const handler = HANDLERS[request.method];
        return handler ? handler(request) : new Response(null, { status: 405 });
      }),
    );
    await withListening(server, (origin) => expectHandlerSetMounted(`${origin}/v1`, fixture));
  });
});
