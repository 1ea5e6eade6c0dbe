/** Embedding-backed classification (prototypes: gate centroids, nearest labelled examples) and the lexical + embedding ensemble. */
export {
  createEmbeddingClassifier,
  createShippedEmbeddingClassifier,
  readPrototypes,
  writePrototypes,
  EMBEDDING_CLASSIFIER_VERSION,
  PROTOTYPES_FILE,
  type EmbeddingClassifierOptions,
  type ScoringClassifier,
} from "./classifier.js";
export { fitPrototypes, NEIGHBOURS_FILE, PROTOTYPES_FORMAT, type FitPrototypesOptions, type NeighbourVotes, type PrototypeSet } from "./prototypes.js";
export {
  createEnsembleClassifier,
  createShippedEnsembleClassifier,
  readEnsembleWeights,
  writeEnsembleWeights,
  ENSEMBLE_VERSION,
  ENSEMBLE_WEIGHTS_FILE,
  LEXICAL_ONLY_MIX,
  type EnsembleOptions,
  type EnsembleWeights,
} from "./ensemble.js";
export { fitEnsembleWeights, outOfFoldScores, recalibrateEnsemble, type FitEnsembleOptions, type RecalibrateEnsembleOptions } from "./fit.js";
export type { LabeledExample } from "./labels.js";
export type { FieldScores } from "./scores.js";
export { anchorPhrase, predictTether, type TetherStack } from "./tether.js";
