/** What `createApi` accepts, and the defaults it fills in. */
import { lexicalClassifier } from "../classify/index.js";
import type { Classifier } from "../classify/types.js";
import type { ApiKeyRecord, ArcStore, Organization, RateLimiter } from "../stores/types.js";
import { checkOptions, hasMethods } from "../schema/options.js";
import { DEFAULT_FAILED_LOOKUPS_PER_MINUTE } from "./failed-lookups.js";

/** The contract paths whose behaviour the user supplies (SPEC section 5). */
export const HANDLER_NAMES = ["extract", "observe", "batch", "validate", "issue", "verify", "certificate", "vitapass"] as const;
export type HandlerName = (typeof HANDLER_NAMES)[number];

/** The key that authenticated a request, without its hash. */
export type KeyInfo = Omit<ApiKeyRecord, "hash">;

/** Handlers whose path also answers without a key (limited per client IP): only `/verify`. */
export const ANONYMOUS_HANDLERS = ["verify"] as const satisfies readonly HandlerName[];
type AnonymousHandlerName = (typeof ANONYMOUS_HANDLERS)[number];

/** What a user handler learns about the request besides the `Request` itself. */
export interface HandlerContext {
  /** The key's organization: every path but `/verify` needs a key, so it is always there. */
  org: Organization;
  key: KeyInfo;
  /** Path parameters, percent-decoded, each segment unreserved characters (router.ts): `id` for `/certificate/:id`, `path` (the rest, e.g. `jobs/42`) for `/batch/*` and `/vitapass/*`. */
  params: Record<string, string>;
  /** The request body (at most 64 KiB), already read: the `Request` passed alongside carries the same bytes. */
  body: Uint8Array | null;
  clientIp: string;
}

/** A `/verify` call without a key: no organization, no key. */
export interface AnonymousContext extends Omit<HandlerContext, "org" | "key"> {
  org: null;
  key: null;
}

/** What the `verify` handler gets: `if (context.org)` tells a keyed call from an anonymous one. */
export type VerifyContext = HandlerContext | AnonymousContext;

/**
 * A user-supplied handler. Return a `Response` to control the answer completely, or any JSON value
 * to have it wrapped in the success envelope. A throw answers 500 `Internal server error`.
 */
export type UserHandler<Context extends VerifyContext = HandlerContext> = (request: Request, context: Context) => unknown;

/** `createApi`'s `handlers`: `verify`'s context may be anonymous, every other handler's has the key. */
export type UserHandlers = { [Name in HandlerName]?: UserHandler<Name extends AnonymousHandlerName ? VerifyContext : HandlerContext> };

export interface ErrorInfo {
  method: string;
  path: string;
  /** The answer's `X-Request-Id`. */
  request_id: string;
  /** Organization of the caller, when known. */
  org_id?: string;
}

export interface ApiOptions {
  store: ArcStore;
  limiter: RateLimiter;
  /** Where the API is mounted: `/v1` (default) or e.g. `/api/v1`. */
  basePath?: string | undefined;
  /** Default: the lexical classifier. */
  classifier?: Classifier | undefined;
  handlers?: UserHandlers | undefined;
  /**
   * Take the client IP (for the anonymous `/verify` limit) from `X-Forwarded-For`: `true` trusts
   * one proxy (the right-most entry), a number trusts that many hops; an entry that is not an IP
   * address falls back to the socket's. Default: the socket address.
   */
  trustProxy?: boolean | number | undefined;
  /** Anonymous `/verify` requests per client IP per minute (default 30). */
  anonymousVerifyRpm?: number | undefined;
  /**
   * Failed key lookups (a well-formed key that is unknown, revoked or orphaned: 401) per client IP
   * (IPv6: per /64) per minute; past it the client's keyed requests answer 429 for a minute without
   * a store lookup, valid keys included. `false` turns the limit off. Default 60.
   */
  failedKeyLookupsPerMinute?: number | false | undefined;
  /** Clock for timestamps, idempotency expiry and the usage period (tests inject one). */
  now?: (() => Date) | undefined;
  /** Called with every unexpected error (for logging); responses never carry error details. */
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined;
}

