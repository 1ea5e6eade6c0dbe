/**
 * The handler set: one pipeline every request goes through, in the order SPEC section 5 fixes —
 * route (404/405) → auth (401) → scope (403) → rate limit (429) → body (413/400) → route handler.
 * Unexpected errors become the route's 500 message; details go to `onError`, never to the client.
 */
import { authenticate, type Caller } from "./auth.js";
import { MAX_BODY_BYTES, parseJsonBody, readBodyBytes } from "./body.js";
import { clientIp } from "./client-ip.js";
import { toResponse, type HeaderMap, type Incoming, type Reply } from "./exchange.js";
import { bucketOf, rateLimitHeaders, retryAfterSeconds, WINDOW_MS } from "./limits.js";
import { API_MESSAGES, scopeMessage } from "./messages.js";
import { resolveOptions, type ApiOptions, type ResolvedOptions } from "./options.js";
import { report } from "./report.js";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.js";
import { failure } from "./responses.js";
import type { Route, RouteContext } from "./route.js";
import { createRouter, type Router } from "./router.js";
import { activateRoute } from "./routes/activate.js";
import { activationsRoute } from "./routes/activations.js";
import { feedbackRoute } from "./routes/feedback-route.js";
import { openApiRoute } from "./routes/openapi.js";
import { passthroughRoutes } from "./routes/passthrough.js";
import { usageRoute } from "./routes/usage.js";

/** Transport facts a `Request` does not carry. */
export interface ConnectionInfo {
  /** The peer address of the connection (for the anonymous `/verify` limit). */
  remoteAddress?: string;
}

/** The transport-neutral entry `toNodeListener` uses (not part of the public API). */
export const HANDLE_INCOMING = Symbol("arcroute.http.handleIncoming");

export interface Api {
  fetch(request: Request, info?: ConnectionInfo): Promise<Response>;
  readonly basePath: string;
  readonly [HANDLE_INCOMING]: (incoming: Incoming) => Promise<Reply>;
}

export function createApi(options: ApiOptions): Api {
  const resolved = resolveOptions(options);
  const router = createRouter([
    activateRoute,
    usageRoute,
    activationsRoute,
    feedbackRoute,
    ...passthroughRoutes,
    openApiRoute(resolved.basePath),
  ]);
  const handleIncoming = (incoming: Incoming) => handle(resolved, router, incoming);
  return {
    basePath: resolved.basePath,
    fetch: async (request, info) => toResponse(await handleIncoming(fromRequest(request, info ?? {}))),
    [HANDLE_INCOMING]: handleIncoming,
  };
}

function fromRequest(request: Request, info: ConnectionInfo): Incoming {
  return {
    method: request.method,
    url: request.url,
    path: new URL(request.url).pathname,
    headers: request.headers,
    remoteAddress: info.remoteAddress,
    readBody: (limit) => readBodyBytes(request, limit),
    toRequest: (body) =>
      new Request(request.url, { method: request.method, headers: request.headers, body: body && body.byteLength > 0 ? (body as Uint8Array<ArrayBuffer>) : null }),
  };
}

async function handle(options: ResolvedOptions, router: Router, incoming: Incoming): Promise<Reply> {
  const requestId = requestIdOf(incoming.headers);
  return withRequestId(await dispatch(options, router, incoming, requestId), requestId);
}

async function dispatch(options: ResolvedOptions, router: Router, incoming: Incoming, requestId: string): Promise<Reply> {
  const below = belowBase(incoming.path, options.basePath);
  const match = below === null ? ({ kind: "not_found" } as const) : router.match(incoming.method, below);
  if (match.kind === "not_found") return failure(404, API_MESSAGES.notFound, "not_found");
  if (match.kind === "method_not_allowed") return failure(405, API_MESSAGES.methodNotAllowed, "method_not_allowed", { allow: match.allow.join(", ") });

  const { route, params } = match;
  const seen: Seen = { caller: null, headers: {} };
  try {
    return await runRoute(options, route, incoming, params, requestId, seen);
  } catch (error) {
    report(options, error, {
      method: incoming.method,
      path: incoming.path,
      request_id: requestId,
      ...(seen.caller?.kind === "key" ? { org_id: seen.caller.org.id } : {}),
    });
    const answer = route.failure ?? { message: API_MESSAGES.internalError, code: "internal_error" as const };
    return failure(500, answer.message, answer.code, seen.headers);
  }
}

