/**
 * The root entry keeps the reviewed names (removing or renaming one is a breaking change) and
 * every name it re-exports is defined (a broken re-export fails here). Other issues add names to
 * `src/index.ts`; they are not listed here. What the package publishes as a whole (every `exports`
 * entry, its types, the tarball) is tested in test/packaging/.
 */
import { describe, expect, it } from "vitest";
import type {
  EmbeddingClassifierOptions,
  EnsembleOptions,
  FeedbackSelection,
  FieldScores,
  FitEnsembleOptions,
  RecalibrateEnsembleOptions,
  FitPrototypesOptions,
  HardFieldsOption,
  MemoryWithTies,
  People,
  PeopleFromMemoriesOptions,
} from "../src/index.js";

const ROOT_EXPORTS = [
  "ARC_TYPES",
  "ActivateRequestSchema",
  "ActivationEnvelopeSchema",
  "ActivationMetaSchema",
  "ActivationResultSchema",
  "CATEGORICAL_FIELDS",
  "CLASSIFIER_MODEL",
  "DEFAULT_LLM_TIMEOUT_MS",
  "DEFAULT_TOP_K",
  "DEFAULT_TRANSFORMERS_MODEL",
  "DRIVE_STATES",
  "EDM_DOMAINS",
  "EMOTIONS_PRIMARY",
  "ErrorEnvelopeSchema",
  "FILTER_FIELDS",
  "FieldFilterSchema",
  "LearnedWeightsSchema",
  "MAX_QUERY_CHARS",
  "MEMORY_TYPES",
  "MOTIVATIONAL_ORIENTATIONS",
  "NARRATIVE_ARCS",
  "NUMERIC_FIELDS",
  "OPERATORS",
  "PUBLIC_SCHEMAS",
  "RELATIONAL_DYNAMICS",
  "SHIPPED_STATIC_MODEL",
  "TEMPORAL_CONTEXTS",
  "TETHER_TYPES",
  "VALENCES",
  "analyze",
  "applyLearnedWeights",
  "classify",
  "classifyWithModel",
  "createEmbeddingClassifier",
  "createEnsembleClassifier",
  "createShippedEmbeddingClassifier",
  "createShippedEnsembleClassifier",
  "createStaticEmbedder",
  "createTransformersEmbedder",
  "domainOf",
  "explain",
  "fitEnsembleWeights",
  "fitPrototypes",
  "isCanonicalValue",
  "jsonSchemaOf",
  "learnFromStore",
  "learnWeights",
  "lexicalClassifier",
  "parseActivateRequest",
  "parseLearnedWeights",
  "peopleFromMemories",
  "readEnsembleWeights",
  "readLearnedWeights",
  "readPeople",
  "readPrototypes",
  "recalibrateEnsemble",
  "shippedModelsDir",
  "successEnvelope",
  "withLearnedWeights",
  "withLlmHook",
  "withPeople",
  "writeEnsembleWeights",
];

/**
 * Option and result types of the root entry's functions, which users name in their own code. A
 * type leaves no trace at run time: `npm run typecheck` fails here when one is not exported.
 */
export type RootTypeExports = [EmbeddingClassifierOptions, EnsembleOptions, FeedbackSelection, FieldScores, FitEnsembleOptions, FitPrototypesOptions, HardFieldsOption, MemoryWithTies, People, PeopleFromMemoriesOptions, RecalibrateEnsembleOptions];

describe("public surface", () => {
  it("the root entry still exports every reviewed name, and nothing undefined", async () => {
    const root = (await import("../src/index.js")) as Record<string, unknown>;
    expect(ROOT_EXPORTS.filter((name) => !(name in root))).toEqual([]);
    expect(Object.keys(root).filter((name) => root[name] === undefined)).toEqual([]);
  });
});
