/**
 * Where routed recall is lost: significance queries grouped by what the classifier did with the
 * arc their labels name, with the routed system's recall@10 per group and split. Reporting only:
 * the groups come from the labels, so nothing here may feed back into a routing choice.
 */
import type { ActivationResult } from "../../src/schema/activation.js";
import { SPLITS, type RetrievalQuery, type Split } from "./dataset.js";
import { recallAt } from "./metrics.js";

export const ARC_STATUSES = ["gate_closed", "top_arc_right", "arc_among_alternatives", "arc_wrong", "no_arc_in_intent"] as const;
export type ArcStatus = (typeof ARC_STATUSES)[number];

export function arcStatus(query: RetrievalQuery, activation: ActivationResult): ArcStatus {
  if (!activation.significance_gate) return "gate_closed";
  const expected = query.intent?.fields.arc_type;
  if (!expected || expected.length === 0) return "no_arc_in_intent";
  if (expected.includes(activation.arc_types[0] ?? "")) return "top_arc_right";
  return activation.arc_types.some((arc) => expected.includes(arc)) ? "arc_among_alternatives" : "arc_wrong";
}

export type RecallByArcStatus = Record<Split, Record<ArcStatus, { queries: number; recall_at_10: number }>>;

/** `ranked(query)` → the routed system's ids for that query. */
export function recallByArcStatus(queries: readonly RetrievalQuery[], activations: Map<string, ActivationResult>, ranked: (query: RetrievalQuery) => readonly string[]): RecallByArcStatus {
  const empty = () => Object.fromEntries(ARC_STATUSES.map((s) => [s, { queries: 0, recall_at_10: 0 }])) as Record<ArcStatus, { queries: number; recall_at_10: number }>;
  const out = Object.fromEntries(SPLITS.map((split) => [split, empty()])) as RecallByArcStatus;
  for (const query of queries) {
    if (query.type !== "significance") continue;
    const group = out[query.split][arcStatus(query, activations.get(query.id)!)];
    group.recall_at_10 += recallAt(ranked(query), query.relevant, 10);
    group.queries++;
  }
  for (const split of Object.values(out)) for (const group of Object.values(split)) if (group.queries > 0) group.recall_at_10 /= group.queries;
  return out;
}
