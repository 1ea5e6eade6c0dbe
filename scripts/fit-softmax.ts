/**
 * Fitting multinomial logistic regression (softmax, L2) on sparse features, for
 * scripts/fit-linear-classifier.ts: mean cross-entropy + λ/2 · ‖W‖² (the bias is not penalised),
 * minimised by L-BFGS. Deterministic: no randomness, fixed iteration order.
 */
import type { FeatureVector } from "../src/classify/features.js";
import type { LinearModel } from "../src/classify/linear.js";

export interface Example<C extends string> { x: FeatureVector; /** target distribution over classes (usually one-hot) */ y: Partial<Record<C, number>> }

export interface FitOptions {
  lambda: number;
  /** Multiplier on a feature before fitting (how much the L2 penalty lets it count); folded into the weights after. */
  scaleOf: (name: string) => number;
  /** Dense features (cue evidence, form) are kept however rarely they occur. */
  isDense: (name: string) => boolean;
  /** Words and pairs seen in fewer train examples are dropped. */
  minCount: number;
  /** Feature-name filter (e.g. no word pairs). */
  keep?: (name: string) => boolean;
  iterations?: number;
}

/** Training rows in sparse form; `offset`: a fixed per-class logit added before the softmax. */
export interface SoftmaxRows { idx: Int32Array[]; val: Float64Array[]; y: Float64Array[]; offset?: Float64Array[] }

export function fitSoftmax<C extends string>(classes: readonly C[], examples: readonly Example<C>[], o: FitOptions): LinearModel<C> {
  const K = classes.length;
  const counts = new Map<string, number>();
  for (const e of examples) for (const n of e.x.names) if (o.keep?.(n) ?? true) counts.set(n, (counts.get(n) ?? 0) + 1);
  const names = [...counts.keys()].filter((n) => o.isDense(n) || counts.get(n)! >= o.minCount).sort();
  const index = new Map(names.map((n, i) => [n, i]));
  const F = names.length;
  const data: SoftmaxRows = { idx: [], val: [], y: [] };
  for (const e of examples) {
    const idx: number[] = [], val: number[] = [];
    e.x.names.forEach((n, i) => {
      const j = index.get(n);
      if (j !== undefined) { idx.push(j); val.push(e.x.values[i]! * o.scaleOf(n)); }
    });
    data.idx.push(Int32Array.from(idx));
    data.val.push(Float64Array.from(val));
    data.y.push(Float64Array.from(classes.map((c) => e.y[c] ?? 0)));
  }
  const dim = K + F * K;
  const objective = softmaxObjective(K, dim, data, o.lambda);
  const theta = lbfgs(objective, new Float64Array(dim), o.iterations ?? 200);
  const weights = new Map<string, number[]>();
  names.forEach((n, j) => {
    const scale = o.scaleOf(n);
    weights.set(n, Array.from({ length: K }, (_, c) => theta[K + j * K + c]! * scale));
  });
  return { classes, scale: 1, bias: Array.from(theta.slice(0, K)), weights };
}

/**
 * Mean cross-entropy + λ/2·‖θ‖² over θ = [bias (K), W (F × K)], with its gradient, for lbfgs.
 * The bias is penalised only when asked (a stack with a fixed offset wants a small bias too).
 */
export function softmaxObjective(K: number, dim: number, data: SoftmaxRows, lambda: number, penaliseBias = false): (theta: Float64Array, grad: Float64Array) => number {
  const N = data.y.length;
  return (theta, grad) => {
    grad.fill(0);
    let loss = 0;
    const z = new Float64Array(K);
    for (let n = 0; n < N; n++) {
      const idx = data.idx[n]!, val = data.val[n]!, y = data.y[n]!, offset = data.offset?.[n];
      for (let c = 0; c < K; c++) z[c] = theta[c]! + (offset?.[c] ?? 0);
      for (let i = 0; i < idx.length; i++) { const off = K + idx[i]! * K, v = val[i]!; for (let c = 0; c < K; c++) z[c]! += theta[off + c]! * v; }
      let max = -Infinity;
      for (let c = 0; c < K; c++) if (z[c]! > max) max = z[c]!;
      let sum = 0;
      for (let c = 0; c < K; c++) { z[c] = Math.exp(z[c]! - max); sum += z[c]!; }
      for (let c = 0; c < K; c++) {
        const p = z[c]! / sum;
        if (y[c]! > 0) loss -= y[c]! * Math.log(Math.max(p, 1e-300));
        const r = (p - y[c]!) / N;
        grad[c]! += r;
        for (let i = 0; i < idx.length; i++) grad[K + idx[i]! * K + c]! += r * val[i]!;
      }
    }
    loss /= N;
    for (let j = penaliseBias ? 0 : K; j < dim; j++) { loss += 0.5 * lambda * theta[j]! * theta[j]!; grad[j]! += lambda * theta[j]!; }
    return loss;
  };
}

/** Limited-memory BFGS (m = 10) with a backtracking Armijo line search. */
export function lbfgs(f: (x: Float64Array, g: Float64Array) => number, x0: Float64Array, maxIter: number): Float64Array {
  const m = 10, n = x0.length;
  let x = x0.slice(), g = new Float64Array(n);
  let fx = f(x, g);
  const S: Float64Array[] = [], Y: Float64Array[] = [], rho: number[] = [];
  const dot = (a: Float64Array, b: Float64Array) => { let s = 0; for (let i = 0; i < n; i++) s += a[i]! * b[i]!; return s; };
  for (let it = 0; it < maxIter; it++) {
    const q = g.slice();
    const alpha: number[] = [];
    for (let i = S.length - 1; i >= 0; i--) { const a = rho[i]! * dot(S[i]!, q); alpha[i] = a; for (let j = 0; j < n; j++) q[j]! -= a * Y[i]![j]!; }
    const gamma = S.length ? dot(S[S.length - 1]!, Y[Y.length - 1]!) / dot(Y[Y.length - 1]!, Y[Y.length - 1]!) : 1 / Math.max(1, Math.sqrt(dot(g, g)));
    for (let j = 0; j < n; j++) q[j]! *= gamma;
    for (let i = 0; i < S.length; i++) { const b = rho[i]! * dot(Y[i]!, q); for (let j = 0; j < n; j++) q[j]! += S[i]![j]! * (alpha[i]! - b); }
    // q is H·g; the direction is −q.
    const gd = -dot(g, q);
    if (gd >= 0) { S.length = 0; Y.length = 0; rho.length = 0; continue; }
    let step = 1;
    const xNew = new Float64Array(n), gNew = new Float64Array(n);
    let fNew = Infinity;
    for (let ls = 0; ls < 30; ls++) {
      for (let j = 0; j < n; j++) xNew[j] = x[j]! - step * q[j]!;
      fNew = f(xNew, gNew);
      if (fNew <= fx + 1e-4 * step * gd) break;
      step *= 0.5;
    }
    const s = new Float64Array(n), y = new Float64Array(n);
    for (let j = 0; j < n; j++) { s[j] = xNew[j]! - x[j]!; y[j] = gNew[j]! - g[j]!; }
    const sy = dot(s, y);
    if (sy > 1e-12) { S.push(s); Y.push(y); rho.push(1 / sy); if (S.length > m) { S.shift(); Y.shift(); rho.shift(); } }
    const improvement = fx - fNew;
    x = xNew; g = gNew; fx = fNew;
    if (Math.abs(improvement) < 1e-9 * Math.max(1, Math.abs(fx))) break;
  }
  return x;
}
