/** What every classifier (lexical, embedding, ensemble, LLM-refined) promises. */
import type { ActivationResult } from "../schema/activation.js";

/** A classification without persistence: `activation_id` is always null here. */
export type Classification = ActivationResult & { activation_id: null };

export interface Classifier {
  /** Name and version reported in `meta.classifier_model`, e.g. `arcroute-lexicon@1`. */
  readonly model: string;
  classify(query: string): Classification | Promise<Classification>;
  /**
   * Optional: the result together with the model that produced it, for classifiers whose path
   * varies per query (e.g. an LLM hook that may fall back). Callers use `classifyWithModel()`.
   */
  classifyWithModel?(query: string): Promise<{ result: Classification; model: string }>;
}

/** A distribution over the values of each field a model scores (the lexical models' softmax outputs). */
export type FieldProbabilities = Record<"arc_type" | "tether_type" | "valence", Record<string, number>>;

/**
 * A classifier that can also report the probabilities behind its answer (null when the gate is
 * closed: no field was scored). The ensemble mixes these, not the filter weights, when it can:
 * filter weights keep only the top values and flatten the rest.
 */
export interface ProbabilisticClassifier extends Classifier {
  classifyWithProbabilities(query: string): { result: Classification; probabilities: FieldProbabilities | null };
}
