/**
 * The OpenAPI 3.1 document of the `/v1` surface: the operation table (operations.ts) rendered
 * with components generated from the zod schemas (components.ts). `arcroute openapi` prints it;
 * the handler set serves it at `GET <basePath>/openapi.json`.
 */
import { z } from "zod";
import { ActivationMetaSchema, ActivationResultSchema, FieldFilterSchema } from "../schema/activation.js";
import { ActivationEnvelopeSchema, ErrorEnvelopeSchema } from "../schema/envelope.js";
import { ActivateRequestSchema } from "../schema/request.js";
import {
  ActivationEventEnvelopeSchema,
  FeedbackEnvelopeSchema,
  FeedbackRequestSchema,
  UsageEnvelopeSchema,
} from "../client/schemas.js";
import { componentRef, generateComponents, inlineSchema, type JsonSchema } from "./components.js";
import { METHOD_NOT_ALLOWED, OPERATIONS, ROUTE_NOT_FOUND, type ErrorSpec, type OperationSpec } from "./operations.js";
import { MAX_IDEMPOTENCY_KEY_CHARS } from "../http/messages.js";
import { methodsOf, PLAIN_SEGMENT } from "../http/router.js";
import { normalizeBasePath } from "../http/options.js";

/** Version of the `/v1` API description (the package version is in package.json). */
export const API_DOCUMENT_VERSION = "1.0.0";

export interface OpenApiOptions {
  /** Where the handler set is mounted (default `/v1`); paths are documented under it. */
  basePath?: string;
  /**
   * URL of the server, when known (default: relative to the document). A URL carrying a user name
   * or password is refused: the document is meant to be published.
   */
  serverUrl?: string;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: JsonSchema;
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; responses: Record<string, JsonSchema>; securitySchemes: JsonSchema };
}

const REQUEST_COMPONENTS = { ActivateRequest: ActivateRequestSchema, FeedbackRequest: FeedbackRequestSchema };
const RESPONSE_COMPONENTS = {
  FieldFilter: FieldFilterSchema,
  ActivationResult: ActivationResultSchema,
  ActivationMeta: ActivationMetaSchema,
  ActivationEnvelope: ActivationEnvelopeSchema,
  ErrorEnvelope: ErrorEnvelopeSchema,
  UsageEnvelope: UsageEnvelopeSchema,
  ActivationEventEnvelope: ActivationEventEnvelopeSchema,
  FeedbackEnvelope: FeedbackEnvelopeSchema,
};

const SECURITY_SCHEMES = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    description: "Authorization: Bearer ar_live_<secret> (or ar_test_<secret>, never billed). Wins when both headers are sent.",
  },
  apiKeyAuth: { type: "apiKey", in: "header", name: "X-API-Key", description: "The same key in X-API-Key." },
};

const integerHeader = (description: string) => ({ description, schema: { type: "integer", minimum: 0 } });
const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": integerHeader("Requests allowed per 60-second window for this organization."),
  "RateLimit-Remaining": integerHeader("Requests left in the current window."),
  "RateLimit-Reset": integerHeader("Seconds until a slot frees up."),
};
const RETRY_AFTER = { "Retry-After": { description: "Whole seconds to wait before retrying (at least 1).", schema: { type: "integer", minimum: 1 } } };
/** On every answer: quote it to the operator, whose `onError` receives the same id for a 500. */
const REQUEST_ID = { "X-Request-Id": { description: "This request's id, also given to onError for a 500: the client's or proxy's X-Request-Id when it is 1–128 of A–Z a–z 0–9 . _ : -, else a fresh UUID.", schema: { type: "string" } } };
const allowHeader = (allow: string) => ({ Allow: { description: "The methods this path serves.", required: true, schema: { type: "string", enum: [allow] } } });
/** What the router answers outside the listed paths (the document cannot list a path it does not have). */
const UNLISTED_PATHS =
  "A path not listed here, under the base path or not, is answered 404 `Not found` before any key check (`#/components/responses/NotFound`); a listed path called with a method it does not serve is answered 405 `Method not allowed` with `Allow` (listed on each operation).";
