/**
 * `Idempotency-Key`: the first 200 response of an organization's key is stored with the event (in
 * the same `recordActivation` call) and replayed for 24 hours. The same key with a different
 * request is refused with 422 rather than silently answered with another request's result.
 */
import { createHash } from "node:crypto";
import type { IdempotencyLookup, IdempotencyWrite, StoredResponse } from "../stores/types.js";
import type { HeaderSource, Reply } from "./exchange.js";
import { API_MESSAGES, MAX_IDEMPOTENCY_KEY_CHARS } from "./messages.js";
import { failure, storedResponse, type HeaderMap } from "./responses.js";

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

export function idempotencyWrite(key: string, fingerprint: string, response: StoredResponse, now: Date): IdempotencyWrite {
  return { key, fingerprint, response, expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString() };
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
