/**
 * Mount the /v1 handler set in a plain `node:http` server next to your own routes.
 *
 *   node --import tsx examples/mount/node-http.ts        (after `npm run build`)
 */
import http from "node:http";
import { toNodeListener, type Api } from "arcroute/http";
import { createDevApi, isMain, PORT, printReady } from "./dev-api.js";

export function createServer(api: Api): http.Server {
  const arcroute = toNodeListener(api);
  return http.createServer((req, res) => {
    // Everything under the base path is arcroute's; it reads the raw body itself (64 KiB limit).
    if (req.url === api.basePath || req.url?.startsWith(`${api.basePath}/`)) return arcroute(req, res);
    if (req.method === "POST" && req.url === "/echo") return void echo(req, res);
    res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
  });
}

/** One of your own routes, reading its JSON body as usual. */
async function echo(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ received: JSON.parse(Buffer.concat(chunks).toString("utf8")) }));
}

if (isMain(import.meta.url)) {
  const { api, key } = await createDevApi();
  createServer(api).listen(PORT, "127.0.0.1", () => printReady(`http://127.0.0.1:${PORT}`, key));
}
