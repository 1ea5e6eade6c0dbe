/**
 * What a better reading of the query would buy: the routed system's significance recall@10 when
 * the classifier's filters on some fields are replaced by the labelled intent's (every other field
 * as the classifier read it, the gate open). Reporting only, like by-arc.ts: the figures come from
 * the labels, so nothing here may feed back into a routing or classifier choice.
 */
import type { ActivationResult, FieldFilter } from "../../src/schema/activation.js";
import { inGroup, SPLITS, type RetrievalQuery, type Split } from "./dataset.js";
import { recallAt } from "./metrics.js";
import type { Intent } from "./source.js";

/** The field sets reported: each field alone, then the three a query most often names, then all. */
export const LABELLED_FIELD_SETS: Record<string, readonly string[]> = {
  arc_type: ["arc_type"],
  emotion_primary: ["emotion_primary"],
  relational_dynamics: ["relational_dynamics"],
  emotional_weight: ["emotional_weight"],
  "arc+emotion+relation": ["arc_type", "emotion_primary", "relational_dynamics"],
  "arc+emotion+relation+weight": ["arc_type", "emotion_primary", "relational_dynamics", "emotional_weight"],
  "every field": ["arc_type", "tether_type", "valence", "emotion_primary", "relational_dynamics", "temporal_context", "emotional_weight"],
};

/** Field set's name → split (or every held-out split together) → mean recall@10 of its significance queries. */
export type RecallWithLabelledFields = Record<string, Record<Split | "heldout_union", number>>;

/**
 * The activation with `fields` as the intent labels them: each labelled value a filter of weight 1,
 * the minimum weight a `gte` filter; a field the intent leaves open loses the classifier's filters.
 * A text pattern or an absent-field value ("none") has no filter form and is left out.
 */
export function withLabelledFields(activation: ActivationResult, intent: Intent, fields: readonly string[]): ActivationResult {
  const kept = activation.significance_gate ? activation.field_filters.filter((f) => !fields.includes(f.field)) : [];
  const labelled: FieldFilter[] = fields.flatMap((field): FieldFilter[] => {
    if (field === "emotional_weight") return [{ field, operator: "gte", value: intent.min_weight, weight: 1 } as FieldFilter];
    const values = (intent.fields as Record<string, string[] | undefined>)[field] ?? [];
    return values.filter((value) => value !== "none").map((value) => ({ field, operator: "eq", value, weight: 1 }) as FieldFilter);
  });
  return { ...activation, significance_gate: true, field_filters: [...kept, ...labelled] };
}

/** `retrieve(query, activation)` → the routed system's ids for that query under that activation. */
export async function recallWithLabelledFields(
  queries: readonly RetrievalQuery[],
  activations: Map<string, ActivationResult>,
  retrieve: (query: RetrievalQuery, activation: ActivationResult) => Promise<readonly string[]>,
): Promise<RecallWithLabelledFields> {
  const significance = queries.filter((q) => q.type === "significance" && q.intent !== undefined);
  const groups = [...SPLITS, "heldout_union"] as const;
  const out: RecallWithLabelledFields = {};
  for (const [name, fields] of Object.entries(LABELLED_FIELD_SETS)) {
    const sums = Object.fromEntries(groups.map((group) => [group, { recall: 0, queries: 0 }])) as Record<(typeof groups)[number], { recall: number; queries: number }>;
    for (const query of significance) {
      const recall = recallAt(await retrieve(query, withLabelledFields(activations.get(query.id)!, query.intent!, fields)), query.relevant, 10);
      for (const group of groups) {
        if (!inGroup(query.split, group)) continue;
        sums[group].recall += recall;
        sums[group].queries++;
      }
    }
    out[name] = Object.fromEntries(groups.map((group) => [group, sums[group].queries ? sums[group].recall / sums[group].queries : 0])) as Record<(typeof groups)[number], number>;
  }
  return out;
}
