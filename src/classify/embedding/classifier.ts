/**
 * Nearest-centroid classification in an embedding space: the query is embedded, compared with
 * the prototypes of each label (cosine), and the calibrated scores are decoded into filters.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Embedder } from "../../embed/types.js";
import { createStaticEmbedder, shippedModelsDir, SHIPPED_STATIC_MODEL } from "../../embed/transformers.js";
import type { Classification, Classifier } from "../types.js";
import { PROTOTYPES_FORMAT, scoreVector, type PrototypeSet } from "./prototypes.js";
import { decodeScores, type FieldScores } from "./scores.js";

export const EMBEDDING_CLASSIFIER_VERSION = "arcroute-embedding@1";
/** File name of the prototypes fitted for a model, inside the model's folder. */
export const PROTOTYPES_FILE = "arcroute-prototypes.json";

/** A classifier that can also report its raw per-field scores (the ensemble mixes those). */
export interface ScoringClassifier extends Classifier {
  scores(query: string): Promise<FieldScores>;
  /** The embedder behind the scores, and the scores of a vector it made (the ensemble embeds once for several uses). */
  readonly embedder?: Embedder;
  scoreVector?(vector: Float32Array): FieldScores;
}

export interface EmbeddingClassifierOptions {
  embedder: Embedder;
  prototypes: PrototypeSet;
}

export function createEmbeddingClassifier({ embedder, prototypes }: EmbeddingClassifierOptions): ScoringClassifier {
  if (prototypes.format !== PROTOTYPES_FORMAT) throw new Error(`unsupported prototypes format '${prototypes.format}'`);
  if (prototypes.embedder !== embedder.model || prototypes.dimensions !== embedder.dimensions) {
    throw new Error(`prototypes were fitted for '${prototypes.embedder}' (${prototypes.dimensions}d), not '${embedder.model}' (${embedder.dimensions}d)`);
  }
  async function scores(query: string): Promise<FieldScores> {
    const [vector] = await embedder.embed([query]);
    return scoreVector(vector!, prototypes);
  }
  return {
    model: `${EMBEDDING_CLASSIFIER_VERSION}+${embedder.model}`,
    scores,
    embedder,
    scoreVector: (vector) => scoreVector(vector, prototypes),
    async classify(query): Promise<Classification> {
      return decodeScores(await scores(query), { confidence: prototypes.confidence });
    },
  };
}

/** Prototypes stored in a model folder (default: the shipped static-embedding model). */
export function readPrototypes(path: string = join(shippedModelsDir(), SHIPPED_STATIC_MODEL, PROTOTYPES_FILE)): PrototypeSet {
  return JSON.parse(readFileSync(path, "utf8")) as PrototypeSet;
}

/** The shipped model with its shipped prototypes: offline, through transformers.js. */
export async function createShippedEmbeddingClassifier(): Promise<ScoringClassifier> {
  return createEmbeddingClassifier({ embedder: await createStaticEmbedder(), prototypes: readPrototypes() });
}
