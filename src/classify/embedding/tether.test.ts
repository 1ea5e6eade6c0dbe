/** The ensemble's tether stack: anchor phrases, the lexical choice as offset, revising an answer. */
import { describe, expect, it } from "vitest";
import { ActivationResultSchema } from "../../schema/activation.js";
import { TETHER_TYPES } from "../../schema/vocabulary.js";
import type { Classification } from "../types.js";
import { reviseTether } from "./ensemble.js";
import { readEnsembleWeights } from "./index.js";
import { anchorPhrase, predictTether, tetherFeatures, type TetherStack } from "./tether.js";

const DIM = 4;
/** A stack with no weights: only the offset on the lexical choice and the biases decide. */
const stack = (bias: number[] = TETHER_TYPES.map(() => 0)): TetherStack => ({
  classes: TETHER_TYPES,
  ruleStrength: 3,
  scales: { query: 1, centroid: 1, anchor: 1, cue: 1 },
  centroids: { person: [1, 0, 0, 0] },
  bias,
  weights: Array.from({ length: DIM + TETHER_TYPES.length + DIM + TETHER_TYPES.length }, () => TETHER_TYPES.map(() => 0)),
});
const vector = [0.5, 0.5, 0.5, 0.5];

const answer = (gate: boolean): Classification => ({
  activation_id: null,
  arc_types: gate ? ["grief"] : [],
  primary_domain: gate ? "constellation" : null,
  field_filters: gate
    ? [
        { field: "arc_type", operator: "eq", value: "grief", weight: 0.9 },
        { field: "tether_type", operator: "eq", value: "person", weight: 0.6 },
        { field: "emotional_weight", operator: "gte", value: 0.6, weight: 0.5 },
      ]
    : [],
  confidence: 0.7,
  significance_gate: gate,
});

describe("anchor phrase", () => {
  it("is the two words after the first determiner, or nothing", () => {
    expect(anchorPhrase("the year we lost my first flat")).toBe("year we");
    expect(anchorPhrase("Losing my first flat in Leeds")).toBe("first flat");
    expect(anchorPhrase("when her watch stopped")).toBe("watch stopped");
    expect(anchorPhrase("growing up poor")).toBe("");
  });
});

describe("tether stack", () => {
  it("lays the features out in groups: query, centroid cosines, anchor, capped cues", () => {
    const row = tetherFeatures(stack(), vector, null, { place: { score: 9, cues: [] } });
    expect(row).toHaveLength(DIM + TETHER_TYPES.length + DIM + TETHER_TYPES.length);
    expect(row.slice(0, DIM)).toEqual(vector);
    expect(row[DIM + TETHER_TYPES.indexOf("person")]).toBeCloseTo(0.5);
    expect(row.slice(DIM + TETHER_TYPES.length, 2 * DIM + TETHER_TYPES.length)).toEqual([0, 0, 0, 0]);
    expect(row[2 * DIM + TETHER_TYPES.length + TETHER_TYPES.indexOf("place")]).toBe(4);
  });

  it("answers the lexical choice when nothing speaks against it", () => {
    expect(predictTether(stack(), vector, vector, {}, "event").value).toBe("event");
  });

  it("revises the tether filter where the stack disagrees, and nothing else", () => {
    const towardsPlace = stack(TETHER_TYPES.map((t) => (t === "place" ? 5 : 0)));
    const revised = reviseTether(answer(true), towardsPlace, vector, null, "the old house by the sea");
    expect(ActivationResultSchema.safeParse(revised).success).toBe(true);
    const tethers = revised.field_filters.filter((f) => f.field === "tether_type");
    expect(tethers).toHaveLength(1);
    expect(tethers[0]!.value).toBe("place");
    expect(tethers[0]!.weight).toBeGreaterThan(0.5);
    expect(revised.field_filters.filter((f) => f.field !== "tether_type")).toEqual(answer(true).field_filters.filter((f) => f.field !== "tether_type"));
    expect(revised.confidence).toBe(0.7);
    // Agreement or a closed gate: the answer itself comes back.
    const same = answer(true);
    expect(reviseTether(same, stack(), vector, null, "x")).toBe(same);
    const closed = answer(false);
    expect(reviseTether(closed, towardsPlace, vector, null, "x")).toBe(closed);
  });

  it("ships no tether stack, as the README says (out of fold it gains nothing over the lexical tether model)", () => {
    // A refit that ships one must change the README's "no tether stack ships" too.
    expect(readEnsembleWeights().tether).toBeUndefined();
  });
});
