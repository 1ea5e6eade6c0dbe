/**
 * MongoDB Atlas Vector Search: the `$vectorSearch.filter` documents and boost stages type-check
 * against the official `mongodb` driver types, and interpreters of the MQL and aggregation
 * subsets agree with the reference on the shared corpus.
 */
import type { Document, Filter } from "mongodb";
import { describe, expect, it } from "vitest";
import { toMongoDbFilter, type MongoBoostStage, type MongoFilter } from "../../adapters/mongodb/index.js";
import { agreementSuite, at } from "./support/agreement.js";
import { mqlMatches } from "./support/mql.js";

/** Aggregation expressions: the subset the boost stage uses. `$`-strings are paths, `$literal` is not. */
function evaluate(expression: unknown, payload: unknown): unknown {
  if (typeof expression === "number") return expression;
  if (typeof expression === "string") {
    if (!expression.startsWith("$")) return expression;
    return at(payload, expression.slice(1));
  }
  const e = expression as Record<string, any>;
  const [op] = Object.keys(e);
  const args = e[op!];
  switch (op) {
    case "$literal":
      return args;
    case "$add":
      return (args as unknown[]).reduce<number>((s, x) => s + (evaluate(x, payload) as number), 0);
    case "$max":
      return Math.max(...(args as unknown[]).map((x) => evaluate(x, payload) as number));
    case "$cond":
      return evaluate(args[0], payload) ? evaluate(args[1], payload) : evaluate(args[2], payload);
    case "$eq":
      return evaluate(args[0], payload) === evaluate(args[1], payload);
    case "$isNumber":
      return typeof evaluate(args, payload) === "number";
    case "$gte":
    case "$lte": {
      const [a, b] = [evaluate(args[0], payload), evaluate(args[1], payload)];
      if (typeof a !== "number" || typeof b !== "number") throw new Error("cross-type comparison reached $gte/$lte unguarded");
      return op === "$gte" ? a >= b : a <= b;
    }
    case "$and":
      return (args as unknown[]).every((x) => evaluate(x, payload));
    case "$or":
      return (args as unknown[]).some((x) => evaluate(x, payload));
    default:
      throw new Error(`unsupported aggregation operator ${op}`);
  }
}

agreementSuite<MongoFilter, MongoBoostStage>({
  store: "mongodb",
  filter: (filters, layout) => toMongoDbFilter(filters, { fields: layout }),
  matches: (output, payload) => mqlMatches(output, payload),
  boost: {
    build: (filters, layout, boostWeight) => toMongoDbFilter(filters, { fields: layout, mode: "boost", boostWeight }),
    score: (output, payload) => evaluate(output.$addFields.arcroute_boost, payload) as number,
  },
});

describe("mongodb output", () => {
  it("type-checks as a driver Filter inside a $vectorSearch pipeline", () => {
    const filter: Filter<Document> | undefined = toMongoDbFilter(
      [
        { field: "arc_type", operator: "eq", value: "grief" },
        { field: "arc_type", operator: "eq", value: "bond" },
        { field: "emotional_weight", operator: "gte", value: 0.7 },
      ],
      { fields: "nested" },
    );
    const boost = toMongoDbFilter([{ field: "arc_type", operator: "eq", value: "grief" }], { mode: "boost" });
    const pipeline: Document[] = [
      { $vectorSearch: { index: "memories", path: "embedding", queryVector: [0.1, 0.2], numCandidates: 100, limit: 10, filter } },
      boost satisfies Document | undefined as Document,
      { $sort: { arcroute_boost: -1 } },
    ];
    expect(filter).toEqual({
      $and: [{ "constellation.arc_type": { $in: ["grief", "bond"] } }, { "gravity.emotional_weight": { $gte: 0.7 } }],
    });
    expect(pipeline).toHaveLength(3);
  });

  it("hostile values stay values: under $eq in queries, under $literal in expressions", () => {
    expect(toMongoDbFilter([{ field: "arc_type", operator: "eq", value: "$where" }])).toEqual({ arc_type: { $eq: "$where" } });
    const stage = toMongoDbFilter([{ field: "arc_type", operator: "eq", value: "$arc_type" }], { mode: "boost" })!;
    // Without $literal, "$arc_type" would be read as the field itself and match every document.
    expect(evaluate(stage.$addFields.arcroute_boost, { arc_type: "grief" })).toBe(0);
    expect(evaluate(stage.$addFields.arcroute_boost, { arc_type: "$arc_type" })).toBe(1);
    expect(JSON.stringify(stage)).toContain('{"$literal":"$arc_type"}');
  });

  it("rejects operator-like paths and score fields", () => {
    expect(() => toMongoDbFilter([{ field: "arc_type", operator: "eq", value: "x" }], { fields: { arc_type: "$where" } })).toThrow(/mongodb adapter/);
    expect(() => toMongoDbFilter([{ field: "arc_type", operator: "eq", value: "x" }], { mode: "boost", scoreField: "$out" })).toThrow(/scoreField/);
  });
});
