/** Calibration parameters (written by scripts/fit-classifier.ts; hand-set until a train split exists). */
export const CALIBRATION = { a: 0.9, b: 0.6 } as const;
