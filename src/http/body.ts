/**
 * Bounded body reading, from a Web `Request` or a `node:http` request: at most 64 KiB is ever
 * buffered (a larger declared Content-Length is refused without reading), then strict UTF-8 JSON
 * decoding for the JSON routes.
 */
import type { IncomingMessage } from "node:http";

export const MAX_BODY_BYTES = 64 * 1024;

export type BodyBytes = { ok: true; bytes: Uint8Array } | { ok: false; reason: "too_large" };
export type JsonBody = { ok: true; value: unknown } | { ok: false; reason: "invalid_json" };

const declaresTooMuch = (contentLength: string | null | undefined, limit: number) => Number(contentLength ?? 0) > limit;

export async function readBodyBytes(request: Request, limit: number = MAX_BODY_BYTES): Promise<BodyBytes> {
  if (declaresTooMuch(request.headers.get("content-length"), limit)) {
    await request.body?.cancel().catch(() => {});
    return { ok: false, reason: "too_large" };
  }
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return { ok: false, reason: "too_large" };
    }
    chunks.push(value);
  }
  return { ok: true, bytes: concat(chunks, total) };
}

/**
 * Reads a node request up to `limit` bytes and stops listening there: the rest is never buffered
 * (the node listener discards it after the answer, within bounds).
 */
export function readNodeBody(req: IncomingMessage, limit: number = MAX_BODY_BYTES): Promise<BodyBytes> {
  if (declaresTooMuch(req.headers["content-length"], limit)) return Promise.resolve({ ok: false, reason: "too_large" });
  if (req.readableEnded) return Promise.resolve(alreadyParsed(req as IncomingMessage & { body?: unknown }, limit));
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let total = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > limit) {
        stop();
        req.pause();
        resolve({ ok: false, reason: "too_large" });
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve({ ok: true, bytes: concat(chunks, total) });
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/**
 * A body parser mounted in front (express.json(), express.raw(), ...) already consumed the stream:
 * take what it left on `req.body` (bytes and strings as they are, parsed JSON re-encoded), or fail
 * loudly instead of waiting forever for data that will never come.
 */
function alreadyParsed(req: IncomingMessage & { body?: unknown }, limit: number): BodyBytes {
  const bytes = parsedBodyBytes(req);
  return bytes.byteLength > limit ? { ok: false, reason: "too_large" } : { ok: true, bytes };
}

/** The bytes of a body a parser in front already read (`req.body`); throws when it left nothing there. */
export function parsedBodyBytes(req: IncomingMessage & { body?: unknown }): Uint8Array {
  const { body } = req;
  if (body === undefined) throw new Error("request body already consumed: mount arcroute before body parsers");
  return body instanceof Uint8Array ? body : new TextEncoder().encode(typeof body === "string" ? body : JSON.stringify(body));
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 0) return new Uint8Array(0);
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/**
 * Non-UTF-8 and unparsable bodies are `Invalid JSON body`. An empty (or whitespace-only) body is an
 * empty object: a request without a body has no query, and the contract's answer to that is the
 * route's own "'query' field is required".
 */
export function parseJsonBody(bytes: Uint8Array): JsonBody {
  try {
    const text = utf8.decode(bytes);
    return { ok: true, value: (text.trim() === "" ? {} : JSON.parse(text)) as unknown };
  } catch {
    return { ok: false, reason: "invalid_json" };
  }
}
