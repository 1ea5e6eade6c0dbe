/**
 * Learning filter weights from retrieval feedback. Each feedback says whether the retrieval
 * routed by one activation found what the user wanted. A logistic regression of `hit` on which
 * fields the activation filtered by, and on which field VALUES (`tether_type=self`) it filtered
 * by when a value was used often enough to judge (not arc types: see `skipValuesOf`), intercept
 * free, coefficients shrunk towards 0, tells which filters go with misses; a multiplier is the odds ratio capped at 1: filters that
 * never hurt keep weight 1, fields present in every activation cannot be told apart from the
 * baseline and stay at 1 (their values still can), filters that go with misses are scaled down
 * (and dropped, below `dropBelow`, when asked to). A classifier that keeps guessing one value wrong (e.g. `emotion_primary=fear`
 * where users' memories say otherwise) loses that value's filter, not the whole field.
 * The fusion weight shrinks with the usage-weighted mean field multiplier.
 */
import type { ActivationResult } from "../schema/activation.js";
import { checkOptions, shown } from "../schema/options.js";
import { checkFilterFieldNames, type FilterField } from "../schema/vocabulary.js";
import type { ArcStore, Feedback } from "../stores/types.js";
import { fitLogistic } from "../classify/embedding/logistic.js";
import { LEARNED_WEIGHTS_FORMAT, type LearnedWeights } from "./weights.js";

export interface FeedbackExample {
  result: ActivationResult;
  hit: boolean;
}

export interface LearnOptions {
  /** Fusion weight before learning (the `rerank` default). Default 0.5. */
  baseFusion?: number | undefined;
  /**
   * Multiplier below which a field's filters are dropped. Default 0: nothing is dropped, a filter
   * that goes with misses only loses weight (it counts less in fusion and is relaxed first).
   * Cross-validated on the retrieval benchmark's train queries (learn from the feedback of 1/2 or
   * 2/3 of them, measure on the rest, 20 partitions; 2026-11-26): with the routed options recall@10
   * 0.789 → 0.792 at 0, 0.777 at 0.5 (the old default: an emotion filter dropped took its route with
   * it); with every field hard 0.735 → 0.762 at 0, 0.756 at 0.5.
   */
  dropBelow?: number | undefined;
  /**
   * L2 shrinkage of the coefficients, against the fit summed over every routed feedback item: its
   * pull is divided by how many there are, so a few items move a weight little and thousands move
   * it as far as they agree. Default 3.4, which at the feedback benchmark's 167 routed items pulls
   * as the earlier fixed 0.02 per item did. (Until 2026-11-28 the pull did not weaken with more
   * feedback: 10 items moved weights as far as 1,000 saying the same.)
   */
  shrinkage?: number | undefined;
  /** A field value gets its own multiplier once this many routed feedback items filtered by it. Default 10. */
  minValueSupport?: number | undefined;
  /**
   * Fields whose VALUES never get a multiplier of their own (their field multiplier still applies).
   * Default ["arc_type"]: the arc type is the route itself, so hits and misses under one arc say as
   * much about how hard its queries are as about the classifier, each arc value sees few queries,
   * and a value multiplier below `drop_below` would remove the route (cross-validated on the
   * retrieval TRAIN queries with arc-and-weight routing, arc value multipliers cost 1–3 points of
   * recall@10; without them learning cost nothing).
   */
  skipValuesOf?: readonly FilterField[] | undefined;
}

/** `field=value`, the key of a value multiplier. */
export const valueKey = (field: string, value: string | number) => `${field}=${value}`;

const round = (x: number) => Math.round(x * 1000) / 1000;

const DEFAULT_SHRINKAGE = 3.4;

const LEARN_OPTIONS = ["baseFusion", "dropBelow", "shrinkage", "minValueSupport", "skipValuesOf"];

/**
 * Refuses options that would write weights outside the file format's ranges (or NaN multipliers),
 * and misspelt or mistyped ones: ignored, `drop_below` would leave the default on, and a string
 * `skipValuesOf` would be read as a set of characters (skipping nothing).
 */
