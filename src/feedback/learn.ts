/**
 * Learning filter weights from retrieval feedback. Each feedback says whether the retrieval
 * routed by one activation found what the user wanted. A logistic regression of `hit` on which
 * fields the activation filtered by (intercept free, field coefficients shrunk towards 0) tells
 * which fields go with misses; a field's multiplier is its odds ratio capped at 1:
 * fields that never hurt keep weight 1, fields present in every activation cannot be told
 * apart from the baseline and stay at 1, fields that go with misses are scaled down or dropped.
 * The fusion weight shrinks with the usage-weighted mean multiplier.
 */
import type { ActivationResult } from "../schema/activation.js";
import type { FilterField } from "../schema/vocabulary.js";
import type { ArcStore } from "../stores/types.js";
import { fitLogistic } from "../classify/embedding/logistic.js";
import { LEARNED_WEIGHTS_FORMAT, type LearnedWeights } from "./weights.js";

export interface FeedbackExample {
  result: ActivationResult;
  hit: boolean;
}

export interface LearnOptions {
  /** Fusion weight before learning (the `rerank` default). Default 0.5. */
  baseFusion?: number;
  /** Multiplier below which a field's filters are dropped. Default 0.5. */
  dropBelow?: number;
  /** L2 shrinkage of the field coefficients: more means more feedback is needed to move a weight. Default 0.02. */
  shrinkage?: number;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export function learnWeights(examples: readonly FeedbackExample[], organizations: number, options: LearnOptions = {}): LearnedWeights {
  const routed = examples.filter((e) => e.result.significance_gate && e.result.field_filters.length > 0);
  const usage = new Map<FilterField, number>();
  for (const { result } of routed) {
    for (const field of new Set(result.field_filters.map((f) => f.field))) usage.set(field, (usage.get(field) ?? 0) + 1);
  }
  const fields = [...usage.keys()].sort();
  const rows = routed.map(({ result }) => fields.map((field) => (result.field_filters.some((f) => f.field === field) ? 1 : 0)));
  const model = fitLogistic(rows, routed.map((e) => e.hit), { l2: options.shrinkage ?? 0.02, iterations: 4000 });
  const multipliers = Object.fromEntries(fields.map((field, i) => [field, round(Math.min(1, Math.exp(model.weights[i + 1]!)))])) as LearnedWeights["fields"];
  const totalUse = fields.reduce((sum, f) => sum + usage.get(f)!, 0);
  const reliability = totalUse === 0 ? 1 : fields.reduce((sum, f) => sum + usage.get(f)! * multipliers[f]!, 0) / totalUse;
  return {
    format: LEARNED_WEIGHTS_FORMAT,
    learned_from: { feedback: examples.length, hits: examples.filter((e) => e.hit).length, organizations },
    fields: multipliers,
    drop_below: options.dropBelow ?? 0.5,
    fusion: round((options.baseFusion ?? 0.5) * reliability),
  };
}

/** Feedback joined with its activation, for one organization or all (`null`). Feedback on vanished events is skipped. */
export async function feedbackExamples(store: ArcStore, orgId: string | null): Promise<{ examples: FeedbackExample[]; organizations: number }> {
  const feedback = await store.listFeedback(orgId);
  const examples: FeedbackExample[] = [];
  for (const item of feedback) {
    const event = await store.getActivation(item.activation_id, item.org_id);
    if (event) examples.push({ result: event.result, hit: item.hit });
  }
  return { examples, organizations: new Set(feedback.map((f) => f.org_id)).size };
}

/** Learns weights from everything a store holds (or one organization's feedback). */
export async function learnFromStore(store: ArcStore, orgId: string | null, options: LearnOptions = {}): Promise<LearnedWeights> {
  const { examples, organizations } = await feedbackExamples(store, orgId);
  return learnWeights(examples, organizations, options);
}
