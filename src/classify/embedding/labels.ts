/** A labeled query as the embedding classifier and the ensemble are fitted on (train split only). */
import type { ArcType, TetherType, Valence } from "../../schema/vocabulary.js";

export interface LabeledExample {
  query: string;
  gate: boolean;
  /** Best first; empty when the gate is false. */
  arc_types: ArcType[];
  tether_type: TetherType | null;
  valence: Valence | null;
  /** Optional kind of query (e.g. `factual`, `task`, `emotional-word factual`): one gate prototype per group. */
  group?: string | undefined;
}

/** The label value of a field as the classifiers score it; `none` stands for an absent label. */
export const NONE = "none";

/** The scored categorical fields besides the gate. */
export const SCORED_FIELDS = ["arc_type", "tether_type", "valence"] as const;
export type ScoredField = (typeof SCORED_FIELDS)[number];

/** The labels of one example per scored field (arc_type: all labeled arcs; the others: one or `none`). */
export function labelsOf(example: LabeledExample, field: ScoredField): string[] {
  if (field === "arc_type") return example.arc_types;
  return [example[field] ?? NONE];
}
