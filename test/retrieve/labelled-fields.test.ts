import { describe, expect, it } from "vitest";
import { recallWithLabelledFields, withLabelledFields } from "../../benchmarks/retrieval/labelled-fields.js";
import type { RetrievalQuery } from "../../benchmarks/retrieval/dataset.js";
import type { ActivationResult } from "../../src/schema/activation.js";

const read: ActivationResult = {
  activation_id: null,
  arc_types: ["threshold"],
  primary_domain: "constellation",
  confidence: 0.6,
  significance_gate: true,
  field_filters: [
    { field: "arc_type", operator: "eq", value: "threshold", weight: 0.7 },
    { field: "valence", operator: "eq", value: "positive", weight: 0.6 },
    { field: "emotional_weight", operator: "gte", value: 0.7, weight: 0.8 },
  ],
};
const intent = { fields: { emotion_primary: ["fear"], relational_dynamics: ["parent_child", "none"] }, min_weight: 0.8, text: null };

describe("withLabelledFields (what reading a field as the labels do would buy)", () => {
  it("replaces the classifier's filters on the chosen fields with the labelled values and keeps the rest", () => {
    expect(withLabelledFields(read, intent, ["emotion_primary", "emotional_weight"]).field_filters).toEqual([
      { field: "arc_type", operator: "eq", value: "threshold", weight: 0.7 },
      { field: "valence", operator: "eq", value: "positive", weight: 0.6 },
      { field: "emotion_primary", operator: "eq", value: "fear", weight: 1 },
      { field: "emotional_weight", operator: "gte", value: 0.8, weight: 1 },
    ]);
  });

  it("drops the classifier's filters on a chosen field the labels leave open, and an absent-field value", () => {
    const filters = withLabelledFields(read, intent, ["arc_type", "relational_dynamics"]).field_filters;
    expect(filters.map((f) => `${f.field}=${f.value}`)).toEqual(["valence=positive", "emotional_weight=0.7", "relational_dynamics=parent_child"]);
  });

  it("opens a closed gate with the labelled fields alone", () => {
    const closed = { ...read, significance_gate: false, field_filters: [] };
    const result = withLabelledFields(closed, intent, ["emotion_primary"]);
    expect(result.significance_gate).toBe(true);
    expect(result.field_filters).toEqual([{ field: "emotion_primary", operator: "eq", value: "fear", weight: 1 }]);
  });

  it("averages recall@10 per split and over every held-out split, significance queries only", async () => {
    const query = (id: string, split: RetrievalQuery["split"], type: RetrievalQuery["type"] = "significance"): RetrievalQuery => ({ id, query: id, type, relevant: ["m1", "m2"], split, ...(type === "significance" ? { intent } : { pattern: "x" }) });
    const queries = [query("a", "train"), query("b", "heldout"), query("c", "heldout3"), query("d", "heldout3", "factual")];
    const activations = new Map(queries.map((q) => [q.id, read]));
    // The stand-in store finds both memories once emotion_primary is labelled, one otherwise.
    const recall = await recallWithLabelledFields(queries, activations, async (_q, a) => (a.field_filters.some((f) => f.field === "emotion_primary") ? ["m1", "m2"] : ["m1"]));
    expect(recall.emotion_primary).toEqual({ train: 1, heldout: 1, heldout2: 0, heldout3: 1, heldout_union: 1 });
    expect(recall.arc_type).toEqual({ train: 0.5, heldout: 0.5, heldout2: 0, heldout3: 0.5, heldout_union: 0.5 });
  });
});
