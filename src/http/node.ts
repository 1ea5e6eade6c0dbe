/**
 * `toNodeListener(api)`: the handler set as a `node:http` request listener. The body is read up to
 * 64 KiB + 1 byte and no further, and not at all when Content-Length declares more (the pipeline
 * decides 413 at its place in the check order); when a body was cut short or left unread the
 * connection is closed after the answer instead of draining the rest.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Api } from "./api.js";
import { MAX_BODY_BYTES } from "./body.js";

export function toNodeListener(api: Api): RequestListener {
  return (req, res) => {
    void serve(api, req, res).catch(() => {
      // The pipeline never throws; this covers a socket that died mid-write.
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify({ success: false, error: "Internal server error", data: null, code: "internal_error" }));
    });
  };
}

async function serve(api: Api, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  // A declared length over the limit is left unread: the pipeline sees the header and answers 413.
  const declaredTooLarge = Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES;
  const body = hasBody && !declaredTooLarge ? await readBounded(req, MAX_BODY_BYTES + 1) : null;
  const request = new Request(urlOf(req), {
    method: req.method ?? "GET",
    headers: headersOf(req),
    body: body && body.bytes.byteLength > 0 ? (body.bytes as Uint8Array<ArrayBuffer>) : null,
  });
  const response = await api.fetch(request, { remoteAddress: req.socket.remoteAddress });
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const setCookies = response.headers.getSetCookie();
  if (setCookies.length > 0) headers["set-cookie"] = setCookies;
  if (body?.truncated || (hasBody && declaredTooLarge)) headers.connection = "close";
  const payload = Buffer.from(await response.arrayBuffer());
  headers["content-length"] = String(payload.byteLength);
  res.writeHead(response.status, headers);
  res.end(payload);
}

/** Reads at most `limit` bytes; stops listening after that (the rest is never buffered). */
function readBounded(req: IncomingMessage, limit: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = (truncated: boolean) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      if (truncated) req.pause();
      resolve({ bytes: Buffer.concat(chunks, Math.min(total, limit)), truncated });
    };
    const onData = (chunk: Buffer) => {
      const room = limit - total;
      chunks.push(chunk.byteLength > room ? chunk.subarray(0, room) : chunk);
      total += chunk.byteLength;
      if (total >= limit) finish(true);
    };
    const onEnd = () => finish(false);
    const onError = (error: Error) => reject(error);
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

function urlOf(req: IncomingMessage): string {
  // Only the path matters to the pipeline; the Host header is not trusted for anything.
  return new URL(req.url ?? "/", "http://localhost").toString();
}

/**
 * Request headers without the framing ones that no longer describe the body handed over; a
 * Content-Length is kept (the body is either complete or left unread because it declared too much).
 */
function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (name === "transfer-encoding" || name === "connection" || name === "host") continue;
    try {
      headers.append(name, raw[i + 1]!);
    } catch {
      // A header value undici refuses is one no route reads.
    }
  }
  return headers;
}
