/**
 * Stage 6c: what the linear models say about an open-gate query: the arc types (the most probable
 * one, and secondary ones whose probability is close to it, at most three), the tether type and the
 * valence, each with its probability. The lexical cues stay in as features of the models.
 */
import type { ArcType, TetherType, Valence } from "../schema/vocabulary.js";
import type { Analysis } from "./analyze.js";
import { linearFeatures, type FeatureVector } from "./features.js";
import { predictLinear, type LinearPrediction } from "./linear.js";
import type { LinearModels } from "./params.js";

export interface ModelPredictions {
  features: FeatureVector;
  arc: LinearPrediction<ArcType>;
  tether: LinearPrediction<TetherType>;
  valence: LinearPrediction<Valence>;
  /** The chosen arc types, best first. */
  arcs: ArcType[];
}

export function predictFields(a: Analysis, models: LinearModels): ModelPredictions {
  const features = linearFeatures(a);
  const arc = predictLinear(models.arc, features);
  const top = arc.ranked[0]!.p;
  const arcs = arc.ranked.filter((r, i) => i === 0 || r.p >= top * models.secondary_ratio).slice(0, 3).map((r) => r.value);
  return { features, arc, tether: predictLinear(models.tether, features), valence: predictLinear(models.valence, features), arcs };
}

/** The probability of the top arc and its lead over the runner-up (the confidence's arc terms). */
export function arcCertainty(p: ModelPredictions): { top: number; lead: number } {
  const [first, second] = p.arc.ranked;
  return { top: first?.p ?? 0, lead: (first?.p ?? 0) - (second?.p ?? 0) };
}
