/**
 * `arcroute/client`: a small fetch-based client for a hosted arcroute `/v1` API.
 *
 * Every success response is validated with the package's zod schemas; every failure becomes an
 * `ArcrouteError` carrying the status, the envelope's message and code, and `Retry-After`.
 * 429s are retried after the delay the server asks for, at most `maxRetries` times and only
 * when that delay fits in `maxRetryDelayMs` (waiting less than asked would only earn another 429).
 *
 * @example
 * const arcroute = createClient({ baseUrl: "http://127.0.0.1:8787/v1", apiKey: process.env.ARCROUTE_API_KEY! });
 * const { data } = await arcroute.activate({ query: "when was I most afraid of losing her" });
 * // data.field_filters → hand to your vector store through arcroute/adapters/<store>
 */
import type { z } from "zod";
import { MAX_BODY_BYTES } from "../http/body.js";
import { redactSecrets } from "../keys/redact.js";
import { checkOptions, requireOptions, shown } from "../schema/options.js";
import { ArcrouteError } from "./errors.js";
import { parseRetryAfter } from "./retry-after.js";
import {
  ActivationEnvelopeSchema,
  ActivationEventEnvelopeSchema,
  FeedbackEnvelopeSchema,
  UsageEnvelopeSchema,
  type ActivationEventEnvelope,
  type FeedbackEnvelope,
  type UsageEnvelope,
} from "./schemas.js";
import type { ActivationEnvelope } from "../schema/envelope.js";

export { ArcrouteError, isArcrouteError, type ArcrouteErrorInit } from "./errors.js";
export { parseRetryAfter } from "./retry-after.js";
export {
  UsageSchema,
  UsageEnvelopeSchema,
  ActivationEventSchema,
  ActivationEventEnvelopeSchema,
  FeedbackSchema,
  FeedbackEnvelopeSchema,
  type UsageEnvelope,
  type ActivationEventEnvelope,
  type FeedbackEnvelope,
} from "./schemas.js";
export type { ActivationEnvelope } from "../schema/envelope.js";

export interface ClientOptions {
  /** The API root including its base path, e.g. `https://api.example.com/v1` or `http://127.0.0.1:8787/v1`. */
  baseUrl: string;
  /** `ar_live_...` or `ar_test_...`; sent as `Authorization: Bearer`. Keep it server-side. */
  apiKey: string;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof globalThis.fetch | undefined;
  /** Retries of a 429 (default 2). */
  maxRetries?: number | undefined;
  /** Longest `Retry-After` the client waits for, in ms (default 60 000); longer ones are thrown at once. */
  maxRetryDelayMs?: number | undefined;
}

export interface CallOptions {
  /** Sent as `Idempotency-Key` (`activate`, `feedback`): a repeat within 24 h replays the first response; nothing is billed or stored again. */
  idempotencyKey?: string | undefined;
  signal?: AbortSignal | undefined;
}

export interface ActivateInput {
  query: string;
  subject_vp_id?: string | undefined;
  top_k?: number | undefined;
}

export interface FeedbackInput {
  activation_id: string;
  /** Whether the routed retrieval found what the user wanted. */
  hit: boolean;
  memory_id?: string | null | undefined;
}

export interface ArcrouteClient {
  /** `POST /activate`: the query's significance filters, persisted as an activation event. */
  activate(input: ActivateInput, options?: CallOptions): Promise<ActivationEnvelope>;
  /** `GET /usage`: this key's organization's billed significance queries this month. */
  usage(options?: CallOptions): Promise<UsageEnvelope>;
  /** `GET /activations/:id`: one activation event of this key's organization. */
  activation(id: string, options?: CallOptions): Promise<ActivationEventEnvelope>;
  /** `POST /feedback`: whether the retrieval routed by an activation found what was wanted. */
  feedback(input: FeedbackInput, options?: CallOptions): Promise<FeedbackEnvelope>;
}

const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_MAX_RETRY_DELAY_MS = 60_000;
/** When a 429 carries no usable Retry-After, wait this long (the smallest the server would ask for). */
const FALLBACK_RETRY_SECONDS = 1;

const CLIENT_OPTIONS = ["baseUrl", "apiKey", "fetch", "maxRetries", "maxRetryDelayMs"];

