/**
 * A classifier built on another whose every answer is changed the same way (learned weights,
 * the people a user's memories name): one rule for how such a classifier names itself, so
 * `meta.classifier_model` always says what produced an answer.
 */
import type { Classification, Classifier } from "./types.js";
import { classifyWithModel as classifyWithModelOf } from "./llm/classify-with-model.js";

/** `<model>+<step>`: the base model's name with the step that changed its answers. */
export const decoratedModelName = (model: string, step: string): string => `${model}+${step}`;

/**
 * `base` with `change(result, query)` applied to every answer; its model name, and each answer's,
 * ends in `+step`. A base whose path varies per query (an LLM hook) keeps naming the path it took
 * (`arcroute-lexicon@1+llm-fallback:timeout+learned`).
 */
export function decorateClassifier(base: Classifier, step: string, change: (result: Classification, query: string) => Classification): Classifier {
  const classifyWithModel = async (query: string) => {
    const { result, model } = await classifyWithModelOf(base, query);
    return { result: change(result, query), model: decoratedModelName(model, step) };
  };
  return {
    model: decoratedModelName(base.model, step),
    classifyWithModel,
    async classify(query) {
      return (await classifyWithModel(query)).result;
    },
  };
}
