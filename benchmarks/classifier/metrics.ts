/**
 * The classifier benchmark's metrics, as pure functions of (label, prediction) pairs, so that
 * tests can check them against hand-computed values. Definitions (also in the README):
 * - gate: precision / recall / F1 of `significance_gate` against the labelled gate;
 * - tricky-negative false-positive rate: share of `tricky_negative` queries whose gate opened;
 * - arc top-1 (over labelled gate-true queries): the predicted first arc is one of the labelled
 *   arcs (a closed gate predicts no arc: a miss); hit@3: one of the labelled arcs is among the
 *   predicted ones (at most three);
 * - tether accuracy: over labelled gate-true queries whose label names a tether, the predicted
 *   `tether_type` filter (highest weight) equals it; valence accuracy likewise over all labelled
 *   gate-true queries;
 * - macro-F1 over arc types: from the top-1 confusion matrix (gold = the predicted arc when it is
 *   one of the labelled arcs, else the first labelled arc), the mean F1 of the arc types that occur
 *   as gold or prediction (all 14 on the shipped splits);
 * - correctness (for calibration): gate correct AND (labelled gate false OR top arc correct);
 *   expected calibration error over 10 equal-width confidence bins.
 */
import { ARC_TYPES, type ArcType } from "../../src/schema/vocabulary.js";
import { reliability, type ReliabilityBin } from "../../src/classify/reliability.js";
import type { LabeledQuery, QueryGroup } from "../queries/load.js";

/** The parts of a classification that the benchmark scores. */
export interface Prediction {
  gate: boolean;
  arc_types: string[];
  tether_type: string | null;
  valence: string | null;
  confidence: number;
}

/** Reduce an ActivationResult-shaped object to a Prediction (the highest-weight filter per field). */
export function toPrediction(result: {
  significance_gate: boolean;
  arc_types: readonly string[];
  field_filters: readonly { field: string; value: string | number; weight: number }[];
  confidence: number;
}): Prediction {
  const top = (field: string): string | null => {
    let best: { value: string | number; weight: number } | null = null;
    for (const f of result.field_filters) if (f.field === field && (best === null || f.weight > best.weight)) best = f;
    return best === null ? null : String(best.value);
  };
  return { gate: result.significance_gate, arc_types: [...result.arc_types], tether_type: top("tether_type"), valence: top("valence"), confidence: result.confidence };
}

export interface Scored { label: LabeledQuery; prediction: Prediction }

export interface Ratio { correct: number; total: number; value: number }
const ratio = (correct: number, total: number): Ratio => ({ correct, total, value: total === 0 ? 0 : correct / total });

export interface GateMetrics { tp: number; fp: number; fn: number; tn: number; precision: number; recall: number; f1: number; accuracy: number }

export function gateMetrics(items: readonly Scored[]): GateMetrics {
  let tp = 0, fp = 0, fn = 0, tn = 0;
  for (const { label, prediction } of items) {
    if (prediction.gate) label.gate ? tp++ : fp++;
    else label.gate ? fn++ : tn++;
  }
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { tp, fp, fn, tn, precision, recall, f1, accuracy: items.length === 0 ? 0 : (tp + tn) / items.length };
}

export const topArcCorrect = ({ label, prediction }: Scored): boolean =>
  prediction.arc_types.length > 0 && label.arc_types.includes(prediction.arc_types[0] as ArcType);

/** Correctness as calibrated confidence should predict it. */
export const isCorrect = (s: Scored): boolean => s.prediction.gate === s.label.gate && (!s.label.gate || topArcCorrect(s));

export interface ArcConfusion {
  /** Row labels: the gold arc types. Column labels: the predicted arc types, then "none". */
  rows: readonly ArcType[];
  columns: readonly (ArcType | "none")[];
  counts: number[][];
  perArc: { arc: ArcType; precision: number; recall: number; f1: number; support: number }[];
  macroF1: number;
}

