/**
 * `POST /v1/feedback` (scope `extract`): the route the handler set mounts. Runs after the
 * pipeline's auth, scope, rate-limit and JSON checks; answers with the standard envelopes.
 */
import type { ArcStore } from "../../stores/types.js";
import { parseFeedbackRequest, submitFeedback } from "./feedback-core.js";

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
  const outcome = await submitFeedback(store, orgId, parsed.value, now);
  if (outcome.status === 404) return { status: 404, body: { success: false, error: outcome.message, data: null, code: "not_found" } };
  return { status: 200, body: { success: true, error: null, data: outcome.data } };
}