/** What the pipeline learned before a failure, for the error report. */
interface Seen {
  caller: Caller | null;
  /** RateLimit headers, once the limiter was consulted: a 500 carries them like any other answer. */
  headers: HeaderMap;
}

async function runRoute(
  options: ResolvedOptions,
  route: Route,
  incoming: Incoming,
  params: Record<string, string>,
  requestId: string,
  seen: Seen,
): Promise<Reply> {
  const ip = clientIp(incoming.headers, incoming.remoteAddress, options.trustedHops);
  const context = (caller: Caller, headers: HeaderMap): RouteContext => ({
    incoming, requestId, caller, params, json: null, bytes: null, clientIp: ip, headers, options, now: options.now(),
  });
  if (route.access.kind === "public") return route.handle(context({ kind: "anonymous", ip }, {}));

  const admitted = await admit(options, route.access, incoming, ip, seen);
  if (!admitted.ok) return admitted.reply;
  const ready = context(admitted.caller, admitted.headers);
  const refused = route.body === "none" ? null : await readRouteBody(route.body, incoming, ready);
  return refused ?? route.handle(ready);
}

type Admission = { ok: true; caller: Caller; headers: HeaderMap } | { ok: false; reply: Reply };

/** Auth (401), rate limit and scope (403 before 429): who may go on, with the RateLimit headers. */
async function admit(options: ResolvedOptions, access: Extract<Route["access"], { kind: "key" }>, incoming: Incoming, ip: string, seen: Seen): Promise<Admission> {
  const caller = await authenticate(options.store, incoming.headers, access.anonymous ? ip : null);
  if (!caller) return { ok: false, reply: failure(401, API_MESSAGES.unauthorized, "unauthorized") };
  seen.caller = caller;
  // The limiter is consulted before the scope verdict so that a 403, like every other
  // authenticated answer, carries the RateLimit headers; 403 still wins over 429.
  const bucket = bucketOf(caller, options.anonymousVerifyRpm);
  const limit = await options.limiter.hit(bucket.key, bucket.limit, WINDOW_MS);
  const headers = rateLimitHeaders(limit);
  seen.headers = headers;
  if (caller.kind === "key" && access.scope !== null && !caller.key.scopes.includes(access.scope)) {
    return { ok: false, reply: failure(403, scopeMessage(access.scope), "forbidden", headers) };
  }
  if (!limit.allowed) {
    return { ok: false, reply: failure(429, API_MESSAGES.rateLimited, "rate_limited", { ...headers, "retry-after": String(retryAfterSeconds(limit)) }) };
  }
  return { ok: true, caller, headers };
}

/** Reads the body into `context` (413 past 64 KiB; 400 for JSON routes that get no JSON); null when it is fine. */
async function readRouteBody(kind: "json" | "raw", incoming: Incoming, context: RouteContext): Promise<Reply | null> {
  const body = await incoming.readBody(MAX_BODY_BYTES);
  if (!body.ok) return failure(413, API_MESSAGES.bodyTooLarge, "payload_too_large", context.headers);
  context.bytes = body.bytes;
  if (kind === "raw") return null;
  const json = parseJsonBody(body.bytes);
  if (!json.ok) return failure(400, API_MESSAGES.invalidJson, "invalid_json", context.headers);
  context.json = json.value;
  return null;
}

function withRequestId(reply: Reply, requestId: string): Reply {
  if (reply instanceof Response) {
    // A user handler's own id wins; its headers are a fresh mutable copy (responses.withHeaders).
    if (!reply.headers.has(REQUEST_ID_HEADER)) reply.headers.set(REQUEST_ID_HEADER, requestId);
    return reply;
  }
  reply.headers[REQUEST_ID_HEADER] = requestId;
  return reply;
}

/** The path below the base path, or null when the request is not under it. */
function belowBase(path: string, basePath: string): string | null {
  if (basePath === "") return path;
  if (path === basePath || !path.startsWith(basePath + "/")) return null;
  return path.slice(basePath.length);
}
