/**
 * `toNodeListener(api)`: the handler set as a `node:http` request listener. It feeds the pipeline
 * straight from the `IncomingMessage` (no Web `Request`/`Response` on the hot path). The body is
 * read only when the pipeline reaches its body step, never beyond 64 KiB + 1 byte, and not at all
 * when Content-Length declares more. A body left unread (a 401, 404 or 413 answered early) is
 * read and discarded after the answer, within bounds (`discardRest`), then the connection serves
 * its next request; past the bounds it is closed.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { HANDLE_INCOMING, type Api } from "./api.js";
import { parsedBodyBytes, readNodeBody, type BodyBytes } from "./body.js";
import type { HeaderSource, Incoming, Reply } from "./exchange.js";

const INTERNAL_ERROR = JSON.stringify({ success: false, error: "Internal server error", data: null, code: "internal_error" });

/** Anything with the `fetch` of an Api: `createApi`'s result (fast path) or a wrapper of it. */
export type FetchHandler = Pick<Api, "fetch"> & Partial<Pick<Api, typeof HANDLE_INCOMING>>;

export function toNodeListener(api: FetchHandler): RequestListener {
  return (req, res) => void serve(api, req, res);
}

async function serve(api: FetchHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const reply = await answer(api, req);
    if (reply instanceof Response) await writeResponse(res, reply);
    else writeReply(res, reply);
    if (!req.complete) discardRest(req);
  } catch {
    // The pipeline answers every failure itself; this covers a socket that died mid-write.
    if (res.headersSent) res.destroy();
    else res.writeHead(500, { "content-type": "application/json; charset=utf-8", connection: "close" }).end(INTERNAL_ERROR);
  }
}

/** An Api built by createApi takes the fast path; any other `{ fetch }` (a wrapper) gets a streamed Request. */
async function answer(api: FetchHandler, req: IncomingMessage): Promise<Reply> {
  const incoming = fromNode(req);
  const handleIncoming = api[HANDLE_INCOMING];
  if (handleIncoming) return await handleIncoming(incoming);
  const streamed = viaFetch(req, incoming);
  try {
    return await api.fetch(streamed.request, { remoteAddress: incoming.remoteAddress });
  } finally {
    streamed.detach(); // the answer is decided: what is left of the body is discarded, not queued in the stream
  }
}

/*
 * Bounds on discarding an unread body. Answering early and then closing makes the kernel reset a
 * connection that still receives data: a client still uploading gets EPIPE/ECONNRESET, often
 * before it has read the answer. Reading the rest gives it the answer, and keeps the connection.
 * Bodies are at most 64 KiB, so what comes past that is a misdirected upload (a file of a few MB,
 * a client that did not check the limit): up to 8 MiB (128 times the limit) or 2 s, whichever
 * comes first, is read for nothing, never buffered; past that the connection is closed, so a
 * client cannot keep the server reading gigabytes, nor hold the connection by trickling (the
 * 30 s request timeout of `arcroute serve` would). A fast client's 8 MiB arrive in well under 2 s.
 */
const DISCARD_MAX_BYTES = 8 * 1024 * 1024;
const DISCARD_MAX_MS = 2_000;

/** Reads and drops the rest of `req` after its answer; destroys the connection past the bounds. */
function discardRest(req: IncomingMessage): void {
  let read = 0;
  const stop = () => {
    clearTimeout(timer);
    req.off("data", count).off("end", stop).off("close", stop).off("error", stop);
  };
  const giveUp = () => {
    stop();
    req.socket.destroy();
  };
  const count = (chunk: Buffer) => {
    read += chunk.byteLength;
    if (read > DISCARD_MAX_BYTES) giveUp();
  };
  const timer = setTimeout(giveUp, DISCARD_MAX_MS);
  timer.unref();
  req.on("data", count).once("end", stop).once("close", stop).once("error", stop);
  req.resume();
}

function fromNode(req: IncomingMessage): Incoming {
  return new NodeIncoming(req);
}

/** The pipeline's view of a node request: one object per request, no closures. */
class NodeIncoming implements Incoming, HeaderSource {
  readonly method: string;
  readonly url: string;
  readonly path: string;
  readonly remoteAddress: string | undefined;
  /** The headers are read from node's parsed (lower-case) headers; a repeated header reads as one comma-joined value. */
  readonly headers: HeaderSource = this;

  constructor(private readonly req: IncomingMessage) {
    const { url, path } = targetOf(req.url ?? "/");
    this.method = req.method ?? "GET";
    this.url = url;
    this.path = path;
    this.remoteAddress = req.socket.remoteAddress;
  }

  get(name: string): string | null {
    const value = this.req.headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(", ") : value;
  }

  readBody(limit: number): Promise<BodyBytes> {
    return readNodeBody(this.req, limit);
  }

