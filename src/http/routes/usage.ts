/**
 * `GET <base>/usage` (extension; any valid key): the organization's billed significance queries
 * and amount for the current calendar month in UTC, `[first day 00:00, first day of next month)`.
 */
import { success } from "../responses.js";
import type { Route, RouteContext } from "../route.js";

export const usageRoute: Route = {
  method: "GET",
  pattern: "/usage",
  access: { kind: "key", scope: null },
  body: "none",
  handle: async (context: RouteContext) => {
    if (context.caller.kind !== "key") throw new Error("usage requires a key");
    const { from, to } = monthOf(context.now);
    const usage = await context.options.store.usage(context.caller.org.id, from, to);
    return success(usage, undefined, context.headers);
  },
};

export function monthOf(now: Date): { from: string; to: string } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { from: from.toISOString(), to: to.toISOString() };
}
