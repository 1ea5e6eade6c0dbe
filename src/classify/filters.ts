/**
 * Stage 7: field filters. Weight = how much a filter should count in retrieval, in (0, 1].
 * `classify` takes arc types, tether and valence from the linear models (buildModelFilters; the
 * weight grows with the model's probability), and so does `tag()` for documents with arc or emotion
 * cues. `buildFilters` ranks by cues alone (tag() for documents without such cues):
 * the share of its field's evidence held by the value, scaled per field; tether and valence combine
 * the cues with the top arc's prior (fitted on train): a named anchor wins, and with none the arc's
 * usual anchor and direction are used ("exile" → place, "gratitude" → positive).
 */
import { TETHER_TYPES, VALENCES, domainOf, type ArcType, type EdmDomain, type RelationalDynamic } from "../schema/vocabulary.js";
import type { FieldFilter } from "../schema/activation.js";
import { best, type Analysis, type Scores } from "./analyze.js";
import { SHIPPED_PARAMS, type ClassifierParams } from "./params.js";
import type { ModelPredictions } from "./predict.js";

const round = (x: number): number => Math.round(x * 100) / 100;
const clampWeight = (x: number): number => Math.min(1, Math.max(0.05, round(x)));

function share<V extends string>(scores: Scores<V>, value: V): number {
  let total = 0;
  for (const e of Object.values(scores) as { score: number }[]) total += e.score;
  return total > 0 ? (scores[value]?.score ?? 0) / total : 0;
}

/** Where a tether or valence filter came from: a cue, the arc's prior alone, or the linear model. */
export type FilterSource = "cue" | "arc-default" | "model";
export interface FilterSources { tether: FilterSource; valence: FilterSource }

/**
 * The value with the highest scale(value) × cue score + weight × log prior(value | arc); "cue" when a cue for
 * that value was present, "arc-default" when the prior alone chose it.
 */
export function chooseWithPrior<V extends string>(values: readonly V[], cues: Scores<V>, prior: Record<V, number> | undefined, weight: number, scale?: Record<V, number>): { value: V | null; source: "cue" | "arc-default" } {
  const cue = (v: V): number => (cues[v]?.score ?? 0) * (scale?.[v] ?? 1);
  if (prior === undefined) {
    let top: V | null = null;
    let topScore = 0;
    for (const v of values) if (cue(v) > topScore) { top = v; topScore = cue(v); }
    return { value: top, source: "cue" };
  }
  let top: V | null = null;
  let topScore = -Infinity;
  for (const v of values) {
    const score = cue(v) + weight * prior[v];
    if (score > topScore) { top = v; topScore = score; }
  }
  return { value: top, source: top !== null && (cues[top]?.score ?? 0) > 0 ? "cue" : "arc-default" };
}

export function buildFilters(a: Analysis, arcs: readonly ArcType[], params: ClassifierParams = SHIPPED_PARAMS): { filters: FieldFilter[]; sources: FilterSources } {
  const filters: FieldFilter[] = [];
  const top = arcs[0];
  arcs.forEach((arc, i) => {
    const arcShare = a.arcs[arc] ? share(a.arcs, arc) : 0.5;
    filters.push({ field: "arc_type", operator: "eq", value: arc, weight: clampWeight(i === 0 ? 0.6 + 0.4 * arcShare : 0.5 * arcShare) });
  });
  const tether = chooseWithPrior(TETHER_TYPES, a.tether, top ? params.tether_prior[top] : undefined, params.prior_weight.tether, params.tether_cue_scale);
  if (tether.value) filters.push({ field: "tether_type", operator: "eq", value: tether.value, weight: clampWeight(tether.source === "cue" ? 0.4 + 0.4 * share(a.tether, tether.value) : 0.3) });
  const valence = chooseWithPrior(VALENCES, a.valence, top ? params.valence_prior[top] : undefined, params.prior_weight.valence);
  if (valence.value) filters.push({ field: "valence", operator: "eq", value: valence.value, weight: clampWeight(valence.source === "cue" ? 0.4 + 0.4 * share(a.valence, valence.value) : 0.3) });
  filters.push(...cueFilters(a));
  return { filters, sources: { tether: tether.source, valence: valence.source } };
}

