/**
 * `POST /v1/feedback` (scope `extract`) for in-process callers (the feedback benchmark, tests): the
 * route's checks and write without HTTP, so without an `Idempotency-Key` (no headers to carry one).
 * Answers with the standard envelopes.
 */
import type { ArcStore } from "../../stores/types.js";
import { ACTIVATION_NOT_FOUND, feedbackData, feedbackFor, parseFeedbackRequest } from "./feedback-core.js";

export const FEEDBACK_PATH = "/feedback";
export const FEEDBACK_SCOPE = "extract";

export interface RouteAnswer {
  status: number;
  body: { success: boolean; error: string | null; data: unknown; code?: string };
}

/** Validates `body`, checks that the activation belongs to `orgId`, stores the feedback. */
export async function handleFeedback(store: ArcStore, orgId: string, body: unknown, now: Date = new Date()): Promise<RouteAnswer> {
  const parsed = parseFeedbackRequest(body);
  if (!parsed.ok) return { status: 400, body: { success: false, error: parsed.message, data: null, code: "invalid_request" } };
  const feedback = await feedbackFor(store, orgId, parsed.value, now);
  if (!feedback) return { status: 404, body: { success: false, error: ACTIVATION_NOT_FOUND, data: null, code: "not_found" } };
  await store.recordFeedback(feedback);
  return { status: 200, body: { success: true, error: null, data: feedbackData(feedback) } };
}
