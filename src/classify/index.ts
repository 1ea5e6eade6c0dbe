/**
 * The lexical classifier core: query → ActivationResult, offline and deterministic.
 * Pipeline: normalize → tokenize/stem → match cues → analyze → gate → arcs → filters → calibrate.
 */
import type { ActivationResult } from "../schema/activation.js";
import { analyze, type Analysis, type CueEvidence } from "./analyze.js";
import { arcLead, rankArcs } from "./arcs.js";
import { calibrate, rawMargin } from "./calibration.js";
import { buildFilters, primaryDomain, type FilterSources } from "./filters.js";
import { GATE_THRESHOLD, gateContributions, gateScore } from "./gate.js";
import { SHIPPED_PARAMS, type ClassifierParams } from "./params.js";
import type { Classification, Classifier } from "./types.js";

export type { Classification, Classifier } from "./types.js";
export { analyze, type Analysis, type CueEvidence, type Scores } from "./analyze.js";

export const CLASSIFIER_MODEL = "arcroute-lexicon@1";

/** The result plus the cues behind the gate, every arc type and every filter. */
export interface Explanation {
  result: Classification;
  gate: {
    score: number;
    threshold: number;
    opened_by: CueEvidence[];
    closed_by: CueEvidence[];
    /** The gate's features and what each added to the score (log-odds). */
    features: ReturnType<typeof gateContributions>;
  };
  arcs: { arc: string; score: number; cues: CueEvidence[] }[];
  filters: { field: string; value: string | number; cues: CueEvidence[]; source: string }[];
  analysis: Analysis;
}

export function explain(query: string): Explanation {
  return explainWith(query, SHIPPED_PARAMS);
}

/** `explain` with explicit parameters (used by scripts/fit-classifier.ts to evaluate candidates). */
export function explainWith(query: string, params: ClassifierParams): Explanation {
  const { result, analysis: a, gate: g, sources } = decide(query, params);
  return {
    result,
    gate: {
      score: Math.round(g * 1000) / 1000,
      threshold: GATE_THRESHOLD,
      opened_by: [...a.frame.cues, ...a.intensity.cues],
      closed_by: a.block.cues,
      features: gateContributions(a, params.gate),
    },
    arcs: a.arcRanking.map((arc) => ({ arc, score: a.arcs[arc]!.score, cues: a.arcs[arc]!.cues })),
    filters: result.field_filters.map((f) => ({ field: f.field, value: f.value, ...filterEvidence(a, f.field, f.value, sources) })),
    analysis: a,
  };
}

/** The pipeline proper: analysis → gate → arcs → filters → confidence (no explanation objects). */
function decide(query: string, params: ClassifierParams): { result: Classification; analysis: Analysis; gate: number; sources: FilterSources | null } {
  const a = analyze(query);
  const g = gateScore(a, params.gate);
  const open = g > GATE_THRESHOLD;
  const arcs = open ? rankArcs(a) : [];
  const { filters, sources } = open ? buildFilters(a, arcs, params) : { filters: [], sources: null };
  const result: Classification = {
    activation_id: null,
    arc_types: arcs,
    primary_domain: open ? primaryDomain(filters) : null,
    field_filters: filters,
    confidence: calibrate(rawMargin(g, open, arcLead(a, arcs), params.calibration, arcs[0] ? a.arcs[arcs[0]]?.score ?? 0 : 0), params.calibration),
    significance_gate: open,
  };
  return { result, analysis: a, gate: g, sources };
}

function filterEvidence(a: Analysis, field: string, value: string | number, sources: FilterSources | null): { cues: CueEvidence[]; source: string } {
  const table: Record<string, Record<string, { cues: CueEvidence[] } | undefined>> = {
    arc_type: a.arcs, tether_type: a.tether, valence: a.valence, emotion_primary: a.emotion,
    relational_dynamics: a.relation, temporal_context: a.temporal,
  };
  if (field === "emotional_weight") return { cues: a.intensity.cues, source: "intensity" };
  const cues = table[field]?.[String(value)]?.cues ?? [];
  const source = field === "tether_type" ? sources?.tether : field === "valence" ? sources?.valence : cues.length ? "cue" : "emotion-fallback";
  return { cues, source: source ?? "cue" };
}

export function classify(query: string, options?: { debug?: false }): Classification;
export function classify(query: string, options: { debug: true }): Explanation;
export function classify(query: string, options?: { debug?: boolean }): Classification | Explanation {
  return options?.debug ? explain(query) : decide(query, SHIPPED_PARAMS).result;
}

export type { ActivationResult };

export const lexicalClassifier: Classifier = { model: CLASSIFIER_MODEL, classify: (q: string) => classify(q) };
