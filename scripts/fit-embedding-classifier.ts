/**
 * Fits the shipped embedding classifier and ensemble on the TRAIN split of the labeled query set
 * and writes them next to the model they belong to:
 *   models/static-embedding/arcroute-prototypes.json  (centroids + calibrations)
 *   models/static-embedding/arcroute-ensemble.json    (mix shares, arc cut-off, confidence)
 * Re-run after the lexical classifier or the query set changes (the ensemble is fitted on its answers).
 *
 * Usage: npx tsx scripts/fit-embedding-classifier.ts [--queries benchmarks/queries/queries.jsonl]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { lexicalClassifier } from "../src/classify/index.js";
import {
  createEmbeddingClassifier,
  ENSEMBLE_WEIGHTS_FILE,
  fitEnsembleWeights,
  fitPrototypes,
  PROTOTYPES_FILE,
  type LabeledExample,
} from "../src/classify/embedding/index.js";
import { createStaticEmbedder, shippedModelsDir, SHIPPED_STATIC_MODEL } from "../src/embed/transformers.js";

interface QueryRow {
  query: string;
  gate: boolean;
  arc_types?: LabeledExample["arc_types"];
  tether_type?: LabeledExample["tether_type"];
  valence?: LabeledExample["valence"];
  group?: string;
  split: "train" | "heldout";
}

export function readTrainExamples(path: string): LabeledExample[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as QueryRow)
    .filter((row) => row.split === "train")
    .map((row) => ({
      query: row.query,
      gate: row.gate,
      arc_types: row.gate ? (row.arc_types ?? []) : [],
      tether_type: row.gate ? (row.tether_type ?? null) : null,
      valence: row.gate ? (row.valence ?? null) : null,
      ...(row.group === undefined ? {} : { group: row.group }),
    }));
}

const { values } = parseArgs({ options: { queries: { type: "string", default: "benchmarks/queries/queries.jsonl" } } });
const examples = readTrainExamples(values.queries!);
const fittedOn = `${values.queries} split=train (${examples.length})`;
const embedder = await createStaticEmbedder();
const prototypes = await fitPrototypes(embedder, examples, fittedOn);
const modelDir = join(shippedModelsDir(), SHIPPED_STATIC_MODEL);
writeFileSync(join(modelDir, PROTOTYPES_FILE), JSON.stringify(prototypes) + "\n");
const embedding = createEmbeddingClassifier({ embedder, prototypes });
const weights = await fitEnsembleWeights({ lexical: lexicalClassifier, embedding, examples, fittedOn });
writeFileSync(join(modelDir, ENSEMBLE_WEIGHTS_FILE), JSON.stringify(weights, null, 2) + "\n");
console.log(`fitted on ${examples.length} train queries; ensemble mix ${JSON.stringify(weights.mix)}, arcRatio ${weights.arcRatio}`);
