/**
 * The handler set: one pipeline every request goes through, in the order SPEC section 5 fixes —
 * route (404/405) → auth (429 for a client over its failed-lookup budget, before the key's lookup; 401) → scope (403) → rate limit (429) → body (413/400) → route handler.
 * Unexpected errors become the route's 500 message; details go to `onError`, never to the client.
 */
import { createKeyDigests, type KeyDigests } from "../keys/index.js";
import { authenticate, type Caller } from "./auth.js";
import { MAX_BODY_BYTES, parseJsonBody, readBodyBytes, type BodyBytes } from "./body.js";
import { clientIp } from "./client-ip.js";
import { lookupGuard } from "./failed-lookups.js";
import { toResponse, withoutBody, type HeaderMap, type Incoming, type Reply } from "./exchange.js";
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
  remoteAddress?: string | undefined;
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
  const pipeline: Pipeline = {
    options: resolved,
    router: createRouter([
      activateRoute,
      usageRoute,
      activationsRoute,
      feedbackRoute,
      ...passthroughRoutes,
      openApiRoute(resolved.basePath),
    ]),
    digests: createKeyDigests(),
  };
  const handleIncoming = (incoming: Incoming) => handle(pipeline, incoming);
  return {
    basePath: resolved.basePath,
    fetch: async (request, info) => {
      const response = toResponse(await handleIncoming(fromRequest(request, info ?? {})));
      return request.method === "HEAD" ? await withoutBody(response) : response;
    },
    [HANDLE_INCOMING]: handleIncoming,
  };
}

/** What one Api holds for the life of its requests. */
interface Pipeline {
  options: ResolvedOptions;
  router: Router;
  /** Digests of the keys the store knew, so a key is not hashed on each of its requests. */
  digests: KeyDigests;
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

async function handle(pipeline: Pipeline, incoming: Incoming): Promise<Reply> {
  const requestId = requestIdOf(incoming.headers);
  const { options } = pipeline;
  const below = belowBase(incoming.path, options.basePath);
  const match = below === null ? NOT_FOUND : pipeline.router.match(incoming.method, below);
  if (match.kind === "not_found") return withRequestId(failure(404, API_MESSAGES.notFound, "not_found"), requestId);
  if (match.kind === "method_not_allowed") {
    return withRequestId(failure(405, API_MESSAGES.methodNotAllowed, "method_not_allowed", { allow: match.allow.join(", ") }), requestId);
  }

  const { route, params } = match;
  const seen: Seen = { caller: null, headers: NO_HEADERS };
  let reply: Reply;
  try {
    reply = await runRoute(pipeline, route, incoming, params, requestId, seen);
  } catch (error) {
    report(options, error, {
      method: incoming.method,
      path: incoming.path,
      request_id: requestId,
      ...(seen.caller?.kind === "key" ? { org_id: seen.caller.org.id } : {}),
    });
    const answer = route.failure ?? { message: API_MESSAGES.internalError, code: "internal_error" as const };
    reply = failure(500, answer.message, answer.code, seen.headers);
  }
  return withRequestId(reply, requestId);
}

const NOT_FOUND = { kind: "not_found" } as const;
/** Never written to: answers copy the headers they are given. */
const NO_HEADERS: HeaderMap = Object.freeze({}) as HeaderMap;

/** What the pipeline learned before a failure, for the error report. */
interface Seen {
  caller: Caller | null;
  /** RateLimit headers, once the limiter was consulted: a 500 carries them like any other answer. */
  headers: HeaderMap;
}

async function runRoute(pipeline: Pipeline, route: Route, incoming: Incoming, params: Record<string, string>, requestId: string, seen: Seen): Promise<Reply> {
  const { options } = pipeline;
  const ip = clientIp(incoming.headers, incoming.remoteAddress, options.trustedHops);
  if (route.access.kind === "public") return await route.handle(routeContext(options, incoming, requestId, { kind: "anonymous", ip }, params, ip, {}));

  // Auth (401; 429 before the key's lookup for a client over its failed-lookup budget), rate limit and scope (403 before 429).
  const guard = options.failedKeyLookupsPerMinute === false ? null : lookupGuard(options.limiter, ip, options.failedKeyLookupsPerMinute);
  const caller = await authenticate(options.store, pipeline.digests, incoming.headers, route.access.anonymous ? ip : null, guard);
  if (!caller) return failure(401, API_MESSAGES.unauthorized, "unauthorized");
  // No RateLimit headers: no organization is known, and the figures are not the organization's.
  if (caller.kind === "blocked") return failure(429, API_MESSAGES.rateLimited, "rate_limited", { "retry-after": String(retryAfterSeconds(caller.limit)) });
  seen.caller = caller;
  // The limiter is consulted before the scope verdict so that a 403, like every other
  // authenticated answer, carries the RateLimit headers; 403 still wins over 429.
  const bucket = bucketOf(caller, options.anonymousVerifyRpm);
  const limit = await options.limiter.hit(bucket.key, bucket.limit, WINDOW_MS);
  const headers = rateLimitHeaders(limit);
  seen.headers = headers;
  const scope = route.access.scope;
  if (caller.kind === "key" && scope !== null && !caller.key.scopes.includes(scope)) {
    return failure(403, scopeMessage(scope), "forbidden", headers);
  }
  if (!limit.allowed) {
    return failure(429, API_MESSAGES.rateLimited, "rate_limited", { ...headers, "retry-after": String(retryAfterSeconds(limit)) });
  }

  const context = routeContext(options, incoming, requestId, caller, params, ip, headers);
  if (route.body !== "none") {
    const refused = acceptBody(route.body, await incoming.readBody(MAX_BODY_BYTES), context);
    if (refused) return refused;
  }
  // `return await`: a promise returned from an async function as is costs extra turns to adopt.
  return await route.handle(context);
}

function routeContext(
  options: ResolvedOptions,
  incoming: Incoming,
  requestId: string,
  caller: Caller,
  params: Record<string, string>,
  clientIp: string,
  headers: HeaderMap,
): RouteContext {
  return { incoming, requestId, caller, params, json: null, bytes: null, clientIp, headers, options, now: options.now() };
}

/** Puts the body into `context` (413 past 64 KiB; 400 for JSON routes that get no JSON); null when it is fine. */
function acceptBody(kind: "json" | "raw", body: BodyBytes, context: RouteContext): Reply | null {
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