const REPLAYED = { "Idempotent-Replayed": { description: "`true` when this is the stored first response to the same Idempotency-Key.", schema: { type: "string", enum: ["true"] } } };

export function createOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  // The handler set's normalisation, so the document lists the paths createApi serves for the same option.
  const basePath = normalizeBasePath(options.basePath ?? "/v1");
  const paths: OpenApiDocument["paths"] = {};
  for (const operation of OPERATIONS) {
    const path = basePath + operation.path;
    paths[path] = { ...paths[path], [operation.method]: renderOperation(operation, allowOf(operation.path)) };
  }
  paths[`${basePath}/openapi.json`] = {
    get: {
      operationId: "openapi",
      summary: "This document",
      tags: ["meta"],
      security: [],
      responses: {
        "200": { description: "The OpenAPI 3.1 document.", content: { "application/json": { schema: { type: "object" } } } },
        "405": renderError(METHOD_NOT_ALLOWED, false, methodsOf("GET").join(", ")),
      },
    },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "arcroute",
      version: API_DOCUMENT_VERSION,
      summary: "Natural-language queries to EDM significance filters, with API keys, scopes, rate limits and billing.",
      description: UNLISTED_PATHS,
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: serverUrlOf(options.serverUrl) }],
    tags: [
      { name: "activation", description: "Significance activation (the contract's POST /v1/activate) and its extensions." },
      { name: "account", description: "The key's organization." },
      { name: "delegated", description: "Contract paths routed with their scopes and served by user-supplied handlers." },
      { name: "meta", description: "About the API itself." },
    ],
    paths,
    components: {
      schemas: { ...generateComponents(REQUEST_COMPONENTS, "input"), ...generateComponents(RESPONSE_COMPONENTS, "output") },
      responses: { NotFound: renderError({ ...ROUTE_NOT_FOUND, description: "No route has this path." }, false) },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

/** The router's `Allow` for a path: the methods of every operation on it, in table order (HEAD after each GET). */
function allowOf(path: string): string {
  return OPERATIONS.filter((operation) => operation.path === path)
    .flatMap((operation) => methodsOf(operation.method.toUpperCase()))
    .join(", ");
}

function renderOperation(operation: OperationSpec, allow: string): JsonSchema {
  const rendered: JsonSchema = {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: operation.tags,
    security: securityOf(operation),
    "x-arcroute-scope": operation.scope,
  };
  const parameters = [...pathParameters(operation.path)];
  if (operation.idempotent) {
    parameters.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "A repeated key from the same organization within 24 hours replays the first response and writes nothing again (on /activate: no second event, no second charge; on /feedback: no second feedback). The same key with a different request is 422; an organization's keys are one set across these operations.",
      schema: { type: "string", minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_CHARS, pattern: "^[\\x21-\\x7E]+$" },
    });
  }
  if (parameters.length > 0) rendered.parameters = parameters;
  if (operation.requestBody) {
    rendered.requestBody = { required: true, content: { "application/json": { schema: { $ref: componentRef(operation.requestBody) } } } };
  } else if (operation.method === "post") {
    rendered.requestBody = { required: false, content: { "application/json": { schema: {} } } };
  }
  const authenticated = !operation.public;
  const responses: JsonSchema = {
    "200": {
      description: operation.success.description,
      headers: { ...REQUEST_ID, ...(authenticated ? RATE_LIMIT_HEADERS : {}), ...(operation.idempotent ? REPLAYED : {}) },
      content: { "application/json": { schema: operation.success.schema ? { $ref: componentRef(operation.success.schema) } : {} } },
    },
  };
  // Past authentication (401), every answer of a keyed operation carries the organization's RateLimit
  // headers; the router's answers come before it.
  for (const error of operation.errors) responses[String(error.status)] = renderError(error, authenticated && error.status !== 401 && !error.routing, allow);
  rendered.responses = responses;
  return rendered;
}

