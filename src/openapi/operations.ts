/**
 * The `/v1` surface as data: one entry per operation, with its scope and every failure it can
 * answer (status → the contract's messages). The document generator turns this into OpenAPI;
 * the live-server test walks it against the handlers, so a message documented here and never
 * sent (or sent and not documented) fails a test.
 */
import type { Scope } from "../stores/types.js";
import { MESSAGES as REQUEST_MESSAGES } from "../schema/request.js";
import { API_MESSAGES, FEEDBACK_MESSAGES, scopeMessage, type ErrorCode } from "./messages.js";

export type HttpMethod = "get" | "post";

/** An error status with the messages it carries (each a documented example). */
export interface ErrorSpec {
  status: number;
  description: string;
  messages: readonly string[];
  /** The body's `code` for every message of this status; absent when they differ (400: `invalid_json` or `invalid_request`). */
  code?: ErrorCode;
  /** Answered by the router before any key check: no RateLimit headers (404 `Not found`, 405). */
  routing?: true;
}

export interface OperationSpec {
  method: HttpMethod;
  /** Path below the base path, OpenAPI-templated: `/activations/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Scope the key must carry; null: any valid key. */
  scope: Scope | null;
  /** Also answers without a key (rate limited per client IP). */
  anonymous?: boolean;
  /** No authentication at all (the document itself). */
  public?: boolean;
  /** Component name of the JSON request body. */
  requestBody?: string;
  /** Component name of the 200 body; null: a free-form JSON body from a user-supplied handler. */
  success: { schema: string | null; description: string };
  /** Sends `Idempotency-Key` replay semantics. */
  idempotent?: boolean;
  errors: ErrorSpec[];
}

const unauthorized: ErrorSpec = { status: 401, description: "Key missing, malformed, unknown or revoked.", messages: [API_MESSAGES.unauthorized], code: "unauthorized" };
const forbidden = (scope: Scope): ErrorSpec => ({ status: 403, description: `Key lacks the '${scope}' scope.`, messages: [scopeMessage(scope)], code: "forbidden" });
const rateLimited: ErrorSpec = {
  status: 429,
  description: "Rate limit of the organization's plan (or of the client IP, anonymously) exceeded, or the client IP is over its budget of failed key lookups (then answered before the key is looked up, without RateLimit headers); see Retry-After.",
  messages: [API_MESSAGES.rateLimited],
  code: "rate_limited",
};
const tooLarge: ErrorSpec = { status: 413, description: "Body larger than 64 KiB.", messages: [API_MESSAGES.bodyTooLarge], code: "payload_too_large" };
const invalidJson: ErrorSpec = { status: 400, description: "Body is not JSON.", messages: [API_MESSAGES.invalidJson], code: "invalid_json" };
const handlerFailed: ErrorSpec = { status: 500, description: "The configured handler threw.", messages: [API_MESSAGES.internalError], code: "internal_error" };
const storeFailed: ErrorSpec = {
  status: 500,
  description: "The store failed; the cause went to the server's onError under this response's X-Request-Id.",
  messages: [API_MESSAGES.internalError],
  code: "internal_error",
};
const notImplemented: ErrorSpec = {
  status: 501,
  description: "No handler for this operation is configured on this server (`createApi({ handlers })`).",
  messages: [API_MESSAGES.notImplemented],
  code: "not_implemented",
};

/** A contract path whose behaviour the contract does not show: routed with its scope, served by a user handler. */
function delegated(method: HttpMethod, path: string, operationId: string, summary: string, scope: Scope, extra: ErrorSpec[] = [], anonymous = false): OperationSpec {
  return {
    method,
    path,
    operationId,
    summary,
    description: "Behaviour beyond path and scope is not part of the contract: the server routes the request, checks the key, the scope and the rate limit, then calls the handler configured for it.",
    tags: ["delegated"],
    scope,
    anonymous,
    success: { schema: null, description: "The configured handler's response." },
    // A GET's body is never read, so it cannot be too large.
    errors: [unauthorized, forbidden(scope), rateLimited, ...(method === "post" ? [tooLarge] : []), ...extra, handlerFailed, notImplemented],
  };
}

/** 400 of a JSON-body operation: the body checks every such route shares, then its own field messages. */
const badBody = (...fieldMessages: string[]): ErrorSpec => ({
  status: 400,
  description: "Body is not JSON, not an object, or a field is invalid.",
  messages: [API_MESSAGES.invalidJson, REQUEST_MESSAGES.bodyNotObject, ...fieldMessages],
});

const idempotencyMismatch: ErrorSpec = {
  status: 422,
  description: "The Idempotency-Key was already used for a different request.",
  messages: [API_MESSAGES.idempotencyMismatch],
  code: "idempotency_mismatch",
};

/**
 * The router's answers. 405: the path exists, the method is not one it serves (`Allow` lists them);
 * listed on the path's operation because OpenAPI has no responses per path. 404 `Not found`: a path
 * no route has; within a templated path, a segment the router refuses (one that does not decode,
 * or decoded is not a plain segment: `PLAIN_SEGMENT` in router.ts), so that a parameter cannot walk
 * to another route.
 */
