/**
 * Mount the /v1 handler set in Hono: both speak Web-standard Request/Response, so the route just
 * hands `c.req.raw` (unread) to `api.fetch`. On Node, served by `@hono/node-server`, whose
 * bindings give the client address for the anonymous /verify limit.
 *
 *   node --import tsx examples/mount/hono.ts             (after `npm run build`)
 */
import { serve, type HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import type { Api } from "arcroute/http";
import { createDevApi, isMain, PORT, printReady } from "./dev-api.js";

export function createApp(api: Api): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.all(`${api.basePath}/*`, (c) => api.fetch(c.req.raw, { remoteAddress: c.env?.incoming?.socket.remoteAddress }));
  app.post("/echo", async (c) => c.json({ received: await c.req.json() }));
  return app;
}

if (isMain(import.meta.url)) {
  const { api, key } = await createDevApi();
  serve({ fetch: createApp(api).fetch, port: PORT, hostname: "127.0.0.1" }, () => printReady(`http://127.0.0.1:${PORT}`, key));
}
