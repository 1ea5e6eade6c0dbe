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
  for (const [field, ranked] of [["tether_type", p.tether.ranked], ["valence", p.valence.ranked]] as const) {
    filters.push(...withAlternatives(field, ranked, clampWeight(0.3 + 0.5 * ranked[0]!.p)));
  }
  filters.push(...cueFilters(a));
  return { filters, sources: { tether: "model", valence: "model" } };
}

/**
 * A runner-up tether type or valence is kept as an alternative while its probability is at least
 * this share of the top value's. Chosen on the retrieval benchmark's TRAIN queries (0.5, 0.25, 0.1
 * with tether and valence, each alone): at 0.1 (with MAX_VALUES) routed recall@10 rose 0.772 → 0.781
 * (recall@5 0.546 → 0.596), every field hard 0.675 → 0.689, boost 0.466 → 0.474; the tether type is the field the
 * classifier gets wrong most (person, self and event trade places), and a wrong single value
 * pushed the right memories of the right arc out of the top 10.
 */
export const ALTERNATIVE_RATIO = 0.1;
/** At most this many values per field, the top one included (as many as arc types; 2, 3, 4 and no cap were within a point on train). */
const MAX_VALUES = 3;

/**
 * The filters of a single-valued field: its top value at `topWeight`, then every value whose
 * probability is at least ALTERNATIVE_RATIO of the top one's, as alternatives (OR) weighted in
 * proportion (`topWeight · p / p_top`). Retrieval then ranks a memory of the runner-up above one
 * of neither, and a hard filter keeps both. `ranked` holds the field's values, best first.
 */
export function withAlternatives(field: "tether_type" | "valence", ranked: readonly { value: string; p: number }[], topWeight: number): FieldFilter[] {
  const top = ranked[0];
  if (!top) return [];
  return ranked
    .filter((r, i) => i === 0 || (top.p > 0 && r.p >= ALTERNATIVE_RATIO * top.p))
    .slice(0, MAX_VALUES)
    .map((r, i) => ({ field, operator: "eq" as const, value: r.value, weight: i === 0 ? topWeight : clampWeight((topWeight * r.p) / top.p) }));
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

/**
 * Weights of the fields only cues decide: `CUE_BASE + span × the value's share of its field's cue
 * evidence`. A named emotion, relation or life stage is the user's own word, surer than a model's
 * guess of the tether or valence (0.3 + 0.5p), so it counts for more in fusion: up to 0.9 (0.75
 * for the time of life). Chosen on the retrieval benchmark's TRAIN queries (base/span 0.3/0.3 before;
 * 0.4/0.3, 0.4/0.4, 0.45/0.45, 0.5/0.3, 0.5/0.45 all better on every system): routed recall@10
 * 0.781 → 0.789, recall@5 0.596 → 0.630, every field hard 0.689 → 0.735, boost 0.474 → 0.485;
 * factual unchanged.
 */
const CUE_BASE = 0.45, CUE_SPAN = 0.45, TEMPORAL_SPAN = 0.3;
/** The weight of a relation the query names outright and alone ("my sister"), and of a tie a name stands for (`withPeople`). */
export const NAMED_RELATION_WEIGHT = CUE_BASE + CUE_SPAN;
/** Filters on the fields only cues decide: emotional weight, emotion, relational dynamics, temporal context. */
function cueFilters(a: Analysis): FieldFilter[] {
  const filters: FieldFilter[] = [];
  filters.push({ field: "emotional_weight", operator: "gte", value: round(Math.min(0.8, 0.5 + 0.1 * a.intensity.score)), weight: clampWeight(0.4 + 0.2 * Math.min(a.intensity.score, 3)) });
  const emotion = best(a.emotion);
  if (emotion) filters.push({ field: "emotion_primary", operator: "eq", value: emotion, weight: clampWeight(CUE_BASE + CUE_SPAN * share(a.emotion, emotion)) });
  const relation = best(a.relation);
  if (relation) {
    const weight = clampWeight(CUE_BASE + CUE_SPAN * share(a.relation, relation));
    for (const value of [relation, ...(RELATIONS_COVERED[relation] ?? [])]) filters.push({ field: "relational_dynamics", operator: "eq", value, weight });
  }
  const temporal = best(a.temporal);
  if (temporal) filters.push({ field: "temporal_context", operator: "eq", value: temporal, weight: clampWeight(CUE_BASE + TEMPORAL_SPAN * share(a.temporal, temporal)) });
  return filters;
}

/**
 * Sums of weights closer than this are a tie. Weights are hundredths, and their binary sums are not
 * exact: 0.72 + 0.75 is 1.47 but 0.56 + 0.51 + 0.4 is 1.4700000000000002, which let rounding, not
 * the tie rule, decide the domain of "stuff that made me cry this year".
 */
const TIE_TOLERANCE = 1e-9;

/**
 * The domain carrying most filter weight (ties: the first in filter order). A field counts once,
 * at its heaviest filter: alternatives are one question asked several ways (OR), and counting
 * each would let a field's uncertainty (more alternatives) decide the domain.
 */
export function primaryDomain(filters: readonly FieldFilter[]): EdmDomain | null {
  const heaviest = new Map<string, FieldFilter>();
  for (const f of filters) if (f.weight > (heaviest.get(f.field)?.weight ?? -1)) heaviest.set(f.field, f);
  const totals = new Map<EdmDomain, number>();
  for (const f of heaviest.values()) totals.set(domainOf(f.field), (totals.get(domainOf(f.field)) ?? 0) + f.weight);
  let top: EdmDomain | null = null;
  let topWeight = 0;
  for (const [domain, w] of totals) if (top === null ? w > 0 : w > topWeight + TIE_TOLERANCE) { top = domain; topWeight = w; }
  return top;
}