function checkLearnOptions(options: LearnOptions): void {
  checkOptions("learnWeights", options, LEARN_OPTIONS);
  const inUnit = (value: unknown, name: string) => {
    if (value !== undefined && !(typeof value === "number" && value >= 0 && value <= 1)) throw new RangeError(`${name} must be a number in [0, 1], got ${shown(value)}`);
  };
  inUnit(options.baseFusion, "baseFusion");
  inUnit(options.dropBelow, "dropBelow");
  if (options.shrinkage !== undefined && !(options.shrinkage >= 0 && Number.isFinite(options.shrinkage))) throw new RangeError(`shrinkage must be a finite number >= 0, got ${shown(options.shrinkage)}`);
  if (options.minValueSupport !== undefined && !(Number.isInteger(options.minValueSupport) && options.minValueSupport >= 1)) {
    throw new RangeError(`minValueSupport must be a positive integer, got ${shown(options.minValueSupport)}`);
  }
  const skip: unknown = options.skipValuesOf;
  if (skip !== undefined && !Array.isArray(skip)) throw new TypeError(`skipValuesOf must be an array of filter fields such as ["arc_type"], got ${shown(skip)}`);
  checkFilterFieldNames(skip, "skipValuesOf");
}

/** Items as `feedbackExamples` builds them: any other `hit` ("no", 0, undefined) would be read by truthiness. */
function checkExamples(examples: readonly FeedbackExample[], organizations: number): void {
  if (!Array.isArray(examples)) throw new TypeError("learnWeights: `examples` must be an array of { result, hit }");
  examples.forEach((example, i) => {
    const hit: unknown = example?.hit;
    if (typeof hit !== "boolean") throw new TypeError(`learnWeights: examples[${i}].hit must be true or false, got ${shown(hit)}`);
    if (!Array.isArray(example.result?.field_filters)) throw new TypeError(`learnWeights: examples[${i}].result is not an activation result`);
  });
  if (!(Number.isInteger(organizations) && organizations >= 0)) throw new TypeError(`learnWeights: \`organizations\` must be a whole number >= 0, got ${shown(organizations)}`);
}

export function learnWeights(examples: readonly FeedbackExample[], organizations: number, options: LearnOptions = {}): LearnedWeights {
  checkExamples(examples, organizations);
  checkLearnOptions(options);
  const routed = examples.filter((e) => e.result.significance_gate && e.result.field_filters.length > 0);
  const usage = new Map<FilterField, number>();
  const valueUsage = new Map<string, number>();
  for (const { result } of routed) {
    for (const field of new Set(result.field_filters.map((f) => f.field))) usage.set(field, (usage.get(field) ?? 0) + 1);
    for (const key of new Set(result.field_filters.map((f) => valueKey(f.field, f.value)))) valueUsage.set(key, (valueUsage.get(key) ?? 0) + 1);
  }
  const fields = [...usage.keys()].sort();
  const minSupport = options.minValueSupport ?? 10;
  const skipped = new Set<string>(options.skipValuesOf ?? ["arc_type"]);
  const values = [...valueUsage]
    .filter(([key, n]) => n >= minSupport && !skipped.has(key.slice(0, key.indexOf("="))))
    .map(([key]) => key)
    .sort();
  const rows = routed.map(({ result }) => {
    const keys = new Set(result.field_filters.map((f) => valueKey(f.field, f.value)));
    return [...fields.map((field) => (result.field_filters.some((f) => f.field === field) ? 1 : 0)), ...values.map((key) => (keys.has(key) ? 1 : 0))];
  });
  const hits = routed.filter((e) => e.hit).length;
  // Only hits, or only misses: no filter can be told from another, so none moves (a fit would
  // still push every coefficient one way before the free intercept takes it all).
  const informative = hits > 0 && hits < routed.length;
  // fitLogistic minimises the mean loss plus l2·|w|²/2: the summed loss's penalty over the count.
  const l2 = (options.shrinkage ?? DEFAULT_SHRINKAGE) / routed.length;
  const model = informative ? fitLogistic(rows, routed.map((e) => e.hit), { l2, iterations: 4000 }) : null;
  const multiplier = (i: number) => (model ? round(Math.min(1, Math.exp(model.weights[i + 1]!))) : 1);
  const multipliers = Object.fromEntries(fields.map((field, i) => [field, multiplier(i)])) as LearnedWeights["fields"];
  // Only values that lose weight are worth writing down: an absent value keeps its field's weight.
  const valueMultipliers = Object.fromEntries(values.map((key, j) => [key, multiplier(fields.length + j)]).filter(([, m]) => (m as number) < 1));
  const totalUse = fields.reduce((sum, f) => sum + usage.get(f)!, 0);
  const reliability = totalUse === 0 ? 1 : fields.reduce((sum, f) => sum + usage.get(f)! * multipliers[f]!, 0) / totalUse;
  return {
    format: LEARNED_WEIGHTS_FORMAT,
    learned_from: { feedback: examples.length, hits: examples.filter((e) => e.hit).length, organizations },
    fields: multipliers,
    values: valueMultipliers,
    drop_below: options.dropBelow ?? 0,
    fusion: round((options.baseFusion ?? 0.5) * reliability),
  };
}

