/**
 * Store-agnostic fusion of vector similarity with significance matches.
 *
 *   score = (1 − fusionWeight) · vectorScore + fusionWeight · matchScore
 *
 * `matchScore` ∈ [0, 1] is the weighted share of the activation's filter fields the candidate's
 * payload satisfies (see match.ts). `fusionWeight` defaults to 0.5 (`arcroute learn` can fit it:
 * pass `weights.fusion`). Ties are broken by the higher vector score, then by input order, so a
 * store's own ranking survives among equals. With the gate closed or no filters nothing is
 * routed: candidates come back in vector-score order with `score = vectorScore`.
 */
import type { ActivationResult, FieldFilter } from "../schema/activation.js";
import { positiveInteger } from "./checks.js";
import { checkOptions } from "../schema/options.js";
import { matchPlan, matchScore, type FieldMapOption } from "./match.js";
import type { Candidate, RankedCandidate } from "./types.js";

export const DEFAULT_FUSION_WEIGHT = 0.5;

export interface RerankOptions {
  /** Weight of filter matches against vector similarity, in [0, 1]; default 0.5. */
  fusionWeight?: number | undefined;
  /** Where the EDM fields live in the payload: "flat" (default), "nested", or a field → path map. */
  fields?: FieldMapOption | undefined;
  /**
   * "raw" (default): vector scores are used as given (cosine similarities are already in [-1, 1]).
   * "minmax": rescaled to [0, 1] within this candidate list first, for stores whose scores have
   * another scale (dot products, negated distances), so the fusion weight keeps its meaning.
   */
  normalize?: "raw" | "minmax" | undefined;
  /** Keep only the best `k` (default: all). */
  k?: number | undefined;
}

export function rerank<T>(
  candidates: readonly Candidate<T>[],
  activation: ActivationResult | readonly FieldFilter[],
  options: RerankOptions = {},
): RankedCandidate<T>[] {
  if (!Array.isArray(candidates)) throw new TypeError("rerank: `candidates` must be an array of { id, score, payload }");
  checkOptions("rerank", options, ["fusionWeight", "fields", "normalize", "k"]);
  const weight = options.fusionWeight ?? DEFAULT_FUSION_WEIGHT;
  if (!(typeof weight === "number" && weight >= 0 && weight <= 1)) throw new RangeError(`fusionWeight must be in [0, 1], got ${JSON.stringify(weight)}`);
  if (options.k !== undefined) positiveInteger(options.k, "k");
  if (options.normalize !== undefined && options.normalize !== "raw" && options.normalize !== "minmax") throw new RangeError(`normalize must be "raw" or "minmax", got ${JSON.stringify(options.normalize)}`);
  // A NaN score would sort anywhere (every comparison with it is false): a broken store, said so.
  const notCandidate = candidates.findIndex((candidate) => typeof candidate !== "object" || candidate === null);
  if (notCandidate >= 0) throw new TypeError(`rerank: candidates[${notCandidate}] is not a candidate object`);
  const broken = candidates.find((candidate) => !Number.isFinite(candidate.score));
  if (broken) throw new RangeError(`candidate ${JSON.stringify(broken.id)} has a non-finite vector score (${broken.score})`);
  const plan = matchPlan(activation, options.fields);
  const vector = vectorScores(candidates, options.normalize ?? "raw");
  const ranked = candidates.map((candidate, index) => {
    const match = plan ? matchScore(plan, candidate.payload) : 0;
    const fused = plan ? (1 - weight) * vector[index]! + weight * match : candidate.score;
    return { ranked: { ...candidate, score: fused, vectorScore: candidate.score, matchScore: match }, index };
  });
  ranked.sort((a, b) => b.ranked.score - a.ranked.score || b.ranked.vectorScore - a.ranked.vectorScore || a.index - b.index);
  const out = ranked.map((entry) => entry.ranked);
  return options.k === undefined ? out : out.slice(0, options.k);
}

function vectorScores(candidates: readonly Candidate[], mode: "raw" | "minmax"): number[] {
  const scores = candidates.map((candidate) => candidate.score);
  if (mode === "raw" || scores.length === 0) return scores;
  // A loop, not Math.min(...scores) (which overflows the stack past ~120,000 candidates); halves,
  // so hi − lo stays finite for any finite scores (±1.79e308 would give Infinity, then NaN).
  let lo = Infinity, hi = -Infinity;
  for (const score of scores) {
    if (score < lo) lo = score;
    if (score > hi) hi = score;
  }
  const span = hi / 2 - lo / 2;
  return scores.map((score) => (span > 0 ? (score / 2 - lo / 2) / span : 1));
}