  toRequest(body: Uint8Array | null): Request {
    return new Request(this.url, { method: this.method, headers: webHeaders(this.req), body: body && body.byteLength > 0 ? (body as Uint8Array<ArrayBuffer>) : null });
  }
}

/**
 * A request target of plain path segments (letters, digits, `-`, `_`, `~`, inner dots) is its own
 * URL pathname: no query, no percent-escapes, no dot segments, nothing the URL parser would change.
 */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;
const ORIGIN = "http://localhost"; // the Host header is not trusted for anything

/** A target node accepts but no URL parser reads ("http://a:99999/v1/usage"): a path no route has. */
const UNREADABLE_TARGET = { url: ORIGIN + "/", path: "" };

/**
 * Absolute URL and decoded-as-sent path of a request target; the URL parser only for targets that
 * need it. An unreadable target routes nowhere (404 with a request id), it is not a server failure.
 */
function targetOf(target: string): { url: string; path: string } {
  if (PLAIN_PATH.test(target)) return { url: ORIGIN + target, path: target };
  if (!URL.canParse(target, ORIGIN)) return UNREADABLE_TARGET;
  const url = new URL(target, ORIGIN);
  return { url: url.toString(), path: url.pathname };
}

/**
 * A Web Request whose body streams from the node request on demand (the Api bounds what it reads);
 * `detach` stops the stream taking the node request's data (once the answer is decided).
 */
function viaFetch(req: IncomingMessage, incoming: Incoming): { request: Request; detach: () => void } {
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  // A body parser in front (express.json()) already read the stream: listening for it would wait
  // forever. Hand on what the parser left, or a body that fails as the fast path does (a 500 to onError).
  if (hasBody && req.readableEnded) {
    const body = consumedBody(req);
    const request = new Request(incoming.url, { method: incoming.method, headers: webHeaders(req), body, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);
    return { request, detach: () => {} };
  }
  let onData = (_chunk: Buffer) => {};
  let onEnd = () => {};
  let onError = (_error: Error) => {};
  const detach = () => void req.pause().off("data", onData).off("end", onEnd).off("error", onError);
  const body = hasBody
    ? new ReadableStream<Uint8Array>({
        start(controller) {
          onData = (chunk: Buffer) => {
            controller.enqueue(new Uint8Array(chunk));
            if ((controller.desiredSize ?? 0) <= 0) req.pause();
          };
          onEnd = () => controller.close();
          onError = (error: Error) => controller.error(error);
          req.on("data", onData).on("end", onEnd).on("error", onError).pause();
        },
        pull() {
          req.resume();
        },
        // The Api stopped reading (413): the rest is discarded after the answer.
        cancel: detach,
      })
    : null;
  const headers = webHeaders(req);
  const length = req.headers["content-length"];
  if (length !== undefined) headers.set("content-length", length);
  return { request: new Request(incoming.url, { method: incoming.method, headers, body, ...(body ? { duplex: "half" } : {}) } as RequestInit), detach };
}

/*
 * No `Connection: close` on an answer whose body is still arriving: node ends such a connection as
 * soon as the answer is sent, which is the reset `discardRest` is there to avoid.
 * To HEAD, node sends the headers alone, with the Content-Length of the body it was given (the
 * GET's): that is the whole of HEAD on this transport.
 */
function writeReply(res: ServerResponse, reply: Exclude<Reply, Response>): void {
  // The pipeline built these headers for this answer alone: complete them in place.
  const headers = reply.headers;
  headers["content-length"] = String(Buffer.byteLength(reply.body));
  res.writeHead(reply.status, headers).end(reply.body);
}

/** A user handler's own Response, copied onto the node response (cookies kept separate). */
async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const payload = Buffer.from(await response.arrayBuffer());
  // A wrapper's answer to HEAD comes from api.fetch without its body but with the body's length: kept.
  const headAnswer = res.req.method === "HEAD" && payload.byteLength === 0 && headers["content-length"] !== undefined;
  if (!headAnswer) headers["content-length"] = String(payload.byteLength);
  delete headers["transfer-encoding"];
  res.writeHead(response.status, headers).end(payload);
}

/** Request headers for a user handler's `Request`, minus the framing ones (the body is complete). */
function webHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (name === "content-length" || name === "transfer-encoding" || name === "connection" || name === "host") continue;
    try {
      headers.append(name, raw[i + 1]!);
    } catch {
      // A header value undici refuses is one no handler could read either.
    }
  }
  return headers;
}

/** What a parser left of a consumed body, as a Request body; a stream that errors when it left nothing. */
function consumedBody(req: IncomingMessage): BodyInit {
  try {
    return parsedBodyBytes(req) as Uint8Array<ArrayBuffer>;
  } catch (error) {
    return new ReadableStream<Uint8Array>({ start: (controller) => controller.error(error) });
  }
}
