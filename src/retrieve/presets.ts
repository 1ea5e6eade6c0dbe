import type { RetrieverOptions } from "./retriever.js";

/**
 * The filter-mode routing that holds up best when the classifier is unsure, chosen on the retrieval
 * benchmark's train queries only (README → Benchmarks → Retrieval, system `filter_core`): the arc
 * alternatives and the weight threshold filter the search, the descriptive fields only reorder,
 * emotion-led and relation-led routes join the candidates (memories with the named emotion or
 * tie under any arc: "the happiest moments with my nan"), each arc alternative keeps its best
 * hit, and three near misses of the threshold compete. Spread it into `createRetriever({ search, translate, ...ROBUST_ROUTING })`.
 * The retriever's own defaults stay the plain filter → relaxation → fallback of SPEC section 4.
 */
export const ROBUST_ROUTING = {
  mode: "filter",
  hardFields: "core",
  routeFields: ["emotion_primary", "relational_dynamics"],
  keepAlternatives: 1,
  belowThresholds: 3,
} as const satisfies Partial<RetrieverOptions<unknown, unknown, unknown>>;
