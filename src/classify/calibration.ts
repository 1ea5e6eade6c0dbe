/**
 * Stage 8: confidence. A logistic map from the raw margin (|gate score| plus, when the gate is
 * open, the lead of the best arc over the runner-up) to the probability that the result is
 * correct. Parameters ship in calibration-params.ts; scripts/fit-classifier.ts refits them.
 */
import { CALIBRATION } from "./calibration-params.js";

export interface CalibrationParams { a: number; b: number }

export function rawMargin(gate: number, open: boolean, arcLead: number): number {
  return Math.min(Math.abs(gate), 6) + (open ? Math.min(arcLead, 4) * 0.5 : 0);
}

export function calibrate(margin: number, params: CalibrationParams = CALIBRATION): number {
  const p = 1 / (1 + Math.exp(-(params.a * margin + params.b)));
  return Math.round(Math.min(1, Math.max(0, p)) * 1000) / 1000;
}
