/**
 * Weaviate: the FilterValue objects are exactly what weaviate-client v3's own builders produce,
 * and an interpreter of their semantics agrees with the reference.
 */
import weaviate, { Filters, type FilterValue } from "weaviate-client";
import { describe, expect, it } from "vitest";
import { toWeaviateFilter } from "../../adapters/weaviate/index.js";
import { agreementSuite } from "./support/agreement.js";

function holds(filter: FilterValue, payload: Record<string, unknown>): boolean {
  switch (filter.operator) {
    case "And":
      return filter.filters!.every((f) => holds(f, payload));
    case "Or":
      return filter.filters!.some((f) => holds(f, payload));
    case "Equal":
      return payload[(filter.target as { property: string }).property] === filter.value;
    case "GreaterThanEqual":
    case "LessThanEqual": {
      const actual = payload[(filter.target as { property: string }).property];
      if (typeof actual !== "number") return false;
      return filter.operator === "GreaterThanEqual" ? actual >= filter.value : actual <= filter.value;
    }
    default:
      throw new Error(`unexpected operator ${filter.operator}`);
  }
}

agreementSuite<FilterValue>({
  store: "weaviate",
  layouts: ["flat"],
  filter: (filters) => toWeaviateFilter(filters),
  matches: (output, payload) => holds(output, payload),
});

describe("weaviate output", () => {
  it("equals the client builders' output", () => {
    const ours = toWeaviateFilter([
      { field: "arc_type", operator: "eq", value: "grief" },
      { field: "arc_type", operator: "eq", value: "bond" },
      { field: "emotional_weight", operator: "gte", value: 0.7 },
    ]);
    const theirs = Filters.and(
      Filters.or(weaviate.filter.byProperty("arc_type").equal("grief"), weaviate.filter.byProperty("arc_type").equal("bond")),
      weaviate.filter.byProperty("emotional_weight").greaterOrEqual(0.7),
    );
    expect(ours).toEqual(theirs);
    expect(toWeaviateFilter([{ field: "valence", operator: "eq", value: "negative" }])).toEqual(weaviate.filter.byProperty("valence").equal("negative"));
    expect(toWeaviateFilter([{ field: "strength_score", operator: "lte", value: 0.2 }])).toEqual(weaviate.filter.byProperty("strength_score").lessOrEqual(0.2));
  });

  it("rejects nested paths and boost mode", () => {
    expect(() => toWeaviateFilter([{ field: "arc_type", operator: "eq", value: "grief" }], { fields: "nested" })).toThrow(/weaviate adapter: nested path/);
    expect(() => toWeaviateFilter([{ field: "arc_type", operator: "eq", value: "grief" }], { mode: "boost" })).toThrow(/weaviate adapter: boost mode/);
  });
});
