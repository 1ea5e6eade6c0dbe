import { describe, expect, it } from "vitest";
import { createRetriever, matchPlan, satisfiesAll, type Candidate, type SearchRequest } from "../../src/retrieve/index.js";
import { bestPerAlternative, keepingReserved } from "../../src/retrieve/reserve.js";
import type { ActivationResult, FieldFilter } from "../../src/schema/activation.js";

const ranked = ["a", "b", "c", "d"].map((id, i) => ({ id, score: 1 - i / 10, vectorScore: 0, matchScore: 0, payload: { arc_type: i < 3 ? "discovery" : "betrayal" } }));

describe("keepingReserved", () => {
  it("reserves places for the given ids and fills the rest in fused order", () => {
    expect(keepingReserved(ranked, ["d"], 2).map((r) => r.id)).toEqual(["a", "d"]);
    expect(keepingReserved(ranked, ["b"], 2).map((r) => r.id)).toEqual(["a", "b"]);
    // An id absent from the ranking takes no place; duplicates count once.
    expect(keepingReserved(ranked, ["zz", "c", "c"], 3).map((r) => r.id)).toEqual(["a", "b", "c"]);
    expect(keepingReserved(ranked, [], 10).map((r) => r.id)).toEqual(["a", "b", "c", "d"]);
    // More reserved than k: the best k of them.
    expect(keepingReserved(ranked, ["d", "c", "b"], 2).map((r) => r.id)).toEqual(["b", "c"]);
  });
});

const arcs: FieldFilter[] = [
  { field: "arc_type", operator: "eq", value: "discovery", weight: 0.78 },
  { field: "arc_type", operator: "eq", value: "betrayal", weight: 0.2 },
  { field: "valence", operator: "eq", value: "negative", weight: 0.7 },
];

describe("bestPerAlternative", () => {
  it("names the best n candidates of every alternative of the listed fields", () => {
    const plan = matchPlan(arcs)!;
    expect(bestPerAlternative(ranked, plan, ["arc_type"], 1)).toEqual(["a", "d"]);
    expect(bestPerAlternative(ranked, plan, ["arc_type"], 2)).toEqual(["a", "b", "d"]);
    // Fields not listed, fields with one filter, and n = 0 reserve nothing.
    expect(bestPerAlternative(ranked, plan, ["valence"], 1)).toEqual([]);
    expect(bestPerAlternative(ranked, plan, ["arc_type"], 0)).toEqual([]);
  });
});

describe("createRetriever keepAlternatives", () => {
  const docs = [
    { id: "d1", score: 0.9, payload: { arc_type: "discovery", valence: "negative" } },
    { id: "d2", score: 0.8, payload: { arc_type: "discovery", valence: "negative" } },
    { id: "b1", score: 0.7, payload: { arc_type: "betrayal", valence: "negative" } },
  ];
  const search = async (_q: string, { filter, k }: SearchRequest<FieldFilter[]>): Promise<Candidate[]> => {
    const plan = filter ? matchPlan(filter) : undefined;
    return docs.filter((d) => !plan || satisfiesAll(plan, d.payload)).slice(0, k);
  };
  const activation: ActivationResult = { activation_id: null, arc_types: ["discovery", "betrayal"], primary_domain: "constellation", field_filters: arcs, confidence: 0.5, significance_gate: true };

  it("keeps the second-ranked arc's best memory in the list", async () => {
    const translate = (filters: FieldFilter[]) => filters;
    const plain = await createRetriever({ search, translate, k: 2, hardFields: "core" }).retrieve("q", { activation });
    expect(plain.results.map((r) => r.id)).toEqual(["d1", "d2"]);
    const hedged = await createRetriever({ search, translate, k: 2, hardFields: "core", keepAlternatives: 1 }).retrieve("q", { activation });
    expect(hedged.results.map((r) => r.id)).toEqual(["d1", "b1"]);
    expect(() => createRetriever({ search, translate, keepAlternatives: -1 })).toThrow(/keepAlternatives must be a non-negative integer/);
  });
});