export interface FeedbackSelection {
  /**
   * Also learn from activations made with `ar_test_` keys (default false): test keys are free and
   * serve development (`arcroute serve`'s dev key is one), so their traffic would steer the weights
   * of real queries at no cost.
   */
  includeTestKeys?: boolean | undefined;
}

export interface FeedbackExamples {
  examples: FeedbackExample[];
  organizations: number;
  /** Feedback items not counted because a later item on the same activation and memory replaced them (see below). */
  repeated: number;
  /** Feedback items on activations made with test keys, left out (`includeTestKeys`). */
  testKeys: number;
}

/**
 * Feedback joined with its activation, for one organization or all (`null`). Feedback on vanished
 * events is skipped. One item counts per (activation, memory): a retried or repeated POST, or a
 * corrected verdict, replaces the earlier one (the latest wins) instead of adding a row, so posting
 * the same feedback a hundred times weighs as much as posting it once.
 */
export async function feedbackExamples(store: ArcStore, orgId: string | null, selection: FeedbackSelection = {}): Promise<FeedbackExamples> {
  checkOptions("feedbackExamples", selection, ["includeTestKeys"]);
  // "false" from an environment variable is truthy: it would let test traffic steer the weights.
  if (selection.includeTestKeys !== undefined && typeof selection.includeTestKeys !== "boolean") throw new TypeError(`includeTestKeys must be true or false, got ${shown(selection.includeTestKeys)}`);
  const latest = new Map<string, Feedback>();
  const feedback = (await store.listFeedback(orgId)).sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  for (const item of feedback) latest.set(JSON.stringify([item.org_id, item.activation_id, item.memory_id]), item);
  const testKeyIds = selection.includeTestKeys ? new Set<string>() : await testKeysOf(store, new Set([...latest.values()].map((f) => f.org_id)));
  const examples: FeedbackExample[] = [];
  const organizations = new Set<string>();
  let testKeys = 0;
  for (const item of latest.values()) {
    const event = await store.getActivation(item.activation_id, item.org_id);
    if (!event) continue;
    if (testKeyIds.has(event.key_id)) {
      testKeys++;
      continue;
    }
    examples.push({ result: event.result, hit: item.hit });
    organizations.add(item.org_id);
  }
  return { examples, organizations: organizations.size, repeated: feedback.length - latest.size, testKeys };
}

/** Ids of the test-mode keys of these organizations. */
async function testKeysOf(store: ArcStore, orgIds: Set<string>): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const org of orgIds) for (const key of await store.listApiKeys(org)) if (key.mode === "test") ids.add(key.id);
  return ids;
}

/** Learns weights from everything a store holds (or one organization's feedback). */
export async function learnFromStore(store: ArcStore, orgId: string | null, options: LearnOptions & FeedbackSelection = {}): Promise<LearnedWeights> {
  checkOptions("learnFromStore", options, [...LEARN_OPTIONS, "includeTestKeys"]);
  const { includeTestKeys, ...learning } = options;
  const { examples, organizations } = await feedbackExamples(store, orgId, { includeTestKeys });
  return learnWeights(examples, organizations, learning);
}
