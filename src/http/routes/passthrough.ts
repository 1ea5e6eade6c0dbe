/**
 * The contract paths whose behaviour the contract does not show (4.2): routed with their scopes and
 * limits like every other path, then handed to the user's handler, or 501 `Not implemented`.
 * `/extract`, `/observe` and `/batch/*` (the contract's "extraction and observation" paths) run under
 * the Free plan's lifetime extraction quota (quota.ts), one unit per call.
 */
import type { Scope } from "../../stores/types.js";
import { withExtractionQuota } from "../quota.js";
import { report } from "../report.js";
import { API_MESSAGES } from "../messages.js";
import { ANONYMOUS_HANDLERS, type HandlerName, type UserHandler, type VerifyContext } from "../options.js";
import { failure, success, withHeaders } from "../responses.js";
import type { Reply } from "../exchange.js";
import type { Route, RouteContext } from "../route.js";

interface Delegated {
  name: HandlerName;
  method: "GET" | "POST";
  pattern: string;
  scope: Scope;
  /** Counts against the Free plan's lifetime extractions. */
  quota?: true;
}

const DELEGATED: readonly Delegated[] = [
  { name: "extract", method: "POST", pattern: "/extract", scope: "extract", quota: true },
  { name: "observe", method: "POST", pattern: "/observe", scope: "extract", quota: true },
  { name: "batch", method: "POST", pattern: "/batch/*", scope: "extract", quota: true },
  { name: "validate", method: "POST", pattern: "/validate", scope: "validate" },
  { name: "issue", method: "POST", pattern: "/issue", scope: "issue" },
  { name: "verify", method: "POST", pattern: "/verify", scope: "verify" },
  { name: "certificate", method: "GET", pattern: "/certificate/:id", scope: "verify" },
  { name: "vitapass", method: "POST", pattern: "/vitapass/*", scope: "vitapass" },
];

export const passthroughRoutes: Route[] = DELEGATED.map((d) => ({
  method: d.method,
  pattern: d.pattern,
  access: { kind: "key", scope: d.scope, anonymous: (ANONYMOUS_HANDLERS as readonly HandlerName[]).includes(d.name) },
  body: d.method === "POST" ? "raw" : "none",
  handle: (context: RouteContext) => delegate(d, context),
}));

async function delegate(route: Delegated, context: RouteContext): Promise<Reply> {
  // Typed for the widest context: a handler of a key-only path is reached only with a key (the
  // pipeline checked its access), so it only ever sees a HandlerContext, as its type says.
  const handler = context.options.handlers[route.name] as UserHandler<VerifyContext> | undefined;
  // No handler: 501 comes last, after the quota like any route's work (a ≥ 400 answer gives its unit back).
  const run = handler ? () => callHandler(handler, context) : async () => failure(501, API_MESSAGES.notImplemented, "not_implemented", context.headers);
  if (!route.quota) return run();
  const org = context.caller.kind === "key" ? context.caller.org : null;
  const outcome = await withExtractionQuota(context.options.store, org, run, (error) =>
    report(context.options, error, { method: context.incoming.method, path: context.incoming.path, request_id: context.requestId, ...(org ? { org_id: org.id } : {}) }),
  );
  return outcome.allowed ? outcome.reply : failure(402, API_MESSAGES.quotaExhausted, "quota_exhausted", context.headers);
}

async function callHandler(handler: UserHandler<VerifyContext>, context: RouteContext): Promise<Reply> {
  const answer = await handler(context.incoming.toRequest(context.bytes), handlerContext(context));
  if (answer instanceof Response) return withHeaders(answer, context.headers);
  return success(answer ?? null, undefined, context.headers);
}

function handlerContext(context: RouteContext): VerifyContext {
  const { caller } = context;
  const request = { params: { ...context.params }, body: context.bytes, clientIp: context.clientIp };
  if (caller.kind !== "key") return { ...request, org: null, key: null };
  const { hash: _hash, ...key } = caller.key;
  return { ...request, org: caller.org, key };
}
