/**
 * `GET <base>/activations/:id` (extension; scope extract): one persisted activation event of the
 * caller's own organization. Another organization's id answers exactly like an unknown one (404).
 */
import { API_MESSAGES } from "../messages.js";
import { failure, success } from "../responses.js";
import type { Route, RouteContext } from "../route.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const activationsRoute: Route = {
  method: "GET",
  pattern: "/activations/:id",
  access: { kind: "key", scope: "extract" },
  body: "none",
  handle: async (context: RouteContext) => {
    if (context.caller.kind !== "key") throw new Error("activations requires a key");
    const id = context.params.id ?? "";
    // Not a UUID: cannot be an event id (and must not reach a uuid-typed SQL column).
    const event = UUID.test(id) ? await context.options.store.getActivation(id.toLowerCase(), context.caller.org.id) : null;
    if (!event) return failure(404, API_MESSAGES.activationNotFound, "not_found", context.headers);
    return success(event, undefined, context.headers);
  },
};