export interface ResolvedOptions {
  store: ArcStore;
  limiter: RateLimiter;
  basePath: string;
  classifier: Classifier;
  /**
   * The built-in lexical classifier's output is schema-valid by construction (property-tested in
   * src/classify), so only other classifiers are validated per request.
   */
  validateClassifier: boolean;
  handlers: UserHandlers;
  trustedHops: number;
  anonymousVerifyRpm: number;
  failedKeyLookupsPerMinute: number | false;
  now: () => Date;
  onError: (error: unknown, info: ErrorInfo) => void;
}

const API_OPTIONS = ["store", "limiter", "basePath", "classifier", "handlers", "trustProxy", "anonymousVerifyRpm", "failedKeyLookupsPerMinute", "now", "onError"];

export function resolveOptions(options: ApiOptions): ResolvedOptions {
  if (!options?.store || !options.limiter) throw new TypeError("createApi needs { store, limiter } (e.g. createMemoryStore(), createMemoryLimiter())");
  checkOptions("createApi", options, API_OPTIONS);
  // A Promise (a factory not awaited) or a stray object would otherwise fail every request with a 500.
  if (!hasMethods(options.store, ["getOrganization", "findApiKeyByHash", "recordActivation"])) throw new TypeError("createApi: `store` is not an ArcStore (did you forget to await its factory?)");
  if (!hasMethods(options.limiter, ["hit"])) throw new TypeError("createApi: `limiter` is not a RateLimiter (did you forget to await its factory?)");
  if (options.handlers !== undefined && (typeof options.handlers !== "object" || options.handlers === null || Array.isArray(options.handlers))) {
    throw new TypeError("createApi: `handlers` must be an object of handler functions by name");
  }
  const unknown = Object.keys(options.handlers ?? {}).filter((name) => !(HANDLER_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new TypeError(`unknown handler '${unknown[0]}': use ${HANDLER_NAMES.join(", ")}`);
  const notFunction = Object.entries(options.handlers ?? {}).find(([, handler]) => typeof handler !== "function");
  if (notFunction) throw new TypeError(`createApi: handler '${notFunction[0]}' must be a function`);
  const tp = options.trustProxy;
  if (tp !== undefined && typeof tp !== "boolean" && !(Number.isInteger(tp) && tp >= 0)) {
    throw new TypeError("createApi: `trustProxy` must be true, false or a number of proxy hops (a non-negative integer)");
  }
  if (options.basePath !== undefined && typeof options.basePath !== "string") throw new TypeError("createApi: `basePath` must be a string such as \"/v1\"");
  const rpm = options.anonymousVerifyRpm ?? 30;
  if (!Number.isInteger(rpm) || rpm < 1) throw new TypeError("anonymousVerifyRpm must be a positive integer");
  const failedLookups = options.failedKeyLookupsPerMinute ?? DEFAULT_FAILED_LOOKUPS_PER_MINUTE;
  if (failedLookups !== false && !(Number.isSafeInteger(failedLookups) && failedLookups >= 1)) {
    throw new TypeError("createApi: `failedKeyLookupsPerMinute` must be a positive integer, or false to turn the limit off");
  }
  return {
    store: options.store,
    limiter: options.limiter,
    basePath: normalizeBasePath(options.basePath ?? "/v1"),
    classifier: options.classifier ?? lexicalClassifier,
    validateClassifier: (options.classifier ?? lexicalClassifier) !== lexicalClassifier,
    handlers: { ...options.handlers },
    trustedHops: tp === true ? 1 : typeof tp === "number" ? tp : 0,
    anonymousVerifyRpm: rpm,
    failedKeyLookupsPerMinute: failedLookups,
    now: options.now ?? (() => new Date()),
    onError: options.onError ?? (() => {}),
  };
}

/**
 * `/v1`, `v1/`, `/api/v1/` → `/v1`, `/api/v1`; `/` or `` → `` (mounted at the root). Segments are
 * unreserved characters, none empty, `.` or `..`: `//evil` would be a host to a URL resolver (the
 * OpenAPI document's paths are resolved against its server URL), `/a/../b` not the path it names.
 */
export function normalizeBasePath(basePath: string): string {
  const trimmed = basePath.trim().replace(/\/+$/, "");
  if (trimmed === "") return "";
  const segments = (trimmed.startsWith("/") ? trimmed.slice(1) : trimmed).split("/");
  if (!segments.every((segment) => /^[A-Za-z0-9._~-]+$/.test(segment) && segment !== "." && segment !== "..")) {
    throw new TypeError(`basePath '${basePath}' is not a URL path`);
  }
  return `/${segments.join("/")}`;
}
