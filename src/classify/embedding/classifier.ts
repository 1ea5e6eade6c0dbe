/**
 * Prototype classification in an embedding space: the query is embedded, compared with the
 * prototypes (cosine: the gate sides' centroids; for the fields, the nearest labelled examples'
 * votes, or one centroid per label in sets fitted without them), and the calibrated scores are
 * decoded into filters.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Embedder } from "../../embed/types.js";
import { createStaticEmbedder, shippedModelsDir, SHIPPED_STATIC_MODEL } from "../../embed/transformers.js";
import { checkOptions, hasMethods, requireOptions } from "../../schema/options.js";
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

/** The answer to a text the embedding knows no word of: gate closed, and no more sure than a coin. */
const NO_EVIDENCE: Classification = { activation_id: null, arc_types: [], primary_domain: null, field_filters: [], confidence: 0.5, significance_gate: false };

export interface EmbeddingClassifierOptions {
  embedder: Embedder;
  prototypes: PrototypeSet;
}

export function createEmbeddingClassifier(options: EmbeddingClassifierOptions): ScoringClassifier {
  checkOptions("createEmbeddingClassifier", options, ["embedder", "prototypes"]);
  requireOptions("createEmbeddingClassifier", options, ["embedder", "prototypes"]);
  const { embedder, prototypes } = options;
  if (!hasMethods(embedder, ["embed"])) throw new TypeError("createEmbeddingClassifier: `embedder` is not an Embedder (did you forget to await its factory?)");
  if (prototypes.format !== PROTOTYPES_FORMAT) throw new Error(`unsupported prototypes format '${prototypes.format}'`);
  if (prototypes.embedder !== embedder.model || prototypes.dimensions !== embedder.dimensions) {
    throw new Error(`prototypes were fitted for '${prototypes.embedder}' (${prototypes.dimensions}d), not '${embedder.model}' (${embedder.dimensions}d)`);
  }
  return {
    model: `${EMBEDDING_CLASSIFIER_VERSION}+${embedder.model}`,
    async scores(query) {
      const [vector] = await embedder.embed([query]);
      return scoreVector(vector!, prototypes);
    },
    embedder,
    scoreVector: (vector) => scoreVector(vector, prototypes),
    async classify(query): Promise<Classification> {
      const [vector] = await embedder.embed([query]);
      // No known word ("", "zzzz", stopwords only): the zero vector is as near every prototype, so
      // its scores are ties broken by name. Nothing says the text is significant: the gate stays closed.
      if (vector!.every((x) => x === 0)) return { ...NO_EVIDENCE };
      return decodeScores(scoreVector(vector!, prototypes), { confidence: prototypes.confidence });
    },
  };
}

/** Prototypes stored in a model folder (default: the shipped static-embedding model), neighbour vectors included. */
export function readPrototypes(path: string = join(shippedModelsDir(), SHIPPED_STATIC_MODEL, PROTOTYPES_FILE)): PrototypeSet {
  const set = JSON.parse(readFileSync(path, "utf8")) as PrototypeSet;
  if (set.neighbours) {
    const bytes = readFileSync(join(dirname(path), set.neighbours.file));
    if (bytes.length !== set.neighbours.count * set.dimensions) throw new Error(`${set.neighbours.file} holds ${bytes.length} bytes, expected ${set.neighbours.count} × ${set.dimensions}`);
    set.neighbours.vectors = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  }
  return set;
}

/** Writes prototypes into a model folder: the JSON, and the neighbour vectors as their own binary file. */
export function writePrototypes(dir: string, set: PrototypeSet): void {
  writeFileSync(join(dir, PROTOTYPES_FILE), JSON.stringify(set, (key, value) => (key === "vectors" ? undefined : value)) + "\n");
  const vectors = set.neighbours?.vectors;
  if (set.neighbours && vectors) writeFileSync(join(dir, set.neighbours.file), new Uint8Array(vectors.buffer, vectors.byteOffset, vectors.byteLength));
}

/** The shipped model with its shipped prototypes: offline, through transformers.js. */
export async function createShippedEmbeddingClassifier(): Promise<ScoringClassifier> {
  return createEmbeddingClassifier({ embedder: await createStaticEmbedder(), prototypes: readPrototypes() });
}
