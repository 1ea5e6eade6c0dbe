/**
 * Running a classifier over labeled queries: one pass for the predictions, then a separate
 * timing pass (warm-up first, then every query many times, each call timed on its own with
 * process.hrtime.bigint) so that accuracy and latency never share a measurement.
 */
import type { Classifier } from "../../src/classify/types.js";
import type { LabeledQuery } from "../queries/load.js";
import { quantile, toPrediction, type Scored } from "./metrics.js";

export interface Tick { tick(): void }
const silent: Tick = { tick() {} };

export async function score(classifier: Classifier, queries: readonly LabeledQuery[], progress: Tick = silent): Promise<Scored[]> {
  const out: Scored[] = [];
  for (const label of queries) {
    out.push({ label, prediction: toPrediction(await classifier.classify(label.query)) });
    progress.tick();
  }
  return out;
}

export interface Latency {
  /** Timed calls (queries × repetitions). */
  samples: number;
  repetitions: number;
  median_us: number;
  p99_us: number;
  mean_us: number;
  max_us: number;
}

/** Per-call latency in µs; async classifiers are awaited inside the timed span. */
export async function measureLatency(classifier: Classifier, queries: readonly string[], repetitions: number, progress: Tick = silent): Promise<Latency> {
  const warmup = Math.max(3, Math.ceil(2000 / Math.max(1, queries.length)));
  for (let r = 0; r < warmup; r++) for (const q of queries) await classifier.classify(q);
  const samples = new Float64Array(queries.length * repetitions);
  let k = 0;
  for (let r = 0; r < repetitions; r++) {
    for (const q of queries) {
      const start = process.hrtime.bigint();
      const result = classifier.classify(q);
      if (result instanceof Promise) await result;
      samples[k++] = Number(process.hrtime.bigint() - start) / 1000;
    }
    progress.tick();
  }
  const sorted = Array.from(samples).sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length);
  const round = (x: number) => Math.round(x * 100) / 100;
  return { samples: sorted.length, repetitions, median_us: round(quantile(sorted, 0.5)), p99_us: round(quantile(sorted, 0.99)), mean_us: round(mean), max_us: round(sorted[sorted.length - 1] ?? 0) };
}
