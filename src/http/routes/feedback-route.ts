/**
 * `POST <base>/feedback` (scope extract) mounted in the pipeline: the checks of feedback-core.ts,
 * and `Idempotency-Key` handled as on `/activate` (a replay answers as the first request did and
 * stores nothing; the same key with another body is 422). As there, a store that lost its
 * connection after sending the write resolves when it learns the write committed; a write it could
 * not settle is a 500 whose `CommitUnknownError` goes to onError (README "Activation events and billing").
 */
import { answerOfWrite, checkIdempotency, claimWrite } from "../idempotency.js";
import { failure, successBody } from "../responses.js";
import type { Reply } from "../exchange.js";
import type { Route, RouteContext } from "../route.js";
import { FEEDBACK_PATH, FEEDBACK_SCOPE } from "./feedback.js";
import { ACTIVATION_NOT_FOUND, feedbackData, feedbackFor, parseFeedbackRequest } from "./feedback-core.js";

const OPERATION = "POST /feedback";

export const feedbackRoute: Route = {
  method: "POST",
  pattern: FEEDBACK_PATH,
  access: { kind: "key", scope: FEEDBACK_SCOPE },
  body: "json",
  handle: feedback,
};

async function feedback(context: RouteContext): Promise<Reply> {
  const { caller, headers } = context;
  if (caller.kind !== "key") throw new Error("feedback requires a key");
  const parsed = parseFeedbackRequest(context.json);
  if (!parsed.ok) return failure(400, parsed.message, "invalid_request", headers);
  // The parsed fields decide the answer; an id's letter case does not (it names the same activation).
  const request = { ...parsed.value, activation_id: parsed.value.activation_id.toLowerCase() };
  const { answer, claim } = await checkIdempotency(context, caller.org.id, OPERATION, request);
  if (answer) return answer;

  const item = await feedbackFor(context.options.store, caller.org.id, request, context.now);
  if (!item) return failure(404, ACTIVATION_NOT_FOUND, "not_found", headers);
  const body = successBody(feedbackData(item));
  const outcome = await context.options.store.recordFeedback(item, claimWrite(claim, body, context.now));
  return answerOfWrite(outcome, body, headers);
}
