/**
 * Stage 7: field filters. Weight = how much a filter should count in retrieval, in (0, 1]:
 * the share of its field's evidence held by the value, scaled per field. Tether and valence
 * fall back to the arc's typical anchor and direction when the query names none.
 */
import { domainOf, type ArcType, type EdmDomain, type TetherType, type Valence } from "../schema/vocabulary.js";
import type { FieldFilter } from "../schema/activation.js";
import { best, type Analysis, type Scores } from "./analyze.js";

const DEFAULT_TETHER: Record<ArcType, TetherType> = {
  betrayal: "person", liberation: "self", grief: "person", discovery: "self", resistance: "self", bond: "person",
  moral_awakening: "self", transformation: "self", reconciliation: "person", reckoning: "self", threshold: "event",
  exile: "place", gratitude: "person", authenticity: "identity",
};
const DEFAULT_VALENCE: Record<ArcType, Valence> = {
  betrayal: "negative", liberation: "positive", grief: "negative", discovery: "positive", resistance: "mixed", bond: "positive",
  moral_awakening: "mixed", transformation: "positive", reconciliation: "positive", reckoning: "negative", threshold: "mixed",
  exile: "negative", gratitude: "positive", authenticity: "positive",
};

const round = (x: number): number => Math.round(x * 100) / 100;
const clampWeight = (x: number): number => Math.min(1, Math.max(0.05, round(x)));

function share<V extends string>(scores: Scores<V>, value: V): number {
  let total = 0;
  for (const e of Object.values(scores) as { score: number }[]) total += e.score;
  return total > 0 ? (scores[value]?.score ?? 0) / total : 0;
}

export interface FilterSources { tether: "cue" | "arc-default"; valence: "cue" | "arc-default" }

export function buildFilters(a: Analysis, arcs: readonly ArcType[]): { filters: FieldFilter[]; sources: FilterSources } {
  const filters: FieldFilter[] = [];
  const top = arcs[0];
  arcs.forEach((arc, i) => {
    const arcShare = a.arcs[arc] ? share(a.arcs, arc) : 0.5;
    filters.push({ field: "arc_type", operator: "eq", value: arc, weight: clampWeight(i === 0 ? 0.6 + 0.4 * arcShare : 0.5 * arcShare) });
  });
  const tetherCue = best(a.tether);
  const tether = tetherCue ?? (top ? DEFAULT_TETHER[top] : null);
  if (tether) filters.push({ field: "tether_type", operator: "eq", value: tether, weight: clampWeight(tetherCue ? 0.4 + 0.4 * share(a.tether, tether) : 0.3) });
  const valenceCue = best(a.valence);
  const valence = valenceCue ?? (top ? DEFAULT_VALENCE[top] : null);
  if (valence) filters.push({ field: "valence", operator: "eq", value: valence, weight: clampWeight(valenceCue ? 0.4 + 0.4 * share(a.valence, valence) : 0.3) });
  filters.push({ field: "emotional_weight", operator: "gte", value: round(Math.min(0.8, 0.5 + 0.1 * a.intensity.score)), weight: clampWeight(0.4 + 0.2 * Math.min(a.intensity.score, 3)) });
  const emotion = best(a.emotion);
  if (emotion) filters.push({ field: "emotion_primary", operator: "eq", value: emotion, weight: clampWeight(0.3 + 0.3 * share(a.emotion, emotion)) });
  const relation = best(a.relation);
  if (relation) filters.push({ field: "relational_dynamics", operator: "eq", value: relation, weight: clampWeight(0.3 + 0.3 * share(a.relation, relation)) });
  const temporal = best(a.temporal);
  if (temporal) filters.push({ field: "temporal_context", operator: "eq", value: temporal, weight: clampWeight(0.3 + 0.2 * share(a.temporal, temporal)) });
  return { filters, sources: { tether: tetherCue ? "cue" : "arc-default", valence: valenceCue ? "cue" : "arc-default" } };
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
