/**
 * Key management through the store contract: create (returns the plain key exactly once) and
 * revoke. Used by the CLI, the dev server and tests; the hosted console would call the same.
 */
import { randomBytes } from "node:crypto";
import { hasMethods, shown } from "../schema/options.js";
import { TIERS, SCOPES, type ApiKeyRecord, type ArcStore, type Organization, type Scope, type Tier } from "../stores/types.js";
import { generateApiKey, parseApiKey, type KeyMode } from "./format.js";
import { hashApiKey } from "./hash.js";

export interface CreateKeyRequest {
  /** Organization id; created with `tier` (and `rpm`) when it does not exist yet. */
  org: string;
  tier: Tier;
  scopes: readonly Scope[];
  mode?: KeyMode | undefined;
  /** Requests per minute; only for `enterprise` (required there when the organization is new). */
  rpm?: number | undefined;
  /** An existing plain key to register instead of generating one (keys files of `arcroute serve`). */
  key?: string | undefined;
  now?: Date | undefined;
}

export interface CreatedKey {
  /** The plain key: shown once, never stored. */
  key: string;
  record: ApiKeyRecord;
}

export class KeyRequestError extends Error {
  override name = "KeyRequestError";
}

/** A public identifier that reveals nothing about the secret. */
export const newKeyId = (): string => `key_${randomBytes(8).toString("hex")}`;

export async function createApiKey(store: ArcStore, request: CreateKeyRequest): Promise<CreatedKey> {
  validateRequest(request);
  const now = (request.now ?? new Date()).toISOString();
  const key = request.key ?? generateApiKey(request.mode ?? "live");
  const parsed = typeof key === "string" ? parseApiKey(key) : null;
  if (!parsed) throw new KeyRequestError("key must be ar_live_ or ar_test_ followed by at least 24 base62 characters");
  // A given key carries its mode in its prefix: a test key asked for must not come out billed.
  if (request.mode !== undefined && parsed.mode !== request.mode) throw new KeyRequestError(`mode '${request.mode}' does not match the key, which is a ${parsed.mode} key (${parsed.prefix}...)`);
  await ensureOrganization(store, request, now);
  const record: ApiKeyRecord = {
    id: newKeyId(),
    org_id: request.org,
    hash: hashApiKey(key),
    prefix: parsed.prefix,
    last4: parsed.secret.slice(-4),
    mode: parsed.mode,
    scopes: [...new Set(request.scopes)],
    created_at: now,
    revoked_at: null,
  };
  await store.insertApiKey(record);
  return { key, record };
}

/** Revokes by public key id; false when no such key exists. Revoking twice keeps the first time. */
export async function revokeApiKey(store: ArcStore, id: string, now: Date = new Date()): Promise<boolean> {
  // Caught here, not as "now.toISOString is not a function" or a revocation stamped "Invalid Date".
  if (!hasMethods(store, ["revokeApiKey"])) throw new TypeError("revokeApiKey: `store` is not an ArcStore (did you forget to await its factory?)");
  if (typeof id !== "string" || id === "") throw new TypeError(`revokeApiKey: \`id\` must be a key id such as key_0123456789abcdef, got ${shown(id)}`);
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new TypeError(`revokeApiKey: \`now\` must be a valid Date, got ${shown(now)}`);
  return store.revokeApiKey(id, now.toISOString());
}

function validateRequest(request: CreateKeyRequest): void {
  if (typeof request !== "object" || request === null) throw new KeyRequestError("createApiKey needs a request { org, tier, scopes }");
  if (typeof request.org !== "string" || !/^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/.test(request.org)) {
    throw new KeyRequestError("org must be 1-128 characters of letters, digits, '_', '.' or '-'");
  }
  if (!TIERS.includes(request.tier)) throw new KeyRequestError(`tier must be one of ${TIERS.join(", ")}`);
  if (!Array.isArray(request.scopes)) throw new KeyRequestError(`scopes must be an array of ${SCOPES.join(", ")}`);
  if (request.mode !== undefined && request.mode !== "live" && request.mode !== "test") throw new KeyRequestError(`mode must be "live" or "test"`);
  if (request.now !== undefined && !(request.now instanceof Date && !Number.isNaN(request.now.getTime()))) throw new KeyRequestError("now must be a valid Date");
  const unknown = request.scopes.filter((s) => !SCOPES.includes(s));
  if (unknown.length > 0) throw new KeyRequestError(`unknown scope '${unknown[0]}': use ${SCOPES.join(", ")}`);
  if (request.scopes.length === 0) throw new KeyRequestError("a key needs at least one scope");
  if (request.rpm !== undefined && (!Number.isInteger(request.rpm) || request.rpm < 1)) {
    throw new KeyRequestError("rpm must be a positive integer");
  }
  if (request.rpm !== undefined && request.tier !== "enterprise") throw new KeyRequestError("rpm is only for the enterprise tier");
}

/** Creates the organization when missing; an existing organization keeps its plan. */
async function ensureOrganization(store: ArcStore, request: CreateKeyRequest, now: string): Promise<void> {
  const existing = await store.getOrganization(request.org);
  if (existing) return checkPlan(existing, request);
  if (request.tier === "enterprise" && request.rpm === undefined) throw new KeyRequestError("the enterprise tier needs rpm");
  const org = { id: request.org, tier: request.tier, ...(request.rpm !== undefined ? { rpm: request.rpm } : {}), created_at: now };
  if (!store.insertOrganization) return store.putOrganization(org);
  // Another create may have made the organization since the read: its plan stands, and this key
  // must fit it (an upsert would have moved the other key to this request's plan).
  if (!(await store.insertOrganization(org))) checkPlan((await store.getOrganization(request.org))!, request);
}

/** An existing organization's plan: a new key takes it as it is. */
function checkPlan(existing: Organization, request: CreateKeyRequest): void {
  if (existing.tier !== request.tier) {
    throw new KeyRequestError(`organization '${request.org}' is on the ${existing.tier} plan, not ${request.tier}`);
  }
  // A key is not the place to change a plan's limit: a different rpm would otherwise be ignored silently.
  if (request.rpm !== undefined && request.rpm !== existing.rpm) {
    throw new KeyRequestError(`organization '${request.org}' already has rpm ${existing.rpm ?? "of its plan"}; a new key cannot change it (leave --rpm out)`);
  }
}
