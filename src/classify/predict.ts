/**
 * Stage 6c: what the linear models say about an open-gate query: the arc types (the most probable
 * one, and secondary ones whose probability is close to it, at most three), the tether type and the
 * valence, each with its probability. The lexical cues stay in as features of the models.
 */
import type { ArcType, TetherType, Valence } from "../schema/vocabulary.js";
import type { Analysis } from "./analyze.js";
import { linearFeatures, type FeatureVector } from "./features.js";
import { addWeighted, rankSoftmax, type LinearPrediction } from "./linear.js";
import type { LinearModels } from "./params.js";

export interface ModelPredictions {
  features: FeatureVector;
  arc: LinearPrediction<ArcType>;
  tether: LinearPrediction<TetherType>;
  valence: LinearPrediction<Valence>;
  /** The chosen arc types, best first. */
  arcs: ArcType[];
}

/** Per feature, its weights in the arc, tether and valence models (undefined where a model pruned it). */
type JointWeights = [readonly number[] | undefined, readonly number[] | undefined, readonly number[] | undefined];

/**
 * The three models' weights under one key per feature, built once per set of models: scoring then
 * costs one hash lookup per feature instead of three (the models share their features).
 */
const JOINT = new WeakMap<LinearModels, Map<string, JointWeights>>();
function jointWeights(models: LinearModels): Map<string, JointWeights> {
  let joint = JOINT.get(models);
  if (joint !== undefined) return joint;
  joint = new Map();
  const parts = [models.arc, models.tether, models.valence] as const;
  parts.forEach((model, m) => {
    for (const [name, w] of model.weights) {
      const entry = joint!.get(name) ?? [undefined, undefined, undefined];
      entry[m] = w;
      joint!.set(name, entry);
    }
  });
  JOINT.set(models, joint);
  return joint;
}

export function predictFields(a: Analysis, models: LinearModels): ModelPredictions {
  const features = linearFeatures(a);
  const joint = jointWeights(models);
  const za = models.arc.bias.slice(), zt = models.tether.bias.slice(), zv = models.valence.bias.slice();
  for (let i = 0; i < features.names.length; i++) {
    const w = joint.get(features.names[i]!);
    if (w === undefined) continue;
    const v = features.values[i]!;
    if (w[0] !== undefined) addWeighted(za, w[0], v);
    if (w[1] !== undefined) addWeighted(zt, w[1], v);
    if (w[2] !== undefined) addWeighted(zv, w[2], v);
  }
  const arc = rankSoftmax(models.arc.classes, za);
  const top = arc.ranked[0]!.p;
  const arcs = arc.ranked.filter((r, i) => i === 0 || r.p >= top * models.secondary_ratio).slice(0, 3).map((r) => r.value);
  return { features, arc, tether: rankSoftmax(models.tether.classes, zt), valence: rankSoftmax(models.valence.classes, zv), arcs };
}

/** The probability of the top arc and its lead over the runner-up (the confidence's arc terms). */
export function arcCertainty(p: ModelPredictions): { top: number; lead: number } {
  const [first, second] = p.arc.ranked;
  return { top: first?.p ?? 0, lead: (first?.p ?? 0) - (second?.p ?? 0) };
}
