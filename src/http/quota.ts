/**
 * The Free plan's lifetime extraction quota around a user handler: one unit is taken before the
 * handler runs and given back when it fails (throws or answers ≥ 400), so a customer never pays a
 * unit for an extraction that did not happen.
 */
import type { ArcStore, Organization } from "../stores/types.js";
import type { Reply } from "./exchange.js";

/** Free plan: extractions (`/extract`, `/observe`) for the lifetime of the organization. */
export const FREE_EXTRACTION_QUOTA = 100;
export const EXTRACTIONS = "extractions";

export type QuotaOutcome = { allowed: false } | { allowed: true; reply: Reply };

/** Runs `work` under the quota when the organization is on the Free plan, directly otherwise. */
export async function withExtractionQuota(
  store: ArcStore,
  org: Organization | null,
  work: () => Promise<Reply>,
  onRefundError: (error: unknown) => void,
): Promise<QuotaOutcome> {
  if (org?.tier !== "free") return { allowed: true, reply: await work() };
  const taken = await store.consumeQuota(org.id, EXTRACTIONS, FREE_EXTRACTION_QUOTA);
  if (!taken.allowed) return { allowed: false };
  let reply: Reply;
  try {
    reply = await work();
  } catch (error) {
    // The handler's error is the one that propagates; a failed refund is reported on its own.
    await store.refundQuota(org.id, EXTRACTIONS).catch(onRefundError);
    throw error;
  }
  // The handler's answer stands whether or not the refund goes through (as when it throws): a
  // failed refund turned its 400 into a 500, so the caller lost the message saying what to fix.
  if (reply.status >= 400) await store.refundQuota(org.id, EXTRACTIONS).catch(onRefundError);
  return { allowed: true, reply };
}
