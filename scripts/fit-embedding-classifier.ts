/**
 * Fits the shipped embedding classifier and ensemble on the TRAIN split of the labeled query set
 * and writes them next to the model they belong to:
 *   models/static-embedding/arcroute-prototypes.json  (centroids + calibrations)
 *   models/static-embedding/arcroute-ensemble.json    (mix shares, arc cut-off, confidence)
 * Re-run after the lexical classifier or the query set changes (the ensemble is fitted on its answers).
 *
 * Usage: npx tsx scripts/fit-embedding-classifier.ts   (reads benchmarks/queries/train.jsonl through the loader)
 */
import { writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { loadQueries, queriesPath, type LabeledQuery } from "../benchmarks/queries/load.js";
import { explainWith, lexicalClassifier } from "../src/classify/index.js";
import { SHIPPED_PARAMS } from "../src/classify/params.js";
import type { Classifier } from "../src/classify/types.js";
import { FOLDS, fitModels, foldOf } from "./fit-linear-classifier.js";
import {
  createEmbeddingClassifier,
  ENSEMBLE_WEIGHTS_FILE,
  fitEnsembleWeights,
  fitPrototypes,
  outOfFoldScores,
  PROTOTYPES_FILE,
  type LabeledExample,
} from "../src/classify/embedding/index.js";
import { createStaticEmbedder, shippedModelsDir, SHIPPED_STATIC_MODEL } from "../src/embed/transformers.js";

/** A train query as the classifiers are fitted on it (the loader has validated the labels). */
export function toExample(row: LabeledQuery): LabeledExample {
  return { query: row.query, gate: row.gate, arc_types: row.arc_types, tether_type: row.tether_type, valence: row.valence, group: row.group };
}

// The train split only: the held-out split is for reporting, never for fitting.
const train = loadQueries("train");
const examples = train.map(toExample);

/**
 * The lexical classifier as it answers queries it has not been fitted on: each train query is
 * classified with linear models fitted without its fold (scripts/fit-linear-classifier.ts, same
 * folds). The shipped models have seen every train query (top-1 ~0.99 there), so an ensemble
 * fitted on their answers would learn that the embedding never helps.
 */
function outOfFoldLexical(): Classifier {
  const models = Array.from({ length: FOLDS }, (_, k) => fitModels(train.filter((q) => foldOf(q.id) !== k), SHIPPED_PARAMS.models.secondary_ratio));
  const foldOfQuery = new Map(train.map((q) => [q.query, foldOf(q.id)]));
  return {
    model: lexicalClassifier.model,
    classify: (query) => {
      const fold = foldOfQuery.get(query);
      return fold === undefined ? lexicalClassifier.classify(query) : explainWith(query, { ...SHIPPED_PARAMS, models: models[fold]! }).result;
    },
  };
}
const fittedOn = `${relative(process.cwd(), queriesPath("train"))} (${examples.length} queries)`;
const embedder = await createStaticEmbedder();
const prototypes = await fitPrototypes(embedder, examples, fittedOn);
const modelDir = join(shippedModelsDir(), SHIPPED_STATIC_MODEL);
writeFileSync(join(modelDir, PROTOTYPES_FILE), JSON.stringify(prototypes) + "\n");
const embedding = createEmbeddingClassifier({ embedder, prototypes });
// The ensemble is fitted on out-of-fold embedding scores and out-of-fold lexical answers: the
// shipped centroids and linear models contain every train query, so their answers there are
// better than they will be on new ones.
const embeddingScores = await outOfFoldScores(embedder, examples, 5);
const weights = await fitEnsembleWeights({ lexical: outOfFoldLexical(), embedding, examples, fittedOn, embeddingScores });
writeFileSync(join(modelDir, ENSEMBLE_WEIGHTS_FILE), JSON.stringify(weights, null, 2) + "\n");
console.log(`fitted on ${examples.length} train queries; ensemble mix ${JSON.stringify(weights.mix)}, gate threshold ${weights.gateThreshold}, arcRatio ${weights.arcRatio}`);
