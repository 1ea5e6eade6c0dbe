/**
 * Stage 8: confidence, the probability that the result is correct (gate right and, when the
 * gate is open, the top arc right). A logistic map of a margin. With the gate closed the margin
 * is how far the gate score is below the threshold; with it open it also counts how much arc
 * evidence there is and how far the best arc leads the runner-up (a lone weak cue is often the
 * wrong arc). Parameters ship in calibration-params.ts; scripts/fit-classifier.ts fits them on
 * the part of the train split that lexicon tuning never looked at (the calibration fold).
 */
import { SHIPPED_PARAMS, type ClassifierParams } from "./params.js";

export type CalibrationParams = ClassifierParams["calibration"];

/** `topArc` is the best arc's evidence (defaults to `arcLead` for callers that only know the lead). */
export function rawMargin(gate: number, open: boolean, arcLead: number, params: CalibrationParams = SHIPPED_PARAMS.calibration, topArc: number = arcLead): number {
  const g = Math.min(Math.abs(gate), 8);
  if (!open) return g;
  return params.open_gate * g + params.top * Math.min(Math.max(topArc, 0), 4) + params.lead * Math.min(Math.max(arcLead, 0), 4) + params.open_offset;
}

export function calibrate(margin: number, params: CalibrationParams = SHIPPED_PARAMS.calibration): number {
  const p = 1 / (1 + Math.exp(-(params.a * margin + params.b)));
  return Math.round(Math.min(1, Math.max(0, p)) * 1000) / 1000;
}
