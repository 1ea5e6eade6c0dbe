/**
 * Stage 8: confidence, the probability that the result is correct (gate right and, when the
 * gate is open, the top arc right). A logistic map of a margin: how far the gate score is from
 * the threshold, plus, when the gate is open, how far the best arc leads the runner-up.
 * Parameters ship in calibration-params.ts; scripts/fit-classifier.ts fits them on the part of
 * the train split that lexicon tuning never looked at (the calibration fold).
 */
import { SHIPPED_PARAMS, type ClassifierParams } from "./params.js";

export type CalibrationParams = ClassifierParams["calibration"];

export function rawMargin(gate: number, open: boolean, arcLead: number, params: CalibrationParams = SHIPPED_PARAMS.calibration): number {
  return Math.min(Math.abs(gate), 8) + (open ? params.lead * Math.min(Math.max(arcLead, 0), 4) + params.open_offset : 0);
}

export function calibrate(margin: number, params: CalibrationParams = SHIPPED_PARAMS.calibration): number {
  const p = 1 / (1 + Math.exp(-(params.a * margin + params.b)));
  return Math.round(Math.min(1, Math.max(0, p)) * 1000) / 1000;
}
