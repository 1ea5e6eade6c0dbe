import { describe, expect, it } from "vitest";
import { createRetriever } from "../../src/retrieve/index.js";
import type { FieldFilter } from "../../src/schema/activation.js";
import { activation } from "./support/activation.js";
import { fakeStore } from "./support/fake-store.js";

// "good times with my sister": the relation is named, the tether is the classifier's guess.
const sisterGuessedPerson: FieldFilter[] = [
  { field: "arc_type", operator: "eq", value: "bond", weight: 0.9 },
  { field: "tether_type", operator: "eq", value: "person", weight: 0.8 },
  { field: "relational_dynamics", operator: "eq", value: "sibling_bond", weight: 0.9 },
  { field: "emotional_weight", operator: "gte", value: 0.5, weight: 0.4 },
];

const docs = [
  { id: "friend-person", score: 0.8, payload: { arc_type: "bond", tether_type: "person", relational_dynamics: "friendship", emotional_weight: 0.8 } },
  { id: "sister-place", score: 0.7, payload: { arc_type: "bond", tether_type: "place", relational_dynamics: "sibling_bond", emotional_weight: 0.8 } },
];

describe("createRetriever fieldWeights", () => {
  it("lets a named relation outweigh an inferred tether guess", async () => {
    const store = fakeStore(docs);
    const plain = await createRetriever({ search: store.search, translate: store.translate, k: 2, hardFields: "core" }).retrieve("q", { activation: activation(sisterGuessedPerson) });
    // match: friend (0.9 + 0.8 + 0.4) / 3.0 = 0.700, sister (0.9 + 0.9 + 0.4) / 3.0 = 0.733; fused 0.750 vs 0.717.
    expect(plain.results.map((r) => r.id)).toEqual(["friend-person", "sister-place"]);

    const weighted = await createRetriever({ search: store.search, translate: store.translate, k: 2, hardFields: "core", fieldWeights: { tether_type: 0.3 } }).retrieve("q", { activation: activation(sisterGuessedPerson) });
    // The tether counts 0.24: friend 1.54 / 2.44 = 0.631, sister 2.2 / 2.44 = 0.902; fused 0.716 vs 0.801.
    expect(weighted.results.map((r) => r.id)).toEqual(["sister-place", "friend-person"]);
    expect(weighted.results[0]!.matchScore).toBeCloseTo(2.2 / 2.44, 6);
  });

  it("returns the activation as reweighted (learned weights' rule) and leaves the caller's untouched", async () => {
    const store = fakeStore(docs);
    const given = activation(sisterGuessedPerson);
    const before = structuredClone(given);
    const { activation: used } = await createRetriever({ search: store.search, translate: store.translate, fieldWeights: { tether_type: 0.3, emotional_weight: 0, arc_type: 1 } }).retrieve("q", { activation: given });
    expect(used.field_filters.map((f) => [f.field, f.weight])).toEqual([
      ["arc_type", 0.9],
      ["tether_type", 0.24],
      ["relational_dynamics", 0.9],
      ["emotional_weight", 0.05], // a multiplier of 0 keeps the filter at the smallest weight, as learned weights do
    ]);
    expect(given).toEqual(before);
  });

  it("changes nothing when the gate is closed", async () => {
    const store = fakeStore(docs);
    const closed = activation([], false);
    const { activation: used, results } = await createRetriever({ search: store.search, translate: store.translate, fieldWeights: { tether_type: 0.3 } }).retrieve("q", { activation: closed });
    expect(used).toBe(closed);
    expect(results.map((r) => [r.id, r.source])).toEqual([["friend-person", "unrouted"], ["sister-place", "unrouted"]]);
  });

  it("refuses an unknown field, a multiplier outside [0, 1] and a non-object, at construction", () => {
    const store = fakeStore(docs);
    const make = (fieldWeights: unknown) => () => createRetriever({ search: store.search, translate: store.translate, fieldWeights: fieldWeights as Record<string, number> });
    expect(make({ tether: 0.3 })).toThrow(/fieldWeights: unknown field "tether"/);
    expect(make({ valence: 1.5 })).toThrow("createRetriever: fieldWeights.valence must be a number in [0, 1], got 1.5");
    expect(make({ valence: "0.3" })).toThrow(/fieldWeights.valence must be a number in \[0, 1\], got "0.3"/);
    expect(make([0.3])).toThrow("createRetriever: `fieldWeights` must be an object of field → multiplier in [0, 1]");
    expect(make(null)).toThrow(TypeError);
    expect(make({})).not.toThrow();
  });
});
