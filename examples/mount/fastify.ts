/**
 * Mount the /v1 handler set in Fastify (v5).
 *
 * Fastify parses bodies before route handlers run, so arcroute takes its requests in the
 * `onRequest` hook, which runs before any parsing: it hijacks the reply and hands the raw
 * `IncomingMessage`/`ServerResponse` pair to arcroute, which reads the body itself.
 *
 *   node --import tsx examples/mount/fastify.ts          (after `npm run build`)
 */
import Fastify, { type FastifyInstance } from "fastify";
import { toNodeListener, type Api } from "arcroute/http";
import { createDevApi, isMain, PORT, printReady } from "./dev-api.js";

export function createApp(api: Api): FastifyInstance {
  const app = Fastify();
  const arcroute = toNodeListener(api);
  app.addHook("onRequest", (request, reply, done) => {
    if (request.url !== api.basePath && !request.url.startsWith(`${api.basePath}/`)) return done();
    // From here arcroute owns the response; Fastify's lifecycle stops (done is not called).
    reply.hijack();
    arcroute(request.raw, reply.raw);
  });
  // Your own routes keep Fastify's body parsing.
  app.post("/echo", async (request) => ({ received: request.body }));
  return app;
}

if (isMain(import.meta.url)) {
  const { api, key } = await createDevApi();
  await createApp(api).listen({ port: PORT, host: "127.0.0.1" });
  printReady(`http://127.0.0.1:${PORT}`, key);
}