export function createClient(options: ClientOptions): ArcrouteClient {
  checkOptions("createClient", options, CLIENT_OPTIONS);
  requireOptions("createClient", options, ["baseUrl", "apiKey"]);
  const base = normalizeBaseUrl(options.baseUrl);
  if (typeof options.apiKey !== "string" || options.apiKey.trim() === "") {
    throw new TypeError("createClient: `apiKey` is required (an ar_live_... or ar_test_... key)");
  }
  const apiKey = options.apiKey.trim();
  // Never quoted back: a key fetch cannot send would otherwise appear in its error message.
  if (!/^[\x21-\x7e]+$/.test(apiKey)) throw new TypeError("createClient: `apiKey` must be visible ASCII, without spaces or line breaks (the key is not shown)");
  // A fetch given but not a function (a package name, an unawaited import) is not a missing global.
  if (options.fetch !== undefined && typeof options.fetch !== "function") throw new TypeError(`createClient: \`fetch\` must be a function (a fetch implementation), got ${shown(options.fetch)}`);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== "function") throw new TypeError("createClient: no global fetch; pass `fetch`");
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
  // NaN or Infinity here would retry a 429 forever.
  if (!Number.isInteger(maxRetries) || maxRetries < 0) throw new RangeError("createClient: `maxRetries` must be a non-negative integer");
  if (!Number.isFinite(maxRetryDelayMs) || maxRetryDelayMs < 0) throw new RangeError("createClient: `maxRetryDelayMs` must be a finite number of milliseconds ≥ 0");
  const authorization = `Bearer ${apiKey}`;

  async function call<S extends z.ZodType>(
    method: "GET" | "POST",
    path: string,
    schema: S,
    body: unknown,
    call: CallOptions = {},
  ): Promise<z.infer<S>> {
    const url = base + path;
    // Quoted by every error of the call: a key written in the base path or an activation id stays out.
    const what = redactSecrets(`${method} ${url}`);
    const headers: Record<string, string> = { authorization, accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (call.idempotencyKey !== undefined) headers["idempotency-key"] = call.idempotencyKey;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    // Refused here as the server would refuse it: sent, a large body is uploaded for nothing (the
    // server discards up to 8 MiB after its 413, then closes: a broken pipe for a larger one).
    if (payload !== undefined && new TextEncoder().encode(payload).byteLength > MAX_BODY_BYTES) {
      throw new ArcrouteError({ status: 413, code: "payload_too_large", message: "Request body too large" });
    }
    const init: RequestInit = { method, headers, body: payload, signal: call.signal };

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetchImpl(url, init);
      } catch (cause) {
        throw networkFailure(what, cause, call.signal);
      }
      if (response.ok) return readSuccess(response, schema, what, call.signal);
      const error = await readFailure(response, what, call.signal);
      const waitSeconds = error.retryAfter ?? FALLBACK_RETRY_SECONDS;
      if (response.status !== 429 || attempt >= maxRetries || waitSeconds * 1000 > maxRetryDelayMs) throw error;
      await sleep(waitSeconds * 1000, call.signal);
    }
  }

  return {
    activate: (input, opts) => call("POST", "/activate", ActivationEnvelopeSchema, input, opts),
    usage: (opts) => call("GET", "/usage", UsageEnvelopeSchema, undefined, opts),
    // async: a refused id is a rejected promise, as every other failure of a call.
    activation: async (id, opts) => call("GET", activationPath(id), ActivationEventEnvelopeSchema, undefined, opts),
    feedback: (input, opts) => call("POST", "/feedback", FeedbackEnvelopeSchema, input, opts),
  };
}

/**
 * The event's path, refused locally when no id could name it: `undefined` would be requested as
 * /activations/undefined, and "." or ".." (which encodeURIComponent leaves as they are) would be
 * resolved away by the URL parser, sending the key to another route.
 */
function activationPath(id: string): string {
  if (typeof id !== "string" || id.trim() === "" || id === "." || id === "..") throw new TypeError(`client.activation: \`id\` must be an activation id, got ${shown(id)}`);
  return `/activations/${encodeURIComponent(id)}`;
}

function normalizeBaseUrl(baseUrl: string): string {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    // Quoted, for the typo it likely holds, without what must not reach a log: a key, a password.
    throw new TypeError(`createClient: \`baseUrl\` must be an absolute http(s) URL such as http://127.0.0.1:8787/v1, got '${redactSecrets(String(baseUrl))}'`);
  }
  // Paths are appended to the base: a query or fragment would swallow them, and credentials would
  // appear in every error message (the key goes in \`apiKey\`). Not echoed: it may hold a password.
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "" || /[?#]/.test(baseUrl)) {
    throw new TypeError("createClient: `baseUrl` must be the API root without credentials, a query or a fragment, such as http://127.0.0.1:8787/v1");
  }
  return url.href.replace(/\/+$/, "");
}

/**
 * A request that got no complete answer: the caller's own abort comes back as its reason (not a
 * failure of ours), anything else is a network error (status 0).
 */
function networkFailure(what: string, cause: unknown, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted) return signal.reason;
  // The fetch's own message may quote the URL (node-fetch does): it is redacted as `what` is.
  return new ArcrouteError({ status: 0, code: "network_error", message: `${what} failed: ${redactSecrets(cause instanceof Error ? cause.message : String(cause))}`, cause });
}

/** The response body as text; a connection lost (or aborted) while it arrives is not a bad response. */
async function readText(response: Response, what: string, signal: AbortSignal | undefined): Promise<string> {
  try {
    return await response.text();
  } catch (cause) {
    throw networkFailure(what, cause, signal);
  }
}

async function readSuccess<S extends z.ZodType>(response: Response, schema: S, what: string, signal: AbortSignal | undefined): Promise<z.infer<S>> {
  const text = await readText(response, what, signal);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (cause) {
    throw new ArcrouteError({ status: response.status, code: "invalid_response", message: `${what}: response is not JSON`, cause });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw new ArcrouteError({
      status: response.status,
      code: "invalid_response",
      message: `${what}: unexpected response${where}: ${issue?.message ?? "invalid"}`,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** Turns an error response into an ArcrouteError; the message is the envelope's `error` string. */
async function readFailure(response: Response, what: string, signal: AbortSignal | undefined): Promise<ArcrouteError> {
  const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
  const text = await readText(response, what, signal);
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    envelope = undefined;
  }
  const record = typeof envelope === "object" && envelope !== null ? (envelope as Record<string, unknown>) : {};
  const message =
    typeof record.error === "string" ? record.error : `HTTP ${response.status}${response.statusText ? " " + response.statusText : ""}`;
  const code = typeof record.code === "string" ? record.code : null;
  return new ArcrouteError({ status: response.status, message, code, retryAfter });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
