/**
 * Fitting the ensemble's tether stack (src/classify/embedding/tether.ts) on train rows, and its
 * cross-validation against the lexical tether choice. Used by scripts/fit-embedding-classifier.ts.
 * Softmax with a fixed per-class offset (the lexical choice): mean cross-entropy + λ/2·(‖b‖² + ‖W‖²),
 * by L-BFGS; the penalty on the bias too keeps a heavily regularised model equal to the lexical choice.
 */
import { TETHER_TYPES, type TetherType } from "../src/schema/vocabulary.js";
import type { Scores } from "../src/classify/analyze.js";
import { ruleOffset, softmaxWithOffset, tetherFeatures, type TetherStack } from "../src/classify/embedding/tether.js";
import { lbfgs, softmaxObjective } from "./fit-softmax.js";

/** One train query with a labelled tether, as the stack sees it. */
export interface TetherRow {
  id: string;
  query: Float32Array | number[];
  anchor: Float32Array | number[] | null;
  cues: Scores<TetherType>;
  /** The lexical classifier's tether (from arc models fitted without this query). */
  lexical: string | null;
  label: TetherType;
  fold: number;
}

export interface TetherSetting { lambda: number; ruleStrength: number; scales: TetherStack["scales"] }

export function fitOffsetSoftmax(K: number, X: number[][], offsets: number[][], Y: number[][], lambda: number): { bias: number[]; weights: number[][] } {
  const D = X[0]?.length ?? 0, dim = K + D * K;
  // Dense rows as sparse ones (zeros skipped), with the lexical choice as a fixed offset.
  const nonZero = X.map((x) => x.flatMap((v, d) => (v === 0 ? [] : [d])));
  const data = {
    idx: nonZero.map((ds) => Int32Array.from(ds)),
    val: nonZero.map((ds, n) => Float64Array.from(ds, (d) => X[n]![d]!)),
    y: Y.map((y) => Float64Array.from(y)),
    offset: offsets.map((o) => Float64Array.from(o)),
  };
  const theta = lbfgs(softmaxObjective(K, dim, data, lambda, true), new Float64Array(dim), 200);
  return { bias: Array.from(theta.slice(0, K)), weights: Array.from({ length: D }, (_, d) => Array.from(theta.slice(K + d * K, K + d * K + K))) };
}

function unitCentroids(rows: readonly TetherRow[]): TetherStack["centroids"] {
  const sums = new Map<TetherType, number[]>();
  for (const r of rows) {
    const s = sums.get(r.label) ?? new Array<number>(r.query.length).fill(0);
    for (let i = 0; i < r.query.length; i++) s[i]! += r.query[i]!;
    sums.set(r.label, s);
  }
  const out: TetherStack["centroids"] = {};
  for (const t of TETHER_TYPES) {
    const s = sums.get(t);
    if (!s) continue;
    const norm = Math.sqrt(s.reduce((a, x) => a + x * x, 0)) || 1;
    out[t] = s.map((x) => Number((x / norm).toFixed(4)));
  }
  return out;
}

const round4 = (x: number) => Number(x.toFixed(4));

export function fitTetherStack(rows: readonly TetherRow[], s: TetherSetting): TetherStack {
  const partial = { scales: s.scales, centroids: unitCentroids(rows) };
  const { bias, weights } = fitOffsetSoftmax(
    TETHER_TYPES.length,
    rows.map((r) => tetherFeatures(partial, r.query, r.anchor, r.cues)),
    rows.map((r) => ruleOffset(TETHER_TYPES, r.lexical, s.ruleStrength)),
    rows.map((r) => TETHER_TYPES.map((t) => (t === r.label ? 1 : 0))),
    s.lambda,
  );
  return { classes: TETHER_TYPES, ruleStrength: s.ruleStrength, ...partial, bias: bias.map(round4), weights: weights.map((w) => w.map(round4)) };
}

export function stackChoice(stack: TetherStack, r: TetherRow): TetherType {
  const p = softmaxWithOffset(stack.bias, stack.weights, tetherFeatures(stack, r.query, r.anchor, r.cues), ruleOffset(stack.classes, r.lexical, stack.ruleStrength));
  return stack.classes[p.indexOf(Math.max(...p))]!;
}

export interface TetherCv { lexical: number; stack: number; changed: number; fixed: number; broke: number }

/** Out-of-fold accuracy of the stack vs. the lexical choice on `rows` (folds by `fold`), and on a subset. */
export function crossValidateTether(rows: readonly TetherRow[], s: TetherSetting, folds: number, subset: (r: TetherRow) => boolean): { all: TetherCv; subset: TetherCv } {
  const choice = new Map<TetherRow, TetherType>();
  for (let k = 0; k < folds; k++) {
    const stack = fitTetherStack(rows.filter((r) => r.fold !== k), s);
    for (const r of rows) if (r.fold === k) choice.set(r, stackChoice(stack, r));
  }
  const figures = (list: readonly TetherRow[]): TetherCv => {
    const changed = list.filter((r) => choice.get(r) !== r.lexical);
    return {
      lexical: list.filter((r) => r.lexical === r.label).length / Math.max(1, list.length),
      stack: list.filter((r) => choice.get(r) === r.label).length / Math.max(1, list.length),
      changed: changed.length,
      fixed: changed.filter((r) => choice.get(r) === r.label).length,
      broke: changed.filter((r) => r.lexical === r.label).length,
    };
  };
  return { all: figures(rows), subset: figures(rows.filter(subset)) };
}
