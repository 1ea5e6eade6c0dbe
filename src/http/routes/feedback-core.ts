/**
 * `POST /v1/feedback` without the HTTP plumbing: body validation with precise messages and the
 * ownership check (an organization can only give feedback on its own activations; anything else
 * is indistinguishable from an unknown id: 404). The route and `handleFeedback` do the write.
 */
import { exceedsChars, hasUnstorableText, MESSAGES as REQUEST_MESSAGES } from "../../schema/request.js";
import type { ArcStore, Feedback } from "../../stores/types.js";
import { newRecordId } from "../ids.js";

export const MAX_MEMORY_ID_CHARS = 256;
export const ACTIVATION_NOT_FOUND = "Activation not found";

/** The 400 messages of the feedback body, in the order they are checked (the OpenAPI document lists them). */
export const FEEDBACK_MESSAGES = {
  activationIdRequired: "'activation_id' field is required",
  activationIdNotString: "'activation_id' must be a string",
  hitRequired: "'hit' field is required",
  hitNotBoolean: "'hit' must be a boolean",
  memoryIdNotString: "'memory_id' must be a string",
  memoryIdEmpty: "'memory_id' must not be empty (omit it or send null when no memory was picked)",
  memoryIdTooLong: `'memory_id' must be at most ${MAX_MEMORY_ID_CHARS} characters`,
  memoryIdUnstorable: "'memory_id' must not contain NUL characters or unpaired surrogates",
} as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FeedbackRequest {
  activation_id: string;
  hit: boolean;
  memory_id: string | null;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export function parseFeedbackRequest(body: unknown): Parsed<FeedbackRequest> {
  const fail = (message: string): Parsed<FeedbackRequest> => ({ ok: false, message });
  if (typeof body !== "object" || body === null || Array.isArray(body)) return fail(REQUEST_MESSAGES.bodyNotObject);
  const { activation_id, hit, memory_id } = body as Record<string, unknown>;
  if (activation_id === undefined || activation_id === null || activation_id === "") return fail(FEEDBACK_MESSAGES.activationIdRequired);
  if (typeof activation_id !== "string") return fail(FEEDBACK_MESSAGES.activationIdNotString);
  if (activation_id.trim() === "") return fail(FEEDBACK_MESSAGES.activationIdRequired); // as a whitespace-only query is
  if (hit === undefined || hit === null) return fail(FEEDBACK_MESSAGES.hitRequired);
  if (typeof hit !== "boolean") return fail(FEEDBACK_MESSAGES.hitNotBoolean);
  if (memory_id !== undefined && memory_id !== null) {
    if (typeof memory_id !== "string") return fail(FEEDBACK_MESSAGES.memoryIdNotString);
    // An empty id names no memory: stored, it would count as a memory of its own in learning.
    if (memory_id.trim() === "") return fail(FEEDBACK_MESSAGES.memoryIdEmpty);
    if (exceedsChars(memory_id, MAX_MEMORY_ID_CHARS)) return fail(FEEDBACK_MESSAGES.memoryIdTooLong);
    if (hasUnstorableText(memory_id)) return fail(FEEDBACK_MESSAGES.memoryIdUnstorable);
  }
  return { ok: true, value: { activation_id: activation_id.trim(), hit, memory_id: typeof memory_id === "string" ? memory_id : null } };
}

export interface FeedbackData {
  feedback_id: string;
  activation_id: string;
  hit: boolean;
  memory_id: string | null;
  recorded_at: string;
}

/** The feedback to store when the activation exists and belongs to `orgId`; null otherwise (a 404). */
export async function feedbackFor(store: ArcStore, orgId: string, request: FeedbackRequest, now: Date = new Date()): Promise<Feedback | null> {
  // Not a UUID: cannot be an event id (and must not reach a uuid-typed SQL column).
  if (!UUID.test(request.activation_id)) return null;
  const event = await store.getActivation(request.activation_id.toLowerCase(), orgId);
  if (!event) return null;
  return { id: newRecordId(), org_id: orgId, activation_id: event.id, hit: request.hit, memory_id: request.memory_id, created_at: now.toISOString() };
}

/** The `data` of the 200 answer. */
export function feedbackData(feedback: Feedback): FeedbackData {
  return { feedback_id: feedback.id, activation_id: feedback.activation_id, hit: feedback.hit, memory_id: feedback.memory_id, recorded_at: feedback.created_at };
}