/**
 * The classifier's filters: arc types, tether and valence from the linear models (weights grow
 * with their probabilities), the other fields from the cues.
 */
export function buildModelFilters(a: Analysis, p: ModelPredictions): { filters: FieldFilter[]; sources: FilterSources } {
  const probability = <V extends string>(ranked: readonly { value: V; p: number }[], value: V) => ranked.find((r) => r.value === value)?.p ?? 0;
  const filters: FieldFilter[] = p.arcs.map((arc, i) => {
    const pa = probability(p.arc.ranked, arc);
    return { field: "arc_type", operator: "eq", value: arc, weight: clampWeight(i === 0 ? 0.6 + 0.4 * pa : 0.5 * pa) };
  });
  const tether = p.tether.ranked[0]!;
  filters.push({ field: "tether_type", operator: "eq", value: tether.value, weight: clampWeight(0.3 + 0.5 * tether.p) });
  const valence = p.valence.ranked[0]!;
  filters.push({ field: "valence", operator: "eq", value: valence.value, weight: clampWeight(0.3 + 0.5 * valence.p) });
  filters.push(...cueFilters(a));
  return { filters, sources: { tether: "model", valence: "model" } };
}

/**
 * Relational dynamics a query's relation also covers, as equal alternatives: "my family" asks for
 * memories tagged with any family tie, and the vocabulary's near-synonyms (friendship/friend,
 * romantic_partnership/couple) are told apart by extractors, not by people asking. The cue's own
 * value stays first (tag() keeps the first filter of a field as the document's value).
 */
export const RELATIONS_COVERED: Partial<Record<RelationalDynamic, readonly RelationalDynamic[]>> = {
  family: ["parent_child", "sibling_bond", "grandparent_grandchild"],
  friendship: ["friend"],
  friend: ["friendship"],
  romantic_partnership: ["couple"],
  couple: ["romantic_partnership"],
};

/** Filters on the fields only cues decide: emotional weight, emotion, relational dynamics, temporal context. */
function cueFilters(a: Analysis): FieldFilter[] {
  const filters: FieldFilter[] = [];
  filters.push({ field: "emotional_weight", operator: "gte", value: round(Math.min(0.8, 0.5 + 0.1 * a.intensity.score)), weight: clampWeight(0.4 + 0.2 * Math.min(a.intensity.score, 3)) });
  const emotion = best(a.emotion);
  if (emotion) filters.push({ field: "emotion_primary", operator: "eq", value: emotion, weight: clampWeight(0.3 + 0.3 * share(a.emotion, emotion)) });
  const relation = best(a.relation);
  if (relation) {
    const weight = clampWeight(0.3 + 0.3 * share(a.relation, relation));
    for (const value of [relation, ...(RELATIONS_COVERED[relation] ?? [])]) filters.push({ field: "relational_dynamics", operator: "eq", value, weight });
  }
  const temporal = best(a.temporal);
  if (temporal) filters.push({ field: "temporal_context", operator: "eq", value: temporal, weight: clampWeight(0.3 + 0.2 * share(a.temporal, temporal)) });
  return filters;
}

/** The domain carrying most filter weight (ties: the first in filter order). */
export function primaryDomain(filters: readonly FieldFilter[]): EdmDomain | null {
  const totals = new Map<EdmDomain, number>();
  for (const f of filters) totals.set(domainOf(f.field), (totals.get(domainOf(f.field)) ?? 0) + f.weight);
  let top: EdmDomain | null = null;
  let topWeight = 0;
  for (const [domain, w] of totals) if (w > topWeight) { top = domain; topWeight = w; }
  return top;
}
