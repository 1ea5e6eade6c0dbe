/**
 * The persistence contracts of the hosted API. The HTTP layer talks only to these interfaces;
 * memory, PostgreSQL, PGlite and Redis implement them, and one contract test suite runs
 * against every implementation (test/support/store-contract.ts).
 *
 * Rules every implementation keeps:
 * - API keys are stored hashed (SHA-256 hex of the whole key); the plain key never reaches a store.
 * - `recordActivation` is atomic: the event, its charge (if any) and its idempotency record are
 *   written together or not at all; so is `recordFeedback` with its idempotency record.
 * - Money is integer micro-dollars.
 */
import type { ActivationResult } from "../schema/activation.js";

export const TIERS = ["free", "payg", "growth", "scale", "enterprise"] as const;
export type Tier = (typeof TIERS)[number];

export const SCOPES = ["extract", "validate", "issue", "verify", "vitapass"] as const;
export type Scope = (typeof SCOPES)[number];

export interface Organization {
  id: string;
  tier: Tier;
  /** Requests per minute; required for `enterprise`, ignored otherwise (the tier decides). */
  rpm?: number | undefined;
  created_at: string;
}

export interface ApiKeyRecord {
  /** Public identifier, safe to log and show (e.g. `key_3f9a...`). */
  id: string;
  org_id: string;
  /** SHA-256 hex of the whole key string. */
  hash: string;
  /** `ar_live_` or `ar_test_`. */
  prefix: string;
  /** Last four characters of the secret, to help people recognise a key. */
  last4: string;
  /** `live` keys are billed; `test` keys never are. */
  mode: "live" | "test";
  scopes: Scope[];
  created_at: string;
  revoked_at: string | null;
}

/** The persisted `arc_activation_event` (contract section 6). */
export interface ActivationEvent {
  /** uuid v4; returned as `data.activation_id`. */
  id: string;
  org_id: string;
  key_id: string;
  /** The query as received. */
  query: string;
  subject_vp_id: string | null;
  /** The classifier output (with `activation_id` equal to `id`). */
  result: ActivationResult;
  classifier_model: string;
  top_k: number;
  billed: boolean;
  created_at: string;
}

export interface BillingRecord {
  id: string;
  org_id: string;
  key_id: string;
  activation_id: string;
  /** Integer micro-dollars: $0.001 = 1000. */
  amount_micros: number;
  created_at: string;
}

/** A response saved for `Idempotency-Key` replay. */
export interface StoredResponse {
  status: number;
  /** The JSON body exactly as first sent. */
  body: string;
}

export interface IdempotencyWrite {
  key: string;
  /** Hash of method, path and body: the same key with another request is refused (422). */
  fingerprint: string;
  response: StoredResponse;
  /** When the record stops being replayed (first response + 24 h). */
  expires_at: string;
}

export type IdempotencyLookup =
  | { state: "absent" }
  | { state: "mismatch" }
  | { state: "replay"; response: StoredResponse };

export type RecordOutcome =
  | { state: "recorded" }
  /** Another request with the same idempotency key committed first; nothing was written. */
  | { state: "duplicate"; existing: IdempotencyLookup };

export interface Usage {
  org_id: string;
  /** Inclusive start and exclusive end of the period, ISO 8601 UTC. */
  from: string;
  to: string;
  billed_queries: number;
  amount_micros: number;
}

/** Retrieval feedback on one activation (`POST /v1/feedback`), used to learn filter weights. */
export interface Feedback {
  id: string;
  org_id: string;
  activation_id: string;
  /** Whether the routed retrieval found what the user wanted. */
  hit: boolean;
  /** The caller's id of the memory that was (or should have been) found. */
  memory_id: string | null;
  created_at: string;
}

export interface ArcStore {
  // Organizations and keys
  putOrganization(org: Organization): Promise<void>;
  /**
   * Creates the organization only if no organization has its id; false when one exists (its plan
   * untouched). Optional for stores of your own: `createApiKey` falls back to get + put without it,
   * which two concurrent creates of one new organization can race.
   */
  insertOrganization?(org: Organization): Promise<boolean>;
  getOrganization(id: string): Promise<Organization | null>;
  /** Throws when the id or the hash already exists, or when `hash` is not SHA-256 hex. */
  insertApiKey(key: ApiKeyRecord): Promise<void>;
  findApiKeyByHash(hash: string): Promise<ApiKeyRecord | null>;
  /** Marks the key revoked; false when no such key exists. Revoking twice keeps the first time. */
  revokeApiKey(id: string, at: string): Promise<boolean>;
  listApiKeys(orgId: string): Promise<ApiKeyRecord[]>;

  // Activations and billing
  /**
   * Writes the event, the charge (when given) and the idempotency record (when given) in one
   * transaction. When the idempotency key already exists for the organization, writes nothing
   * and reports the existing record instead. Throws, writing nothing, when the event or charge id
   * already exists or the charge does not belong to the event (same id, organization and key).
   * A store that cannot tell whether its write committed (a connection lost after sending it) finds
   * out before it settles: it resolves when the write committed and rejects when it did not; only
   * when that cannot be learned may a rejected write have been stored.
   */
  recordActivation(
    event: ActivationEvent,
    charge: BillingRecord | null,
    idempotency: IdempotencyWrite | null,
  ): Promise<RecordOutcome>;
  /** The event when it exists and belongs to `orgId`; null otherwise (no cross-organization reads). */
  getActivation(id: string, orgId: string): Promise<ActivationEvent | null>;
  /** Billed significance queries and amount of an organization in [from, to). */
  usage(orgId: string, from: string, to: string): Promise<Usage>;

  // Idempotency
  lookupIdempotency(orgId: string, key: string, fingerprint: string, now: string): Promise<IdempotencyLookup>;

  // Quotas
  /**
   * Atomically takes one unit of a lifetime quota. Allowed while `used < limit` before the call;
   * a refused call consumes nothing.
   */
  consumeQuota(orgId: string, name: string, limit: number): Promise<{ allowed: boolean; used: number }>;
  /** Gives back one unit (a handler failed after the quota was taken). */
  refundQuota(orgId: string, name: string): Promise<void>;

  // Feedback
  /**
   * Stores feedback; the caller has checked that the activation belongs to `feedback.org_id`.
   * With `idempotency`, the feedback and that record are written in one transaction, exactly as
   * `recordActivation` does (the same records, keyed by organization and key): when the key is
   * already taken, nothing is written and the existing record is reported. Throws, writing nothing,
   * when the activation does not exist or the feedback id is taken. A write whose connection was
   * lost after it was sent is settled as in `recordActivation`: resolves when it committed.
   */
  recordFeedback(feedback: Feedback, idempotency?: IdempotencyWrite | null): Promise<RecordOutcome>;
  /** Feedback of one organization, or of all organizations when `orgId` is null, oldest first. */
  listFeedback(orgId: string | null): Promise<Feedback[]>;

  close(): Promise<void>;
}

/** Outcome of one rate-limit check, documented as a plain object (upstash style). */
export interface LimitResult {
  allowed: boolean;
  limit: number;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Milliseconds until a slot frees up (the oldest counted request leaves the window); 0 when none is counted. */
  resetMs: number;
  /** Why the result is not a plain count, when it is not (e.g. a fail-open fallback). */
  reason?: "fallback" | undefined;
}

/**
 * Exact sliding-window limiter: a request is allowed when fewer than `limit` requests were
 * allowed for `key` in the last `windowMs` milliseconds; refused requests are not counted.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<LimitResult>;
  close(): Promise<void>;
}
