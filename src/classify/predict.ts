/**
 * Stage 6c: what the linear models say about an open-gate query: the arc types (the most probable
 * one, and secondary ones whose probability is close to it, at most three), the tether type and the
 * valence, each with its probability. The lexical cues stay in as features of the models.
 */
import type { ArcType, TetherType, Valence } from "../schema/vocabulary.js";
import type { Analysis } from "./analyze.js";
import { linearFeatures, visitFeatures, type FeatureVector } from "./features.js";
import { addWeighted, rankSoftmax, type LinearPrediction } from "./linear.js";
import type { LinearModels } from "./params.js";

export interface ModelPredictions {
  /** The features by name (built on first use: only explanations need them). */
  readonly features: FeatureVector;
  arc: LinearPrediction<ArcType>;
  tether: LinearPrediction<TetherType>;
  valence: LinearPrediction<Valence>;
  /** The chosen arc types, best first. */
  arcs: ArcType[];
}

/** Per feature, its weights in the arc, tether and valence models (undefined where a model pruned it). */
type JointWeights = [readonly number[] | undefined, readonly number[] | undefined, readonly number[] | undefined];

/**
 * The three models' weights under one key per feature, built once per set of models, and split the
 * way `visitFeatures` hands features over: words by stem, pairs by first and second stem, the rest
 * by name. Scoring then costs one hash lookup per feature for all three models, and no feature name
 * is built (string concatenation and hashing were most of the models' cost).
 */
interface JointIndex {
  words: Map<string, JointWeights>;
  pairs: Map<string, Map<string, JointWeights>>;
  named: Map<string, JointWeights>;
}
const JOINT = new WeakMap<LinearModels, JointIndex>();
function jointIndex(models: LinearModels): JointIndex {
  const cached = JOINT.get(models);
  if (cached !== undefined) return cached;
  const byName = new Map<string, JointWeights>();
  [models.arc, models.tether, models.valence].forEach((model, m) => {
    for (const [name, w] of model.weights) {
      const entry = byName.get(name) ?? [undefined, undefined, undefined];
      entry[m] = w;
      byName.set(name, entry);
    }
  });
  const index: JointIndex = { words: new Map(), pairs: new Map(), named: new Map() };
  for (const [name, weights] of byName) {
    if (name.startsWith("w:")) index.words.set(name.slice(2), weights);
    else if (name.startsWith("b:")) {
      const space = name.indexOf(" ");
      const first = name.slice(2, space);
      let seconds = index.pairs.get(first);
      if (seconds === undefined) index.pairs.set(first, (seconds = new Map()));
      seconds.set(name.slice(space + 1), weights);
    } else index.named.set(name, weights);
  }
  JOINT.set(models, index);
  return index;
}

export function predictFields(a: Analysis, models: LinearModels): ModelPredictions {
  const index = jointIndex(models);
  const za = models.arc.bias.slice(), zt = models.tether.bias.slice(), zv = models.valence.bias.slice();
  const add = (w: JointWeights | undefined, v: number) => {
    if (w === undefined) return;
    if (w[0] !== undefined) addWeighted(za, w[0], v);
    if (w[1] !== undefined) addWeighted(zt, w[1], v);
    if (w[2] !== undefined) addWeighted(zv, w[2], v);
  };
  visitFeatures(a, {
    word: (stem) => add(index.words.get(stem), 1),
    pair: (first, second) => add(index.pairs.get(first)?.get(second), 1),
    named: (name, value) => add(index.named.get(name), value),
  });
  const arc = rankSoftmax(models.arc.classes, za, models.arc.scale);
  const top = arc.ranked[0]!.p;
  const arcs = arc.ranked.filter((r, i) => i === 0 || r.p >= top * models.secondary_ratio).slice(0, 3).map((r) => r.value);
  let features: FeatureVector | undefined;
  return {
    // Only explanations read the feature names: built on first use.
    get features() { return (features ??= linearFeatures(a)); },
    arc, tether: rankSoftmax(models.tether.classes, zt, models.tether.scale), valence: rankSoftmax(models.valence.classes, zv, models.valence.scale), arcs,
  };
}

/** The probability of the top arc and its lead over the runner-up (the confidence's arc terms). */
export function arcCertainty(p: ModelPredictions): { top: number; lead: number } {
  const [first, second] = p.arc.ranked;
  return { top: first?.p ?? 0, lead: (first?.p ?? 0) - (second?.p ?? 0) };
}
