/**
 * The lexical classifier core: query → ActivationResult, offline and deterministic.
 * Pipeline: normalize → tokenize/stem → match cues → analyze → gate → linear models (arc types,
 * tether and valence over words, word pairs, word clusters and cue evidence) → filters → calibrate.
 */
import type { ActivationResult } from "../schema/activation.js";
import { analyze, type Analysis, type CueEvidence } from "./analyze.js";
import { calibrate, rawMargin } from "./calibration.js";
import { buildModelFilters, primaryDomain, RELATIONS_COVERED, type FilterSources } from "./filters.js";
import type { RelationalDynamic } from "../schema/vocabulary.js";
import { GATE_THRESHOLD, gateContributions, gateScore } from "./gate.js";
import { describeFeature } from "./features.js";
import { contributions, type Contribution } from "./linear.js";
import { SHIPPED_PARAMS, type ClassifierParams } from "./params.js";
import { arcCertainty, predictFields, type ModelPredictions } from "./predict.js";
import type { Classification, FieldProbabilities, ProbabilisticClassifier } from "./types.js";

export type { Classification, Classifier, FieldProbabilities, ProbabilisticClassifier } from "./types.js";
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
  /**
   * Arc types by the arc model's probability (`score`): the chosen ones, then any other with cues.
   * `cues`: the lexicon phrases for that arc; `features`: the model features that raised or
   * lowered its score most (log-odds against the mean over arc types).
   */
  arcs: { arc: string; score: number; cues: CueEvidence[]; features: Contribution[] }[];
  /** Every filter with its cues and, for arc type, tether and valence, the model's top features. */
  filters: { field: string; value: string | number; cues: CueEvidence[]; source: string; features?: Contribution[] }[];
  analysis: Analysis;
}

export function explain(query: string): Explanation {
  return explainWith(query, SHIPPED_PARAMS);
}

/** `explain` with explicit parameters (used by scripts/fit-classifier.ts to evaluate candidates). */
export function explainWith(query: string, params: ClassifierParams): Explanation {
  const { result, analysis: a, gate: g, sources, predictions: p } = decide(query, params);
  return {
    result,
    gate: {
      score: Math.round(g * 1000) / 1000,
      threshold: GATE_THRESHOLD,
      opened_by: [...a.frame.cues, ...a.intensity.cues],
      closed_by: a.block.cues,
      features: gateContributions(a, params.gate),
    },
    arcs: explainArcs(a, p, params),
    filters: result.field_filters.map((f) => ({ field: f.field, value: f.value, ...filterEvidence(a, f.field, f.value, sources), ...modelEvidence(a, p, params, f.field, String(f.value)) })),
    analysis: a,
  };
}

