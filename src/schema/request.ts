/**
 * The request body of POST /v1/activate, parsed with the exact 400 messages of the contract
 * (and of SPEC.md for the limits the contract leaves open).
 */
import { z } from "zod";

export const MAX_QUERY_CHARS = 4000;
export const MAX_SUBJECT_VP_ID_CHARS = 256;
export const DEFAULT_TOP_K = 10;
export const MAX_TOP_K = 100;

export const MESSAGES = {
  bodyNotObject: "Request body must be a JSON object",
  queryRequired: "'query' field is required",
  queryNotString: "'query' must be a string",
  queryTooLong: `'query' must be at most ${MAX_QUERY_CHARS} characters`,
  subjectNotString: "'subject_vp_id' must be a string",
  subjectTooLong: `'subject_vp_id' must be at most ${MAX_SUBJECT_VP_ID_CHARS} characters`,
  topKInvalid: `'top_k' must be an integer from 1 to ${MAX_TOP_K}`,
  queryUnstorable: "'query' must not contain NUL characters or unpaired surrogates",
  subjectUnstorable: "'subject_vp_id' must not contain NUL characters or unpaired surrogates",
} as const;

/** A UTF-16 surrogate without its other half (`"\ud800"` in a JSON string decodes to one). */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether `text` holds what PostgreSQL cannot keep as sent: a NUL (U+0000; text and jsonb refuse
 * it) or an unpaired surrogate (stored as U+FFFD, so a read would differ from what was written).
 * Such a request is refused up front, the same on every store (memory would keep it as is).
 */
export const hasUnstorableText = (text: string): boolean => text.includes("\u0000") || UNPAIRED_SURROGATE.test(text);

/** The documented shape (for JSON Schema / OpenAPI). Parsing goes through `parseActivateRequest`. */
export const ActivateRequestSchema = z
  .object({
    query: z
      .string()
      .regex(/\S/)
      .max(MAX_QUERY_CHARS) // before .trim(): zod runs checks in order, so the length is the received one
      .trim()
      .describe(`Natural-language query: not blank, at most ${MAX_QUERY_CHARS} characters as received, surrounding whitespace included; classified trimmed, echoed in meta.query as received.`),
    subject_vp_id: z.string().max(MAX_SUBJECT_VP_ID_CHARS).nullable().optional().describe("Subject id, logged on the event; null is the same as absent."),
    top_k: z.number().int().min(1).max(MAX_TOP_K).nullable().default(DEFAULT_TOP_K).describe("Results to retrieve; echoed in meta; null is the same as absent."),
  })
  .meta({ id: "ActivateRequest", description: "Body of POST /v1/activate; unknown fields are ignored." });

export interface ActivateRequest {
  /** The query as received (echoed in meta.query). */
  raw_query: string;
  /** The trimmed query that is classified. */
  query: string;
  subject_vp_id?: string;
  top_k: number;
}

/**
 * Whether `text` has more than `max` characters, counted as Unicode code points (as JSON Schema's
 * `maxLength` counts them): "😀" is one character, not two UTF-16 units.
 */
export function exceedsChars(text: string, max: number): boolean {
  if (text.length <= max) return false; // never more code points than UTF-16 units
  let count = 0;
  for (const _ of text) if (++count > max) return true;
  return false;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Parses an already-decoded JSON body. The first failing field decides the message,
 * in the order query → subject_vp_id → top_k, so the answer is deterministic.
 */
export function parseActivateRequest(body: unknown): ParseResult<ActivateRequest> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, message: MESSAGES.bodyNotObject };
  }
  const record = body as Record<string, unknown>;
  const rawQuery = record.query;
  if (rawQuery === undefined || rawQuery === null) return { ok: false, message: MESSAGES.queryRequired };
  if (typeof rawQuery !== "string") return { ok: false, message: MESSAGES.queryNotString };
  const query = rawQuery.trim();
  if (query.length === 0) return { ok: false, message: MESSAGES.queryRequired };
  // Counted as received, not trimmed: the raw query is what is stored (event, idempotency record)
  // and echoed in meta.query, so whitespace around a short text must not carry ~64 KiB past the limit.
  if (exceedsChars(rawQuery, MAX_QUERY_CHARS)) return { ok: false, message: MESSAGES.queryTooLong };
  if (hasUnstorableText(rawQuery)) return { ok: false, message: MESSAGES.queryUnstorable };

  const subject = record.subject_vp_id;
  if (subject !== undefined && subject !== null) {
    if (typeof subject !== "string") return { ok: false, message: MESSAGES.subjectNotString };
    if (exceedsChars(subject, MAX_SUBJECT_VP_ID_CHARS)) return { ok: false, message: MESSAGES.subjectTooLong };
    if (hasUnstorableText(subject)) return { ok: false, message: MESSAGES.subjectUnstorable };
  }

  const topK = record.top_k ?? DEFAULT_TOP_K;
  if (typeof topK !== "number" || !Number.isInteger(topK) || topK < 1 || topK > MAX_TOP_K) {
    return { ok: false, message: MESSAGES.topKInvalid };
  }

  const value: ActivateRequest = { raw_query: rawQuery, query, top_k: topK };
  if (typeof subject === "string") value.subject_vp_id = subject;
  return { ok: true, value };
}
