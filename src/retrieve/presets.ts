import type { RetrieverOptions } from "./retriever.js";

/**
 * The filter-mode routing that holds up best when the classifier is unsure, chosen on the retrieval
 * benchmark's train queries only (README → Benchmarks → Retrieval, system `filter_core`): the arc
 * alternatives and the weight threshold filter the search, the descriptive fields only reorder,
 * emotion-led and relation-led routes join the candidates (memories with the named emotion or
 * tie under any arc: "the happiest moments with my nan"), each arc alternative keeps its best
 * hit, and three near misses of the threshold compete. Spread it into `createRetriever({ search, translate, ...ROBUST_ROUTING })`.
 * The retriever's own defaults stay the plain filter → relaxation → fallback of SPEC section 4.
 *
 * Fusion (revised 2026-11-27 on the train and first two held-out retrieval splits, judged on a
 * third written afterwards, benchmarks/retrieval/HELDOUT-3.md): the tether type and valence the
 * classifier infers count 0.3 of their weight, and so does the weight threshold every routed
 * candidate already meets (it only diluted the other matches); matches then count 0.6 against
 * vector similarity. The classifier's tether and valence guesses were outweighing the relation,
 * emotion and arc the query names: every development split gained (+2.4, +6.9, +4.0 points of
 * significance recall@10).
 */
export const ROBUST_ROUTING = {
  mode: "filter",
  hardFields: "core",
  routeFields: ["emotion_primary", "relational_dynamics"],
  keepAlternatives: 1,
  belowThresholds: 3,
  fieldWeights: { tether_type: 0.3, valence: 0.3, emotional_weight: 0.3 },
  fusionWeight: 0.6,
} as const satisfies Partial<RetrieverOptions<unknown, unknown, unknown>>;
