/**
 * Authentication: the key from `Authorization: Bearer` or `X-API-Key` (Authorization wins when
 * both are sent), checked by hash against the store. Every failure is the same 401: the caller
 * learns nothing about why (format, unknown, revoked, orphaned).
 */
import { hashApiKey, parseApiKey, type KeyDigests } from "../keys/index.js";
import type { ApiKeyRecord, ArcStore, LimitResult, Organization } from "../stores/types.js";
import type { HeaderSource } from "./exchange.js";
import type { LookupGuard } from "./failed-lookups.js";

export type Caller = { kind: "key"; org: Organization; key: ApiKeyRecord } | { kind: "anonymous"; ip: string };

/** `absent`: no credential header at all (anonymous); `malformed`: a header that holds no key. */
export type Presented = { state: "absent" } | { state: "malformed" } | { state: "key"; key: string };

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

export function presentedKey(headers: HeaderSource): Presented {
  const authorization = headers.get("authorization");
  if (authorization !== null) {
    const match = BEARER.exec(authorization.trim());
    return match ? { state: "key", key: match[1]! } : { state: "malformed" };
  }
  const apiKey = headers.get("x-api-key");
  if (apiKey !== null) {
    const key = apiKey.trim();
    return key ? { state: "key", key } : { state: "malformed" };
  }
  return { state: "absent" };
}

export type KeyCaller = Extract<Caller, { kind: "key" }>;

/** The client is over its failed-lookup budget: 429 with `limit`'s Retry-After, the store not asked. */
export interface Blocked {
  kind: "blocked";
  limit: LimitResult;
}

/**
 * The key's caller (record and organization), or null when the key is malformed, unknown, revoked
 * or orphaned. With `digests`, a key the store knew is not hashed again; the store is asked every time.
 */
export function resolveKey(store: ArcStore, key: string, digests?: KeyDigests): Promise<KeyCaller | null> {
  return lookupKey(store, key, digests, null) as Promise<KeyCaller | null>;
}

/**
 * `resolveKey` with the failed-lookup guard: before the store is asked, a client over its budget
 * is `blocked` unless its key is one this process found in the store before (any other key: only
 * the lookup could tell a valid one); a lookup that finds no usable key is counted. A malformed key is neither checked nor counted: it never reaches the store.
 */
async function lookupKey(store: ArcStore, key: string, digests: KeyDigests | undefined, guard: LookupGuard | null): Promise<KeyCaller | Blocked | null> {
  let digest = digests?.lookup(key);
  const remembered = digest !== undefined;
  if (digest === undefined) {
    // A malformed key never reaches the store (and an oversized one is never hashed).
    if (!parseApiKey(key)) return null;
    digest = hashApiKey(key);
  }
  // A key this process found in the store before skips the check: steady traffic of known keys
  // costs no limiter call (a Redis round trip), and only keys never seen here (a flood of made-up
  // ones among them) wait for it. A known key since revoked still counts as a failure below.
  if (guard && !remembered) {
    const over = await guard.blocked();
    if (over) return { kind: "blocked", limit: over };
  }
  const record = await store.findApiKeyByHash(digest);
  if (!record || record.revoked_at !== null) return failed(guard);
  const org = await store.getOrganization(record.org_id);
  if (!org) return failed(guard);
  // Only a usable key is remembered: a revoked one must keep meeting the failed-lookup check.
  if (!remembered) digests?.remember(key, digest);
  return { kind: "key", key: record, org };
}

async function failed(guard: LookupGuard | null): Promise<null> {
  await guard?.failed();
  return null;
}

/**
 * The caller, null for 401, or `blocked` (429). `anonymousIp` is set only on routes that accept
 * anonymous calls; `guard` (null when the failed-lookup limit is off) watches the key's lookup.
 * (Not `async`: the key's lookup is the only step that waits, and its promise is returned as is.)
 */
export function authenticate(
  store: ArcStore,
  digests: KeyDigests,
  headers: HeaderSource,
  anonymousIp: string | null,
  guard: LookupGuard | null = null,
): Promise<Caller | Blocked | null> {
  const presented = presentedKey(headers);
  if (presented.state === "absent") return Promise.resolve(anonymousIp === null ? null : { kind: "anonymous", ip: anonymousIp });
  if (presented.state === "malformed") return Promise.resolve(null);
  return lookupKey(store, presented.key, digests, guard);
}