export const METHOD_NOT_ALLOWED: ErrorSpec = {
  status: 405,
  description: "This path with a method it does not serve (Allow lists the ones it does); answered before any key check, never to this operation's own method.",
  messages: [API_MESSAGES.methodNotAllowed],
  code: "method_not_allowed",
  routing: true,
};
export const ROUTE_NOT_FOUND: ErrorSpec = {
  status: 404,
  description: "A path segment the router refuses (it does not decode, or decoded it is not only unreserved characters `A-Z a-z 0-9 . _ ~ -`, or only dots) is no route: answered before any key check.",
  messages: [API_MESSAGES.notFound],
  code: "not_found",
  routing: true,
};

/** Adds what the router answers on this operation's path: 405 always, 404 `Not found` for a templated path (merged into its own 404). */
function withRouterFailures(operation: OperationSpec): OperationSpec {
  const errors = [...operation.errors, METHOD_NOT_ALLOWED];
  if (!operation.path.includes("{")) return { ...operation, errors };
  const own = errors.findIndex((error) => error.status === 404);
  if (own < 0) return { ...operation, errors: [...errors, ROUTE_NOT_FOUND] };
  const merged = { ...errors[own]!, description: `${errors[own]!.description} ${ROUTE_NOT_FOUND.description}`, messages: [...errors[own]!.messages, ...ROUTE_NOT_FOUND.messages] };
  return { ...operation, errors: errors.map((error, i) => (i === own ? merged : error)) };
}

const quota: ErrorSpec = { status: 402, description: "Free plan: the organization's 100 lifetime extractions are used up.", messages: [API_MESSAGES.quotaExhausted], code: "quota_exhausted" };

const OWN_OPERATIONS: readonly OperationSpec[] = [
  {
    method: "post",
    path: "/activate",
    operationId: "activate",
    summary: "Turn a natural-language query into EDM significance field filters",
    description:
      "Classifies the query, persists one arc_activation_event (its id is data.activation_id) and, when data.significance_gate is true and the key is live, bills $0.001 in the same transaction.",
    tags: ["activation"],
    scope: "extract",
    requestBody: "ActivateRequest",
    success: { schema: "ActivationEnvelope", description: "The activation." },
    idempotent: true,
    errors: [
      badBody(
        REQUEST_MESSAGES.queryRequired,
        REQUEST_MESSAGES.queryNotString,
        REQUEST_MESSAGES.queryTooLong,
        REQUEST_MESSAGES.subjectNotString,
        REQUEST_MESSAGES.subjectTooLong,
        REQUEST_MESSAGES.topKInvalid,
        REQUEST_MESSAGES.queryUnstorable,
        REQUEST_MESSAGES.subjectUnstorable,
        API_MESSAGES.idempotencyKeyInvalid,
      ),
      unauthorized,
      forbidden("extract"),
      tooLarge,
      idempotencyMismatch,
      rateLimited,
      { status: 500, description: "The activation could not be persisted; nothing was billed.", messages: [API_MESSAGES.activationFailed], code: "activation_failed" },
    ],
  },
  {
    method: "get",
    path: "/usage",
    operationId: "usage",
    summary: "Billed significance queries and amount of the key's organization this month",
    tags: ["account"],
    scope: null,
    success: { schema: "UsageEnvelope", description: "Usage of the current calendar month (UTC)." },
    errors: [unauthorized, rateLimited, storeFailed],
  },
  {
    method: "get",
    path: "/activations/{id}",
    operationId: "getActivation",
    summary: "One persisted activation event of the key's organization",
    tags: ["activation"],
    scope: "extract",
    success: { schema: "ActivationEventEnvelope", description: "The activation event." },
    errors: [
      unauthorized,
      forbidden("extract"),
      { status: 404, description: "No such activation in this organization.", messages: [API_MESSAGES.activationNotFound], code: "not_found" },
      rateLimited,
      storeFailed,
    ],
  },
  {
    method: "post",
    path: "/feedback",
    operationId: "feedback",
    summary: "Report whether the retrieval routed by an activation found what was wanted",
    tags: ["activation"],
    scope: "extract",
    requestBody: "FeedbackRequest",
    success: { schema: "FeedbackEnvelope", description: "The stored feedback." },
    idempotent: true,
    errors: [
      badBody(...Object.values(FEEDBACK_MESSAGES), API_MESSAGES.idempotencyKeyInvalid),
      unauthorized,
      forbidden("extract"),
      { status: 404, description: "No such activation in this organization (or not a UUID).", messages: [API_MESSAGES.activationNotFound], code: "not_found" },
      tooLarge,
      idempotencyMismatch,
      rateLimited,
      storeFailed,
    ],
  },
  delegated("post", "/extract", "extract", "Create an extraction (body: {content})", "extract", [quota]),
  delegated("post", "/observe", "observe", "Create an observation", "extract", [quota]),
  delegated("post", "/batch/{operation}", "batch", "Batch extraction operations (/v1/batch/*; one unit of the Free quota per call)", "extract", [quota]),
  delegated("post", "/validate", "validate", "Validate an artifact against the schema", "validate"),
  delegated("post", "/issue", "issue", "Seal an artifact into a .ddna envelope", "issue"),
  delegated("post", "/verify", "verify", "Verify an envelope (a key is optional; anonymous calls are limited per IP)", "verify", [], true),
  delegated("get", "/certificate/{id}", "certificate", "Retrieve a certificate", "verify"),
  delegated("post", "/vitapass/{operation}", "vitapass", "Manage consent scopes and presentations (/v1/vitapass/*)", "vitapass"),
];

export const OPERATIONS: readonly OperationSpec[] = OWN_OPERATIONS.map(withRouterFailures);
