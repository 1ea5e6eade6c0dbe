/**
 * arcroute: route retrieval by what mattered.
 * Explicit catalogue of the public surface (snapshotted by test/exports.test.ts).
 */

// Classifier core
export { classify, classifyWithProbabilities, CLASSIFIER_MODEL, lexicalClassifier, explain, analyze, type Explanation, type Analysis, type CueEvidence, type Scores } from "./classify/index.js";
export type { Classification, Classifier, FieldProbabilities, ProbabilisticClassifier } from "./classify/types.js";

// Learning classifiers: transformers.js embeddings, LLM hook (issue 6)
export {
  createTransformersEmbedder,
  createStaticEmbedder,
  shippedModelsDir,
  DEFAULT_TRANSFORMERS_MODEL,
  SHIPPED_STATIC_MODEL,
  type TransformersEmbedderOptions,
} from "./embed/transformers.js";
export type { Embedder } from "./embed/types.js";
export { withLlmHook, DEFAULT_LLM_TIMEOUT_MS, type LlmHook, type LlmHookOptions, type LlmFallbackReason } from "./classify/llm/index.js";
export { classifyWithModel, type ModelledClassification } from "./classify/llm/classify-with-model.js";
// The people a user's memories name, routed by the tie each stands for
export { withPeople, type People } from "./classify/people.js";
export { readPeople } from "./classify/people-file.js";
export { peopleFromMemories, type MemoryWithTies, type PeopleFromMemoriesOptions } from "./classify/people-from-memories.js";
export {
  createEmbeddingClassifier,
  createShippedEmbeddingClassifier,
  createEnsembleClassifier,
  createShippedEnsembleClassifier,
  fitPrototypes,
  fitEnsembleWeights,
  recalibrateEnsemble,
  outOfFoldScores,
  readPrototypes,
  writePrototypes,
  readEnsembleWeights,
  writeEnsembleWeights,
  type PrototypeSet,
  type EnsembleWeights,
  type ScoringClassifier,
  type LabeledExample,
  type EmbeddingClassifierOptions,
  type EnsembleOptions,
  type FitPrototypesOptions,
  type FitEnsembleOptions,
  type RecalibrateEnsembleOptions,
  type FieldScores,
} from "./classify/embedding/index.js";
export {
  withLearnedWeights,
  applyLearnedWeights,
  readLearnedWeights,
  parseLearnedWeights,
  LearnedWeightsSchema,
  type LearnedWeights,
} from "./feedback/weights.js";
export { learnFromStore, learnWeights, type FeedbackExample, type LearnOptions, type FeedbackSelection } from "./feedback/learn.js";

// Schemas and types
export {
  OPERATORS,
  FieldFilterSchema,
  ActivationResultSchema,
  ActivationMetaSchema,
  type Operator,
  type FieldFilter,
  type ActivationResult,
  type ActivationMeta,
} from "./schema/activation.js";
export {
  ActivateRequestSchema,
  parseActivateRequest,
  MAX_QUERY_CHARS,
  DEFAULT_TOP_K,
  type ActivateRequest,
} from "./schema/request.js";
export {
  ErrorEnvelopeSchema,
  ActivationEnvelopeSchema,
  successEnvelope,
  type ErrorEnvelope,
  type ActivationEnvelope,
} from "./schema/envelope.js";
export { jsonSchemaOf, PUBLIC_SCHEMAS, type PublicSchemaName } from "./schema/json-schema.js";

// EDM vocabulary
export {
  EDM_DOMAINS,
  ARC_TYPES,
  TETHER_TYPES,
  VALENCES,
  EMOTIONS_PRIMARY,
  RELATIONAL_DYNAMICS,
  TEMPORAL_CONTEXTS,
  NARRATIVE_ARCS,
  MEMORY_TYPES,
  DRIVE_STATES,
  MOTIVATIONAL_ORIENTATIONS,
  CATEGORICAL_FIELDS,
  NUMERIC_FIELDS,
  FILTER_FIELDS,
  domainOf,
  isCanonicalValue,
  type EdmDomain,
  type ArcType,
  type TetherType,
  type Valence,
  type EmotionPrimary,
  type RelationalDynamic,
  type TemporalContext,
  type FilterField,
  type CategoricalField,
  type NumericField,
} from "./schema/vocabulary.js";

// API keys (issue 3): format, hashing and management through the store contract
export {
  createApiKey,
  revokeApiKey,
  hashApiKey,
  parseApiKey,
  generateApiKey,
  isApiKeyFormat,
  KeyRequestError,
  KEY_PREFIXES,
  type CreateKeyRequest,
  type CreatedKey,
  type KeyMode,
  type ParsedKey,
} from "./keys/index.js";

// Significance retrieval: fusion, the retriever helper, document tagging (issue 4)
export {
  rerank,
  DEFAULT_FUSION_WEIGHT,
  createRetriever,
  ROBUST_ROUTING,
  relaxationLadder,
  matchPlan,
  matchScore,
  type RerankOptions,
  type Retriever,
  type RetrieverOptions,
  type RetrieveInput,
  type Retrieval,
  type SearchRequest,
  type SearchStage,
  type Candidate,
  type CandidateSource,
  type RankedCandidate,
  type RetrievedCandidate,
  type FieldMapOption,
  type HardFieldsOption,
} from "./retrieve/index.js";
export { tag, type EdmTags } from "./tag/index.js";

// The contracts a store and a rate limiter fulfil (createApi's `store` and `limiter`; README → Stores).
export type {
  ArcStore,
  RateLimiter,
  LimitResult,
  Organization,
  ApiKeyRecord,
  ActivationEvent,
  BillingRecord,
  Feedback,
  Usage,
  Tier,
  Scope,
  StoredResponse,
  IdempotencyWrite,
  IdempotencyLookup,
  RecordOutcome,
} from "./stores/types.js";
