/**
 * `Idempotency-Key` on the POST routes that write (`/activate`, `/feedback`): the first 200
 * response of an organization's key is stored with what the request wrote (in the same store call:
 * `recordActivation`, `recordFeedback`) and replayed for 24 hours. The same key with a different
 * request is refused with 422 rather than silently answered with another request's result.
 */
import { createHash } from "node:crypto";
import type { IdempotencyLookup, IdempotencyWrite, RecordOutcome } from "../stores/types.js";
import type { HeaderSource, Reply } from "./exchange.js";
import { API_MESSAGES, MAX_IDEMPOTENCY_KEY_CHARS } from "./messages.js";
import { failure, jsonResponse, storedResponse, type HeaderMap } from "./responses.js";
import type { RouteContext } from "./route.js";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const REPLAY_HEADER = "idempotent-replayed";

export type IdempotencyHeader = { ok: true; key: string | null } | { ok: false };

const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

export function readIdempotencyKey(headers: HeaderSource): IdempotencyHeader {
  const raw = headers.get("idempotency-key");
  if (raw === null) return { ok: true, key: null };
  const key = raw.trim();
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_CHARS || !PRINTABLE_ASCII.test(key)) return { ok: false };
  return { ok: true, key };
}

/** Hash of the operation and the decoded body (key order and whitespace do not matter). */
export function fingerprintOf(operation: string, body: unknown): string {
  return createHash("sha256").update(operation).update("\n").update(canonicalJson(body)).digest("hex");
}

/** A request's key and the fingerprint of what decides its answer. */
export interface IdempotencyClaim {
  key: string;
  fingerprint: string;
}

/** What the key decides before the route works: `answer` (a bad key, a replay, 422) or the `claim` to write with the route's answer (null: no key). */
export interface IdempotencyCheck {
  answer: Reply | null;
  claim: IdempotencyClaim | null;
}

/**
 * The check every POST route with side effects runs once its body is valid. `fields` are what
 * decide its answer (the fingerprint); `operation` keeps one route's fields from matching another's,
 * since an organization's keys are one set across routes.
 */
export async function checkIdempotency(context: RouteContext, orgId: string, operation: string, fields: unknown): Promise<IdempotencyCheck> {
  const header = readIdempotencyKey(context.incoming.headers);
  if (!header.ok) return { answer: failure(400, API_MESSAGES.idempotencyKeyInvalid, "invalid_request", context.headers), claim: null };
  if (header.key === null) return { answer: null, claim: null };
  const claim = { key: header.key, fingerprint: fingerprintOf(operation, fields) };
  const earlier = await context.options.store.lookupIdempotency(orgId, claim.key, claim.fingerprint, context.now.toISOString());
  return { answer: answerFromLookup(earlier, context.headers), claim };
}

/** The record the store writes with the route's 200 answer `body` (only 200s are kept: a retry after a failure runs again). */
export function claimWrite(claim: IdempotencyClaim | null, body: string, now: Date): IdempotencyWrite | null {
  if (claim === null) return null;
  return { ...claim, response: { status: 200, body }, expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString() };
}

/** The route's 200 answer once written; when a concurrent request with the key committed first, that request's answer. */
export function answerOfWrite(outcome: RecordOutcome, body: string, headers: HeaderMap): Reply {
  if (outcome.state === "recorded") return jsonResponse(200, body, headers);
  const answer = answerFromLookup(outcome.existing, headers);
  if (answer) return answer;
  throw new Error("idempotency record vanished between write and lookup");
}

/** The answer an earlier request decides (replay or 422), or null when there is none. */
export function answerFromLookup(lookup: IdempotencyLookup, headers: HeaderMap): Reply | null {
  if (lookup.state === "replay") return storedResponse(lookup.response, { ...headers, [REPLAY_HEADER]: "true" });
  if (lookup.state === "mismatch") return failure(422, API_MESSAGES.idempotencyMismatch, "idempotency_mismatch", headers);
  return null;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