export function arcConfusion(items: readonly Scored[]): ArcConfusion {
  const columns = [...ARC_TYPES, "none"] as const;
  const counts = ARC_TYPES.map(() => columns.map(() => 0));
  for (const s of items) {
    if (!s.label.gate) continue;
    const predicted = (s.prediction.arc_types[0] ?? "none") as ArcType | "none";
    const gold = topArcCorrect(s) ? (predicted as ArcType) : s.label.arc_types[0]!;
    counts[ARC_TYPES.indexOf(gold)]![columns.indexOf(predicted)]!++;
  }
  const perArc = ARC_TYPES.map((arc, i) => {
    const tp = counts[i]![i]!;
    const support = counts[i]!.reduce((a, b) => a + b, 0);
    const predictedAs = counts.reduce((sum, row) => sum + row[i]!, 0);
    const precision = predictedAs === 0 ? 0 : tp / predictedAs;
    const recall = support === 0 ? 0 : tp / support;
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    return { arc, precision, recall, f1, support };
  });
  // Arc types with no gold item and no prediction carry no information: left out of the mean.
  const informative = perArc.filter((p, i) => p.support > 0 || counts.some((row) => row[i]! > 0));
  const macroF1 = informative.length === 0 ? 0 : informative.reduce((s, p) => s + p.f1, 0) / informative.length;
  return { rows: ARC_TYPES, columns, counts, perArc, macroF1 };
}

export type { ReliabilityBin } from "../../src/classify/reliability.js";

/** Equal-width confidence bins (confidence 1.0 falls in the last bin) and the expected calibration error. */
export function calibration(items: readonly Scored[], binCount = 10): { bins: ReliabilityBin[]; ece: number } {
  return reliability(items.map((s) => ({ confidence: s.prediction.confidence, right: isCorrect(s) })), binCount);
}

/** The `q`-quantile (0–1) by the nearest-rank method; `sorted` ascending. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export interface ClassifierMetrics {
  queries: number;
  gate: GateMetrics;
  tricky_negative_fpr: Ratio;
  arc_top1: Ratio;
  arc_hit_at_3: Ratio;
  tether_accuracy: Ratio;
  valence_accuracy: Ratio;
  arc_macro_f1: number;
  accuracy: Ratio;
  ece: number;
  reliability: ReliabilityBin[];
  gate_accuracy_by_group: Partial<Record<QueryGroup, Ratio>>;
  confusion: ArcConfusion;
}

export function computeMetrics(items: readonly Scored[]): ClassifierMetrics {
  const positives = items.filter((s) => s.label.gate);
  const tricky = items.filter((s) => s.label.group === "tricky_negative");
  const withTether = positives.filter((s) => s.label.tether_type !== null);
  const count = (list: readonly Scored[], ok: (s: Scored) => boolean) => ratio(list.filter(ok).length, list.length);
  const byGroup: Partial<Record<QueryGroup, Ratio>> = {};
  for (const group of new Set(items.map((s) => s.label.group))) {
    byGroup[group] = count(items.filter((s) => s.label.group === group), (s) => s.prediction.gate === s.label.gate);
  }
  const { bins, ece } = calibration(items);
  const confusion = arcConfusion(items);
  return {
    queries: items.length,
    gate: gateMetrics(items),
    tricky_negative_fpr: count(tricky, (s) => s.prediction.gate),
    arc_top1: count(positives, topArcCorrect),
    arc_hit_at_3: count(positives, (s) => s.prediction.arc_types.slice(0, 3).some((a) => s.label.arc_types.includes(a as ArcType))),
    tether_accuracy: count(withTether, (s) => s.prediction.tether_type === s.label.tether_type),
    valence_accuracy: count(positives, (s) => s.prediction.valence === s.label.valence),
    arc_macro_f1: confusion.macroF1,
    accuracy: count(items, isCorrect),
    ece,
    reliability: bins,
    gate_accuracy_by_group: byGroup,
    confusion,
  };
}
