/** The classifiers the benchmark can measure, by name; loading failures become one-line CLI errors. */
import { lexicalClassifier } from "../../src/classify/index.js";
import type { Classifier } from "../../src/classify/types.js";
import { CliError } from "../../src/cli/errors.js";

export const CLASSIFIER_NAMES = ["lexical", "embedding", "ensemble"] as const;
export type ClassifierName = (typeof CLASSIFIER_NAMES)[number];

export async function loadClassifier(name: ClassifierName): Promise<Classifier> {
  if (name === "lexical") return lexicalClassifier;
  try {
    // Loaded lazily: the embedding side pulls in the model files and onnxruntime.
    const embedding = await import("../../src/classify/embedding/index.js");
    return name === "embedding" ? await embedding.createShippedEmbeddingClassifier() : await embedding.createShippedEnsembleClassifier();
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split("\n")[0];
    throw new CliError(`cannot load the ${name} classifier: ${message}`, 1);
  }
}
