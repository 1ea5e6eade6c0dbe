/**
 * Stage 5: the significance gate, a logistic model over a few interpretable features of the
 * analysis: memory frames, significance content (arc, emotion, intensity, anchor), the query's
 * form (first person, scene-like opening, past tense) against lookup, task, info and chat
 * evidence. The weights are fitted on the train split (scripts/fit-classifier.ts →
 * calibration-params.ts). The score is the log-odds that the query is significance-typed.
 */
import type { Analysis } from "./analyze.js";
import { GATE_FEATURES, SHIPPED_PARAMS, type ClassifierParams, type GateFeature } from "./params.js";

export { GATE_FEATURES, type GateFeature } from "./params.js";
export type GateModel = ClassifierParams["gate"];

export const GATE_THRESHOLD = 0;

function topScore(scores: Partial<Record<string, { score: number }>>): number {
  let top = 0;
  for (const e of Object.values(scores)) if (e && e.score > top) top = e.score;
  return top;
}

/** Feature values, each capped so that one long query cannot dominate. */
export function gateFeatures(a: Analysis): Record<GateFeature, number> {
  const arc = Math.min(topScore(a.arcs), 4);
  const emotion = Math.min(topScore(a.emotion), 3);
  const intensity = Math.min(a.intensity.score, 3);
  const impersonal = a.form.impersonal && a.frame.score === 0;
  return {
    frame: Math.min(a.frame.score, 4),
    lookup: Math.min(a.blockBy.lookup, 5),
    task: Math.min(a.blockBy.task, 5),
    info: Math.min(a.blockBy.info, 5),
    chat: Math.min(a.blockBy.chat, 5),
    arc,
    emotion,
    intensity,
    tether: Math.min(topScore(a.tether), 3),
    personal: a.form.personal,
    gerund_opening: a.form.gerundOpening ? 1 : 0,
    when_clause: a.form.whenClause ? 1 : 0,
    past: a.form.past,
    no_content: arc + emotion + intensity === 0 ? 1 : 0,
    short: a.form.words <= 2 ? 1 : 0,
    // Nobody in it and no memory frame: "threshold for paying tax", "bond yields today". Arc
    // words there name a topic, not a moment of one's own; the fit decides how much that costs.
    impersonal: impersonal ? 1 : 0,
    impersonal_arc: impersonal ? arc : 0,
  };
}

/** Each feature's contribution to the score (for explanations). */
export function gateContributions(a: Analysis, model: GateModel = SHIPPED_PARAMS.gate): { feature: GateFeature; value: number; contribution: number }[] {
  const x = gateFeatures(a);
  return GATE_FEATURES.map((feature) => ({ feature, value: Math.round(x[feature] * 1000) / 1000, contribution: Math.round(x[feature] * model.weights[feature] * 1000) / 1000 }));
}

/** Log-odds of significance: > GATE_THRESHOLD opens the gate. */
export function gateScore(a: Analysis, model: GateModel = SHIPPED_PARAMS.gate): number {
  const x = gateFeatures(a);
  let z = model.bias;
  for (const f of GATE_FEATURES) z += model.weights[f] * x[f];
  return z;
}
