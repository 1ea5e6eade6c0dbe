import { describe, expect, it } from "vitest";
import { arcStatus, recallByArcStatus } from "../../benchmarks/retrieval/by-arc.js";
import type { RetrievalQuery } from "../../benchmarks/retrieval/dataset.js";
import type { ActivationResult } from "../../src/schema/activation.js";

const query = (id: string, arcs: string[] | undefined, split: "train" | "heldout" = "heldout"): RetrievalQuery => ({
  id,
  query: id,
  type: "significance",
  relevant: ["m1", "m2"],
  split,
  intent: { fields: arcs ? { arc_type: arcs } : { emotion_primary: ["fear"] }, min_weight: 0.5, text: null },
});
const routed = (arcs: string[], gate = true): ActivationResult => ({
  activation_id: null,
  arc_types: gate ? (arcs as ActivationResult["arc_types"]) : [],
  primary_domain: null,
  field_filters: [],
  confidence: 0.5,
  significance_gate: gate,
});

describe("arcStatus", () => {
  it("tells a closed gate, a right top arc, a right alternative, a wrong arc and an arc-free intent apart", () => {
    expect(arcStatus(query("a", ["grief"]), routed([], false))).toBe("gate_closed");
    expect(arcStatus(query("a", ["grief", "bond"]), routed(["bond", "exile"]))).toBe("top_arc_right");
    expect(arcStatus(query("a", ["grief"]), routed(["bond", "grief"]))).toBe("arc_among_alternatives");
    expect(arcStatus(query("a", ["grief"]), routed(["bond"]))).toBe("arc_wrong");
    expect(arcStatus(query("a", undefined), routed(["bond"]))).toBe("no_arc_in_intent");
  });
});

describe("recallByArcStatus", () => {
  it("averages recall@10 per status and split, counting significance queries only", () => {
    const queries = [query("q1", ["grief"]), query("q2", ["grief"]), query("q3", ["grief"], "train"), { ...query("f1", ["grief"]), type: "factual" as const }];
    const activations = new Map([
      ["q1", routed(["grief"])],
      ["q2", routed(["grief"])],
      ["q3", routed(["bond"])],
      ["f1", routed(["grief"])],
    ]);
    const ranked: Record<string, string[]> = { q1: ["m1", "m2"], q2: ["m1", "x"], q3: ["m2"], f1: ["m1", "m2"] };
    const out = recallByArcStatus(queries, activations, (q) => ranked[q.id]!);
    expect(out.heldout.top_arc_right).toEqual({ queries: 2, recall_at_10: 0.75 });
    expect(out.train.arc_wrong).toEqual({ queries: 1, recall_at_10: 0.5 });
    expect(out.heldout.gate_closed).toEqual({ queries: 0, recall_at_10: 0 });
  });
});
