/**
 * Stage 6b: multinomial logistic regression (softmax) over the features of features.ts, one model
 * each for the arc type, the tether type and the valence. Weights are fitted on the train split by
 * scripts/fit-linear-classifier.ts and ship in linear-weights/; scoring is one hash lookup per
 * feature. A model explains itself: every class's score is the sum of its features' contributions.
 */
import type { FeatureVector } from "./features.js";

export interface LinearModel<C extends string = string> {
  classes: readonly C[];
  /**
   * The unit of `bias` and `weights`: scores are summed in it and multiplied by `scale` once per
   * query (shipped models count in hundredths, 0.01, so loading them converts nothing; a fitted
   * model in logits has 1).
   */
  scale: number;
  bias: readonly number[];
  /** Per feature, one weight per class (features whose weights were all ~0 are pruned). */
  weights: ReadonlyMap<string, readonly number[]>;
}

/**
 * How a model is stored (the generated files under linear-weights/): biases and weights in
 * hundredths, as integers ("-5" is half the characters of "-0.05", and the models ship ~430,000
 * numbers), the weights as a plain object. Loaded as they are, with `scale` 0.01.
 */
export interface StoredLinearModel<C extends string = string> {
  classes: readonly C[];
  bias: readonly number[];
  weights: Readonly<Record<string, readonly number[]>>;
}

export const loadLinearModel = <C extends string>(m: StoredLinearModel<C>): LinearModel<C> => ({ classes: m.classes, scale: 0.01, bias: m.bias, weights: new Map(Object.entries(m.weights)) });

export interface LinearPrediction<C extends string> {
  /** Classes by descending probability. */
  ranked: { value: C; p: number }[];
}

/** Class probabilities (softmax of bias + Σ weight × value), best first; ties keep class order. */
export function predictLinear<C extends string>(model: LinearModel<C>, x: FeatureVector): LinearPrediction<C> {
  const z = model.bias.slice();
  for (let i = 0; i < x.names.length; i++) {
    const w = model.weights.get(x.names[i]!);
    if (w !== undefined) addWeighted(z, w, x.values[i]!);
  }
  return rankSoftmax(model.classes, z, model.scale);
}

/** z += w × v, class by class. */
export function addWeighted(z: number[], w: readonly number[], v: number): void {
  for (let c = 0; c < z.length; c++) z[c]! += w[c]! * v;
}

/** Softmax of the class scores `z` (in units of `scale`; overwritten), best first; ties keep class order. */
export function rankSoftmax<C extends string>(classes: readonly C[], z: number[], scale: number): LinearPrediction<C> {
  const k = classes.length;
  let max = -Infinity;
  for (const v of z) if (v > max) max = v;
  let sum = 0;
  for (let c = 0; c < k; c++) { z[c] = Math.exp((z[c]! - max) * scale); sum += z[c]!; }
  const ranked = classes.map((value, c) => ({ value, p: z[c]! / sum }));
  ranked.sort((a, b) => b.p - a.p);
  return { ranked };
}

export interface Contribution { feature: string; contribution: number }

/**
 * The features that raised (or lowered) a class's score most, relative to the mean over classes
 * (a feature pushing every class alike decides nothing), largest magnitude first.
 */
export function contributions<C extends string>(model: LinearModel<C>, x: FeatureVector, value: C, limit = 5): Contribution[] {
  const c = model.classes.indexOf(value);
  if (c < 0) return [];
  const out: Contribution[] = [];
  for (let i = 0; i < x.names.length; i++) {
    const w = model.weights.get(x.names[i]!);
    if (w === undefined) continue;
    const mean = w.reduce((s, v) => s + v, 0) / w.length;
    const contribution = Math.round((w[c]! - mean) * model.scale * x.values[i]! * 1000) / 1000;
    if (contribution !== 0) out.push({ feature: x.names[i]!, contribution });
  }
  out.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
  return out.slice(0, limit);
}
