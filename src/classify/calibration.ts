/**
 * Stage 8: confidence, the probability that the result is correct (gate right and, when the
 * gate is open, the top arc right). A logistic map of a margin. With the gate closed the margin
 * is how far the gate score is below the threshold; with it open it also counts the arc model's
 * probability of its top arc and that arc's lead over the runner-up. Parameters ship in
 * calibration-params.ts; scripts/fit-classifier.ts fits them on the part of the train split that
 * lexicon tuning never looked at (the calibration fold), with arc probabilities from models fitted
 * without the query (out of fold), as they will be on new queries.
 */
import { SHIPPED_PARAMS, type ClassifierParams } from "./params.js";

export type CalibrationParams = ClassifierParams["calibration"];

const unit = (x: number): number => Math.min(Math.max(x, 0), 1);

/** `topArc`: P(top arc); `arcLead`: P(top arc) − P(runner-up) (both from the arc model). */
export function rawMargin(gate: number, open: boolean, arcLead: number, params: CalibrationParams = SHIPPED_PARAMS.calibration, topArc: number = arcLead): number {
  const g = Math.min(Math.abs(gate), 8);
  if (!open) return g;
  return params.open_gate * g + params.top * unit(topArc) + params.lead * unit(arcLead) + params.open_offset;
}

export function calibrate(margin: number, params: CalibrationParams = SHIPPED_PARAMS.calibration): number {
  const p = 1 / (1 + Math.exp(-(params.a * margin + params.b)));
  return Math.round(Math.min(1, Math.max(0, p)) * 1000) / 1000;
}
