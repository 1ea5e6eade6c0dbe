/**
 * Tiny logistic regression (batch gradient descent with a little L2), used to calibrate scores
 * into probabilities: the gate of the embedding classifier, the ensemble's gate and confidences.
 * Small inputs only (hundreds of rows, a handful of features).
 */

export interface Logistic {
  /** Bias first, then one weight per feature. */
  weights: number[];
}

export const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

export function predict(model: Logistic, features: readonly number[]): number {
  let z = model.weights[0]!;
  for (let i = 0; i < features.length; i++) z += model.weights[i + 1]! * features[i]!;
  return sigmoid(z);
}

export function fitLogistic(rows: readonly (readonly number[])[], labels: readonly boolean[], { iterations = 3000, rate = 0.5, l2 = 1e-3 } = {}): Logistic {
  const width = rows[0]?.length ?? 0;
  const weights = new Array<number>(width + 1).fill(0);
  const n = Math.max(rows.length, 1);
  for (let step = 0; step < iterations; step++) {
    const gradient = new Array<number>(width + 1).fill(0);
    rows.forEach((row, r) => {
      const error = predict({ weights }, row) - (labels[r] ? 1 : 0);
      gradient[0]! += error;
      for (let i = 0; i < width; i++) gradient[i + 1]! += error * row[i]!;
    });
    for (let i = 0; i <= width; i++) weights[i]! -= rate * (gradient[i]! / n + (i > 0 ? l2 * weights[i]! : 0));
  }
  return { weights: weights.map((w) => Number(w.toFixed(5))) };
}
