/**
 * Per-field scores → `Classification`: the one decoding step shared by the embedding classifier
 * and the ensemble, so both emit the same shape of filters from their probabilities.
 */
import type { ArcType } from "../../schema/vocabulary.js";
import type { FieldFilter } from "../../schema/activation.js";
import type { Classification } from "../types.js";
import { NONE, type ScoredField } from "./labels.js";
import { predict, type Logistic } from "./logistic.js";
import { primaryDomain, withAlternatives } from "../filters.js";

/** Probability of significance, and a distribution over each field's values (`none` included where absent labels exist). */
export interface FieldScores {
  gate: number;
  fields: Record<ScoredField, Record<string, number>>;
}

export interface DecodeOptions {
  /** A further arc type is kept while its score is at least this share of the best one's. Default 0.6. */
  arcRatio?: number;
  /** Confidence calibration over [gate margin, best arc share, gate]; identity-like when absent. */
  confidence?: Logistic;
  /** A confidence computed by the caller (the ensemble calibrates its own features); wins over `confidence`. */
  confidenceValue?: number;
  /** Filters on other fields to append when the gate is true (the ensemble keeps the lexical ones). */
  extraFilters?: readonly FieldFilter[];
}

const MAX_ARCS = 3;
const round = (x: number) => Math.round(x * 100) / 100;
const weightOf = (x: number) => Math.min(1, Math.max(0.05, round(x)));

/** Values of a score map, best first, with the `none` label left out. */
export function ranked(scores: Record<string, number>): [string, number][] {
  return Object.entries(scores).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** Features the confidence calibration sees: how sure the gate is, and how peaked the arc scores are. */
export function confidenceFeatures(scores: FieldScores): number[] {
  const margin = Math.abs(2 * scores.gate - 1);
  const arcs = ranked(scores.fields.arc_type);
  const total = arcs.reduce((sum, [, s]) => sum + s, 0) || 1;
  const share = scores.gate >= 0.5 ? (arcs[0]?.[1] ?? 0) / total : 1;
  return [margin, share, scores.gate >= 0.5 ? 1 : 0];
}

export function decodeScores(scores: FieldScores, options: DecodeOptions = {}): Classification {
  const features = confidenceFeatures(scores);
  const confidence = round(options.confidenceValue ?? (options.confidence ? predict(options.confidence, features) : 0.5 + features[0]! / 2));
  if (scores.gate < 0.5) {
    return { activation_id: null, arc_types: [], primary_domain: null, field_filters: [], confidence, significance_gate: false };
  }
  const arcs = ranked(scores.fields.arc_type).filter(([arc]) => arc !== NONE);
  const best = arcs[0]?.[1] ?? 0;
  const kept = arcs.filter(([, s], i) => i === 0 || s >= (options.arcRatio ?? 0.6) * best).slice(0, MAX_ARCS);
  const filters: FieldFilter[] = kept.map(([arc, s]) => ({ field: "arc_type", operator: "eq", value: arc, weight: weightOf(best > 0 ? s / best : 1) }));
  for (const field of ["tether_type", "valence"] as const) {
    const all = ranked(scores.fields[field]);
    const [value, s] = all[0] ?? [NONE, 0];
    // `none` (no label) is no filter value: alternatives come from the values that are.
    if (value !== NONE) filters.push(...withAlternatives(field, all.filter(([v]) => v !== NONE).map(([v, p]) => ({ value: v, p })), weightOf(s)));
  }
  filters.push(...(options.extraFilters ?? []));
  return {
    activation_id: null,
    arc_types: kept.map(([arc]) => arc as ArcType),
    primary_domain: primaryDomain(filters),
    field_filters: filters,
    confidence,
    significance_gate: true,
  };
}
