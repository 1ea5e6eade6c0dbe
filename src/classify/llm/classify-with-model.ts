/**
 * Classifies and names the model that produced this particular answer. A classifier whose path
 * varies per query (the LLM hook: refined or fell back) implements `classifyWithModel`; any other
 * classifier answers with its static `model`. The activate route calls this, so
 * `meta.classifier_model` and the stored event record the path actually taken.
 */
import type { Classification, Classifier } from "../types.js";

export interface ModelledClassification {
  result: Classification;
  /** Name and version of what produced `result`, e.g. `arcroute-lexicon@1+llm-fallback:timeout`. */
  model: string;
}

export async function classifyWithModel(classifier: Classifier, query: string): Promise<ModelledClassification> {
  if (classifier.classifyWithModel) return classifier.classifyWithModel(query);
  return { result: await classifier.classify(query), model: classifier.model };
}
