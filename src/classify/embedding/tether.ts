/**
 * The ensemble's tether step: a softmax over tether types that starts from the lexical choice
 * (cue evidence + the top arc's prior) and lets dense semantics move it. Its inputs are the
 * query's embedding, the embedding of the anchor phrase (the words after "my", "the", …: where a
 * memory's anchor is usually named, "my first flat" → place, "the watch" → object), the cosines
 * to per-tether centroids and the lexicon's tether evidence. The lexical choice enters as a fixed
 * offset (`ruleStrength` on its logit), so with no evidence against it the model answers as the
 * lexical classifier did; weights are fitted on the train split by scripts/fit-embedding-classifier.ts
 * (5-fold CV there), with the lexical choice made from out-of-fold arc models.
 */
import { TETHER_TYPES, type TetherType } from "../../schema/vocabulary.js";
import type { Scores } from "../analyze.js";

export interface TetherStack {
  classes: readonly TetherType[];
  /** Logit added to the lexical classifier's tether choice. */
  ruleStrength: number;
  /** Multipliers of the feature groups (as fitted; part of the model). */
  scales: { query: number; centroid: number; anchor: number; cue: number };
  /** Unit centroid of each tether type's train queries (query embeddings). */
  centroids: Partial<Record<TetherType, number[]>>;
  bias: number[];
  /** One row per feature (see `tetherFeatures`), one weight per class. */
  weights: number[][];
}

/** Words after which the anchor is usually named. */
const DETERMINERS = new Set(["my", "our", "the", "his", "her", "their"]);
/** Words of the anchor phrase kept after the determiner. */
const ANCHOR_WORDS = 2;
/** Cue evidence is capped as the lexical features cap it. */
const CUE_CAP = 4;

/** The anchor phrase of a query: the (at most two) words after its first determiner; "" when it has none. */
export function anchorPhrase(query: string): string {
  const words = query.toLowerCase().replace(/[^a-z' ]/g, " ").split(/\s+/).filter(Boolean);
  const i = words.findIndex((w) => DETERMINERS.has(w));
  return i < 0 ? "" : words.slice(i + 1, i + 1 + ANCHOR_WORDS).join(" ");
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};

/**
 * The dense feature row: query embedding, cosines to the tether centroids, anchor-phrase
 * embedding (zeros without an anchor), capped tether cue evidence; each group times its scale.
 */
export function tetherFeatures(
  stack: Pick<TetherStack, "scales" | "centroids">,
  query: ArrayLike<number>,
  anchor: ArrayLike<number> | null,
  cues: Scores<TetherType>,
): number[] {
  const { scales } = stack;
  const row: number[] = [];
  for (let i = 0; i < query.length; i++) row.push(scales.query * query[i]!);
  for (const t of TETHER_TYPES) row.push(scales.centroid * (stack.centroids[t] ? dot(query, stack.centroids[t]!) : 0));
  for (let i = 0; i < query.length; i++) row.push(scales.anchor * (anchor ? anchor[i]! : 0));
  for (const t of TETHER_TYPES) row.push(scales.cue * Math.min(cues[t]?.score ?? 0, CUE_CAP));
  return row;
}

/** The offset row: `strength` on the lexical choice. */
export function ruleOffset(classes: readonly string[], lexicalChoice: string | null, strength: number): number[] {
  return classes.map((c) => (c === lexicalChoice ? strength : 0));
}

/** Softmax of offset + bias + Σ row × weights. */
export function softmaxWithOffset(bias: readonly number[], weights: readonly (readonly number[])[], row: readonly number[], offset: readonly number[]): number[] {
  const z = offset.map((o, c) => o + bias[c]!);
  for (let d = 0; d < row.length; d++) {
    const v = row[d]!;
    if (v === 0) continue;
    const w = weights[d]!;
    for (let c = 0; c < z.length; c++) z[c]! += w[c]! * v;
  }
  const max = Math.max(...z);
  const e = z.map((v) => Math.exp(v - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

/** The stack's tether type and its probability. */
export function predictTether(
  stack: TetherStack,
  query: ArrayLike<number>,
  anchor: ArrayLike<number> | null,
  cues: Scores<TetherType>,
  lexicalChoice: string | null,
): { value: TetherType; p: number } {
  const p = softmaxWithOffset(stack.bias, stack.weights, tetherFeatures(stack, query, anchor, cues), ruleOffset(stack.classes, lexicalChoice, stack.ruleStrength));
  let best = 0;
  for (let c = 1; c < p.length; c++) if (p[c]! > p[best]!) best = c;
  return { value: stack.classes[best]!, p: p[best]! };
}
