/** Significance retrieval over any vector store: fusion (`rerank`) and the retriever helper. */
export { rerank, DEFAULT_FUSION_WEIGHT, type RerankOptions } from "./rerank.js";
export { createRetriever, relaxationLadder, type Retriever, type RetrieverOptions, type RetrieveInput, type Retrieval, type SearchRequest, type SearchStage } from "./retriever.js";
export { hardFieldsOf, type HardFieldsOption } from "./hard-fields.js";
export { ROBUST_ROUTING } from "./presets.js";
export { matchScore, matchPlan, satisfiesAll, valueAt, type FieldMapOption } from "./match.js";
export type { Candidate, CandidateSource, RankedCandidate, RetrievedCandidate } from "./types.js";
