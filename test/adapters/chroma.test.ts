/** Chroma: `where` clauses are the client's `Where` type, never wrap one child in $and/$or, and agree with the reference. */
import type { Collection, Where } from "chromadb";
import { describe, expect, it } from "vitest";
import { toChromaWhere } from "../../adapters/chroma/index.js";
import { agreementSuite } from "./support/agreement.js";
import { mqlMatches } from "./support/mql.js";

agreementSuite<Where>({
  store: "chroma",
  layouts: ["flat"],
  filter: (filters) => toChromaWhere(filters),
  // Chroma rejects $and/$or with fewer than two children, and an $in list mixing JSON types.
  matches: (output, payload) => mqlMatches(output as Record<string, unknown>, payload, { minLogicalChildren: 2, typedIn: true }),
});

describe("chroma output", () => {
  it("fits collection.query's where", () => {
    const where = toChromaWhere([{ field: "valence", operator: "eq", value: "negative" }]);
    const args: Parameters<Collection["query"]>[0] = { queryEmbeddings: [[0.1, 0.2]], nResults: 5, where };
    expect(args.where).toEqual({ valence: { $eq: "negative" } });
  });

  it("keeps one JSON type per $in list (Chroma reads 1 as an integer, 0.9 as a float): mixed lists become $or", () => {
    const filter = (values: number[]) => toChromaWhere(values.map((value) => ({ field: "emotional_weight", operator: "eq" as const, value })));
    expect(filter([1, 2])).toEqual({ emotional_weight: { $in: [1, 2] } });
    expect(filter([0.5, 0.9])).toEqual({ emotional_weight: { $in: [0.5, 0.9] } });
    expect(filter([1, 0.9])).toEqual({ $or: [{ emotional_weight: { $eq: 1 } }, { emotional_weight: { $eq: 0.9 } }] });
  });

  it("rejects nested paths and boost mode", () => {
    expect(() => toChromaWhere([{ field: "valence", operator: "eq", value: "negative" }], { fields: "nested" })).toThrow(/chroma adapter: nested path/);
    expect(() => toChromaWhere([{ field: "valence", operator: "eq", value: "negative" }], { mode: "boost" })).toThrow(/chroma adapter: boost mode is not supported/);
  });

  it("reserved-looking keys are rejected", () => {
    expect(() => toChromaWhere([{ field: "#document", operator: "eq", value: "x" }])).toThrow(/field name/);
  });
});
