/**
 * Mount the /v1 handler set in Express (4 or 5).
 *
 * arcroute reads the raw request body itself (64 KiB limit, exact 400/413 messages): register it
 * BEFORE `express.json()` or any other body parser, or keep parsers off its path. A body parser
 * that ran first has consumed the stream and arcroute would see no body.
 *
 *   node --import tsx examples/mount/express.ts          (after `npm run build`)
 */
import express from "express";
import { toNodeListener, type Api } from "arcroute/http";
import { createDevApi, isMain, PORT, printReady } from "./dev-api.js";

export function createApp(api: Api): express.Express {
  const app = express();
  const arcroute = toNodeListener(api);
  // A route (not app.use) keeps req.url whole: arcroute routes on the full path, base path included.
  app.all([api.basePath, `${api.basePath}/*rest`], (req, res) => arcroute(req, res));
  // Your own routes and their body parser come after.
  app.use(express.json());
  app.post("/echo", (req, res) => {
    res.json({ received: req.body });
  });
  return app;
}

if (isMain(import.meta.url)) {
  const { api, key } = await createDevApi();
  createApp(api).listen(PORT, "127.0.0.1", () => printReady(`http://127.0.0.1:${PORT}`, key));
}