function securityOf(operation: OperationSpec): JsonSchema[] {
  if (operation.public) return [];
  const roles = operation.scope ? [operation.scope] : [];
  const requirements: JsonSchema[] = [{ bearerAuth: roles }, { apiKeyAuth: roles }];
  if (operation.anonymous) requirements.push({});
  return requirements;
}

function pathParameters(path: string): JsonSchema[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    ...(name === REST_OF_PATH ? { description: REST_OF_PATH_DESCRIPTION } : {}),
    schema: { type: "string", pattern: PLAIN_SEGMENT.source },
  }));
}

/** The parameter standing for `/*` in the router (`/batch/*`, `/vitapass/*`). */
const REST_OF_PATH = "operation";
const REST_OF_PATH_DESCRIPTION =
  "The rest of the path: one or more segments (`jobs`, `jobs/42`), handed to the handler as `params.path`. An OpenAPI path template matches one segment; the server routes every path under the prefix. Each segment, percent-decoded, must be unreserved characters (`A-Z a-z 0-9 . _ ~ -`) and not only dots; any other path is 404 `Not found`.";

/** The error envelope, narrowed to this status's messages (so a response can be checked message by message); a 405 documents `allow`. */
function renderError(error: ErrorSpec, rateLimited: boolean, allow?: string): JsonSchema {
  const code = error.code ? { code: z.literal(error.code) } : {};
  const narrowed = inlineSchema(z.looseObject({ error: z.enum(error.messages as [string, ...string[]]), ...code }));
  const examples = Object.fromEntries(
    error.messages.map((message, index) => [
      `e${error.status}_${index + 1}`,
      { summary: message, value: { success: false, error: message, data: null, ...(error.code ? { code: error.code } : {}) } },
    ]),
  );
  return {
    description: error.description,
    headers: {
      ...REQUEST_ID,
      ...(rateLimited ? RATE_LIMIT_HEADERS : {}),
      ...(error.status === 429 ? RETRY_AFTER : {}),
      ...(error.status === 405 && allow ? allowHeader(allow) : {}),
    },
    content: { "application/json": { schema: { allOf: [{ $ref: componentRef("ErrorEnvelope") }, narrowed] }, examples } },
  };
}

/** Every documented (operationId, status, message) triple: what the live-server test walks. */
export function documentedFailures(document: OpenApiDocument): { operationId: string; method: string; path: string; status: number; message: string }[] {
  const out = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const responses = (op.responses ?? {}) as Record<string, { content?: Record<string, { examples?: Record<string, { value: { error: string } }> }> }>;
      for (const [status, response] of Object.entries(responses)) {
        for (const example of Object.values(response.content?.["application/json"]?.examples ?? {})) {
          out.push({ operationId: String(op.operationId), method, path, status: Number(status), message: example.value.error });
        }
      }
    }
  }
  return out;
}

/**
 * Why a server URL cannot go in servers[0], or null when it can: one with a user name or password
 * in it cannot (the document is meant to be published). The wording follows the option's name, so
 * the library (`serverUrl …`) and the CLI (`--server-url …`) say the same; it never repeats the URL.
 */
export function serverUrlProblem(serverUrl: string): string | null {
  // A relative URL ("/api", "//host/api") is resolved against a placeholder only to read its parts.
  const url = URL.canParse(serverUrl, "http://relative.invalid") ? new URL(serverUrl, "http://relative.invalid") : null;
  if (url !== null && (url.username !== "" || url.password !== "")) return "must not carry a user name or password: the OpenAPI document is meant to be published";
  return null;
}

/** servers[0].url: the given URL (absolute or relative), never one with credentials in it. */
function serverUrlOf(serverUrl: string | undefined): string {
  if (serverUrl === undefined) return "/";
  const problem = serverUrlProblem(serverUrl);
  if (problem !== null) throw new TypeError(`serverUrl ${problem}`);
  return serverUrl;
}
