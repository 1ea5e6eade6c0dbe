/** `POST <base>/feedback` (scope extract) mounted in the pipeline; the logic lives in feedback.ts. */
import { jsonResponse } from "../responses.js";
import type { Route, RouteContext } from "../route.js";
import { FEEDBACK_PATH, FEEDBACK_SCOPE, handleFeedback } from "./feedback.js";

export const feedbackRoute: Route = {
  method: "POST",
  pattern: FEEDBACK_PATH,
  access: { kind: "key", scope: FEEDBACK_SCOPE },
  body: "json",
  handle: async (context: RouteContext) => {
    if (context.caller.kind !== "key") throw new Error("feedback requires a key");
    const answer = await handleFeedback(context.options.store, context.caller.org.id, context.json, context.now);
    return jsonResponse(answer.status, JSON.stringify(answer.body), context.headers);
  },
};
