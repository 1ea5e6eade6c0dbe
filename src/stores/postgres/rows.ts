/**
 * Database rows → the records of the store contract. Timestamps come back as `Date` (both `pg` and
 * PGlite parse timestamptz) and leave as ISO 8601 UTC strings; bigint sums may come back as strings.
 */
import { ActivationResultSchema } from "../../schema/activation.js";
import type { ActivationEvent, ApiKeyRecord, Feedback, IdempotencyLookup, Organization, Scope, Tier } from "../types.js";

type Timestamp = Date | string;

export const iso = (value: Timestamp): string => (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Timestamp | null): string | null => (value === null ? null : iso(value));

export interface OrganizationRow {
  id: string;
  tier: string;
  rpm: number | null;
  created_at: Timestamp;
}

export function toOrganization(row: OrganizationRow): Organization {
  const org: Organization = { id: row.id, tier: row.tier as Tier, created_at: iso(row.created_at) };
  if (row.rpm !== null) org.rpm = row.rpm;
  return org;
}

export interface ApiKeyRow {
  id: string;
  org_id: string;
  hash: string;
  prefix: string;
  last4: string;
  mode: string;
  scopes: string[];
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}

export function toApiKey(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    org_id: row.org_id,
    hash: row.hash,
    prefix: row.prefix,
    last4: row.last4,
    mode: row.mode as ApiKeyRecord["mode"],
    scopes: row.scopes as Scope[],
    created_at: iso(row.created_at),
    revoked_at: isoOrNull(row.revoked_at),
  };
}

export interface EventRow {
  id: string;
  org_id: string;
  key_id: string;
  query: string;
  subject_vp_id: string | null;
  result: unknown;
  classifier_model: string;
  top_k: number;
  billed: boolean;
  created_at: Timestamp;
}

export function toEvent(row: EventRow): ActivationEvent {
  return {
    id: row.id,
    org_id: row.org_id,
    key_id: row.key_id,
    query: row.query,
    subject_vp_id: row.subject_vp_id,
    // jsonb reorders keys; parsing restores the schema's order (and checks what was read).
    result: ActivationResultSchema.parse(typeof row.result === "string" ? JSON.parse(row.result) : row.result),
    classifier_model: row.classifier_model,
    top_k: row.top_k,
    billed: row.billed,
    created_at: iso(row.created_at),
  };
}

export interface FeedbackRow {
  id: string;
  org_id: string;
  activation_id: string;
  hit: boolean;
  memory_id: string | null;
  created_at: Timestamp;
}

export function toFeedback(row: FeedbackRow): Feedback {
  return { ...row, created_at: iso(row.created_at) };
}

export interface IdempotencyRow {
  fingerprint: string;
  status: number;
  body: string;
  expires_at: Timestamp;
}

/** What a stored idempotency record means for a request with `fingerprint` at `now`. */
export function toLookup(row: IdempotencyRow | undefined, fingerprint: string, now: string): IdempotencyLookup {
  if (!row || new Date(row.expires_at).getTime() <= new Date(now).getTime()) return { state: "absent" };
  if (row.fingerprint !== fingerprint) return { state: "mismatch" };
  return { state: "replay", response: { status: row.status, body: row.body } };
}