/** The pipeline proper: analysis → gate → models → filters → confidence (no explanation objects). */
function decide(query: string, params: ClassifierParams): { result: Classification; analysis: Analysis; gate: number; sources: FilterSources | null; predictions: ModelPredictions | null } {
  const a = analyze(query);
  const g = gateScore(a, params.gate);
  const open = g > GATE_THRESHOLD;
  const p = open ? predictFields(a, params.models) : null;
  const { filters, sources } = p ? buildModelFilters(a, p) : { filters: [], sources: null };
  const certainty = p ? arcCertainty(p) : { top: 0, lead: 0 };
  const result: Classification = {
    activation_id: null,
    arc_types: p ? p.arcs : [],
    primary_domain: open ? primaryDomain(filters) : null,
    field_filters: filters,
    confidence: calibrate(rawMargin(g, open, certainty.lead, params.calibration, certainty.top), params.calibration),
    significance_gate: open,
  };
  return { result, analysis: a, gate: g, sources, predictions: p };
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** The chosen arcs, then the others with cues, by model probability (by cue score when the gate is closed). */
function explainArcs(a: Analysis, p: ModelPredictions | null, params: ClassifierParams): Explanation["arcs"] {
  if (!p) return a.arcRanking.map((arc) => ({ arc, score: a.arcs[arc]!.score, cues: a.arcs[arc]!.cues, features: [] }));
  return p.arc.ranked
    .filter((r) => p.arcs.includes(r.value) || a.arcs[r.value] !== undefined)
    .map((r) => ({ arc: r.value, score: round3(r.p), cues: a.arcs[r.value]?.cues ?? [], features: named(a, contributions(params.models.arc, p.features, r.value)) }));
}

/** Cluster features get the query's words in them ("c:212 (sorry)"). */
function named(a: Analysis, list: Contribution[]): Contribution[] {
  return list.map((c) => ({ ...c, feature: describeFeature(c.feature, a.normalized) }));
}

function modelEvidence(a: Analysis, p: ModelPredictions | null, params: ClassifierParams, field: string, value: string): { features?: Contribution[] } {
  if (!p) return {};
  const model = field === "arc_type" ? params.models.arc : field === "tether_type" ? params.models.tether : field === "valence" ? params.models.valence : null;
  return model ? { features: named(a, contributions(model as typeof params.models.arc, p.features, value as never)) } : {};
}

function filterEvidence(a: Analysis, field: string, value: string | number, sources: FilterSources | null): { cues: CueEvidence[]; source: string } {
  const table: Record<string, Record<string, { cues: CueEvidence[] } | undefined>> = {
    arc_type: a.arcs, tether_type: a.tether, valence: a.valence, emotion_primary: a.emotion,
    relational_dynamics: a.relation, temporal_context: a.temporal,
  };
  if (field === "emotional_weight") return { cues: a.intensity.cues, source: "intensity" };
  let cues = table[field]?.[String(value)]?.cues ?? [];
  if (field === "relational_dynamics" && cues.length === 0) {
    // A value another named relation covers ("my family" → parent_child, …): that relation's cues.
    const covering = (Object.keys(a.relation) as RelationalDynamic[]).find((relation) => RELATIONS_COVERED[relation]?.includes(value as RelationalDynamic));
    if (covering !== undefined) cues = a.relation[covering]!.cues;
  }
  const source = field === "arc_type" && sources ? "model" : field === "tether_type" ? sources?.tether : field === "valence" ? sources?.valence : cues.length ? "cue" : "emotion-fallback";
  return { cues, source: source ?? "cue" };
}

export function classify(query: string, options?: { debug?: false | undefined }): Classification;
export function classify(query: string, options: { debug: true }): Explanation;
export function classify(query: string, options?: { debug?: boolean }): Classification | Explanation {
  const debug = options?.debug;
  // A truthy non-boolean ("no") would otherwise switch the answer's shape to an Explanation.
  if (debug !== undefined && typeof debug !== "boolean") throw new TypeError(`classify: \`debug\` must be true or false, got ${JSON.stringify(debug)}`);
  return debug ? explain(query) : decide(query, SHIPPED_PARAMS).result;
}

export type { ActivationResult };

/** The answer and the linear models' probabilities behind it (`params`: the shipped ones unless fitting). */
export function classifyWithProbabilities(query: string, params: ClassifierParams = SHIPPED_PARAMS): { result: Classification; probabilities: FieldProbabilities | null } {
  // `texts.map(classifyWithProbabilities)` passes the index here: say so, not "reading 'arc'" deep inside.
  if (typeof params !== "object" || params === null) throw new TypeError("classifyWithProbabilities: the second argument is the fitted params (omit it); in .map use (q) => classifyWithProbabilities(q)");
  const { result, predictions: p } = decide(query, params);
  const distribution = (ranked: readonly { value: string; p: number }[]) => Object.fromEntries(ranked.map((r) => [r.value, r.p]));
  return { result, probabilities: p ? { arc_type: distribution(p.arc.ranked), tether_type: distribution(p.tether.ranked), valence: distribution(p.valence.ranked) } : null };
}

export const lexicalClassifier: ProbabilisticClassifier = {
  model: CLASSIFIER_MODEL,
  classify: (q: string) => classify(q),
  classifyWithProbabilities: (q: string) => classifyWithProbabilities(q),
};
