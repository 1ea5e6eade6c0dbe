import { describe, expect, it } from "vitest";
import type { LabeledQuery } from "../queries/load.js";
import { arcConfusion, calibration, computeMetrics, gateMetrics, isCorrect, quantile, toPrediction, type Prediction, type Scored } from "./metrics.js";

let n = 0;
function label(group: LabeledQuery["group"], gate: boolean, arcs: LabeledQuery["arc_types"] = [], tether: LabeledQuery["tether_type"] = null, valence: LabeledQuery["valence"] = null): LabeledQuery {
  return { id: `m-${++n}`, split: "train", group, query: `q${n}`, gate, arc_types: gate ? arcs : [], tether_type: gate ? tether : null, valence: gate ? valence : null, intensity: gate ? "medium" : null };
}
const predict = (gate: boolean, arcs: string[] = [], tether: string | null = null, valence: string | null = null, confidence = 0.5): Prediction => ({ gate, arc_types: arcs, tether_type: tether, valence, confidence });

// A hand-computed fixture: 6 gate-true labels, 4 gate-false (2 of them tricky negatives).
const items: Scored[] = [
  { label: label("significance", true, ["grief"], "person", "negative"), prediction: predict(true, ["grief", "bond"], "person", "negative", 0.9) }, // all correct
  { label: label("significance", true, ["bond", "gratitude"], "person", "positive"), prediction: predict(true, ["gratitude"], "place", "positive", 0.9) }, // top-1 ok (2nd label), tether wrong
  { label: label("significance", true, ["betrayal"], "person", "negative"), prediction: predict(true, ["grief", "betrayal"], "person", "mixed", 0.7) }, // top-1 wrong, hit@3 ok
  { label: label("significance", true, ["exile"], null, "negative"), prediction: predict(false, [], null, null, 0.7) }, // gate missed
  { label: label("borderline", true, ["threshold"], "event", "mixed"), prediction: predict(true, ["threshold"], "event", "mixed", 0.9) }, // all correct
  { label: label("significance", true, ["grief"], "person", "negative"), prediction: predict(true, ["grief"], "person", "negative", 0.9) }, // all correct
  { label: label("tricky_negative", false), prediction: predict(true, ["grief"], "person", "negative", 0.3) }, // false positive
  { label: label("tricky_negative", false), prediction: predict(false, [], null, null, 0.9) },
  { label: label("task", false), prediction: predict(false, [], null, null, 0.9) },
  { label: label("chitchat", false), prediction: predict(false, [], null, null, 0.9) },
];

describe("classifier metrics (hand-computed)", () => {
  it("gate precision, recall and F1", () => {
    const g = gateMetrics(items);
    expect(g).toMatchObject({ tp: 5, fp: 1, fn: 1, tn: 3 });
    expect(g.precision).toBeCloseTo(5 / 6);
    expect(g.recall).toBeCloseTo(5 / 6);
    expect(g.f1).toBeCloseTo(5 / 6);
    expect(g.accuracy).toBeCloseTo(0.8);
  });

  it("arc, tether, valence, tricky negatives and groups", () => {
    const m = computeMetrics(items);
    expect(m.tricky_negative_fpr).toEqual({ correct: 1, total: 2, value: 0.5 });
    expect(m.arc_top1).toEqual({ correct: 4, total: 6, value: 4 / 6 });
    expect(m.arc_hit_at_3).toEqual({ correct: 5, total: 6, value: 5 / 6 });
    // Tether over the 5 gate-true labels that name one: wrong on item 2, missing on item 4 (gate closed: not counted, null label).
    expect(m.tether_accuracy).toEqual({ correct: 4, total: 5, value: 0.8 });
    expect(m.valence_accuracy).toEqual({ correct: 4, total: 6, value: 4 / 6 });
    expect(m.gate_accuracy_by_group.tricky_negative!.value).toBe(0.5);
    expect(m.gate_accuracy_by_group.significance!.value).toBe(0.8);
    expect(m.gate_accuracy_by_group.borderline!.value).toBe(1);
    // Correct: items 1, 2, 5, 6 (gate-true with right top arc) + items 8, 9, 10 → 7 of 10.
    expect(m.accuracy).toEqual({ correct: 7, total: 10, value: 0.7 });
  });

  it("confusion matrix and macro-F1", () => {
    const c = arcConfusion(items);
    const cell = (gold: string, predicted: string) => c.counts[c.rows.indexOf(gold as never)]![c.columns.indexOf(predicted as never)];
    expect(cell("grief", "grief")).toBe(2);
    expect(cell("gratitude", "gratitude")).toBe(1); // gold follows the accepted label
    expect(cell("betrayal", "grief")).toBe(1);
    expect(cell("exile", "none")).toBe(1);
    expect(cell("threshold", "threshold")).toBe(1);
    // Per arc F1: grief P=2/3 R=1 → 0.8; gratitude 1; threshold 1; betrayal 0; exile 0 → mean of 5 = 2.8/5.
    expect(c.macroF1).toBeCloseTo(2.8 / 5);
  });

  it("expected calibration error over 10 bins", () => {
    const { bins, ece } = calibration(items);
    // bin 9 (0.9): items 1, 2, 5, 6, 8, 9, 10, all correct.
    expect(bins[9]).toMatchObject({ count: 7, accuracy: 1 });
    expect(bins[9]!.confidence).toBeCloseTo(0.9);
    // bin 7 (0.7): items 3 and 4, both wrong; bin 3 (0.3): item 7, wrong.
    expect(bins[7]).toMatchObject({ count: 2, accuracy: 0 });
    expect(bins[3]).toMatchObject({ count: 1, accuracy: 0 });
    expect(ece).toBeCloseTo((7 * 0.1 + 2 * 0.7 + 1 * 0.3) / 10);
  });

  it("correctness, confidence 1.0 and quantiles", () => {
    expect(isCorrect(items[2]!)).toBe(false);
    expect(isCorrect(items[7]!)).toBe(true);
    const one = calibration([{ ...items[0]!, prediction: { ...items[0]!.prediction, confidence: 1 } }]);
    expect(one.bins[9]!.count).toBe(1);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.5)).toBe(5);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.99)).toBe(10);
    expect(quantile([], 0.5)).toBe(0);
  });

  it("toPrediction takes the highest-weight filter per field", () => {
    const p = toPrediction({
      significance_gate: true, arc_types: ["grief"], confidence: 0.8,
      field_filters: [
        { field: "tether_type", value: "place", weight: 0.3 }, { field: "tether_type", value: "person", weight: 0.7 },
        { field: "valence", value: "negative", weight: 0.5 },
      ],
    });
    expect(p).toEqual({ gate: true, arc_types: ["grief"], tether_type: "person", valence: "negative", confidence: 0.8 });
  });
});
