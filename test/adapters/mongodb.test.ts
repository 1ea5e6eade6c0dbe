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
import { referenceBoost } from "../support/reference-filter.js";

/**
 * Aggregation expressions: the subset the boost stage uses, as MongoDB's documentation defines
 * them. `$`-strings are paths (a missing one is null inside an array literal), `$$name` a variable
 * of `$map`, `$literal` is not evaluated.
 */
function evaluate(expression: unknown, payload: unknown, vars: Record<string, unknown> = {}): unknown {
  const ev = (x: unknown) => evaluate(x, payload, vars);
  if (typeof expression === "number") return expression;
  if (typeof expression === "string") {
    if (expression.startsWith("$$")) return vars[expression.slice(2)];
    if (!expression.startsWith("$")) return expression;
    return at(payload, expression.slice(1));
  }
  if (Array.isArray(expression)) return expression.map((x) => ev(x) ?? null);
  const e = expression as Record<string, any>;
  const [op] = Object.keys(e);
  const args = e[op!];
  switch (op) {
    case "$literal":
      return args;
    case "$add":
      return (args as unknown[]).reduce<number>((s, x) => s + (ev(x) as number), 0);
    case "$max":
      return Math.max(...(args as unknown[]).map((x) => ev(x) as number));
    case "$cond":
      return ev(args[0]) ? ev(args[1]) : ev(args[2]);
    case "$eq":
      return ev(args[0]) === ev(args[1]);
    case "$isNumber":
      return typeof ev(args) === "number";
    case "$isArray":
      return Array.isArray(ev(Array.isArray(args) ? args[0] : args));
    case "$in": {
      const list = ev(args[1]);
      if (!Array.isArray(list)) throw new Error("$in needs an array (MongoDB raises an error otherwise)");
      return list.includes(ev(args[0]));
    }
    case "$map": {
      const input = ev(args.input);
      if (!Array.isArray(input)) throw new Error("$map needs an array");
      return input.map((item) => evaluate(args.in, payload, { ...vars, [args.as]: item }));
    }
    case "$anyElementTrue":
      return (ev(args[0]) as unknown[]).some(Boolean);
    case "$gte":
    case "$lte": {
      const [a, b] = [ev(args[0]), ev(args[1])];
      if (typeof a !== "number" || typeof b !== "number") throw new Error("cross-type comparison reached $gte/$lte unguarded");
      return op === "$gte" ? a >= b : a <= b;
    }
    case "$and":
      return (args as unknown[]).every((x) => ev(x));
    case "$or":
      return (args as unknown[]).some((x) => ev(x));
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

  it("boost gives an array value the query language's meaning: it matches when one element does", () => {
    const filters = [
      { field: "arc_type", operator: "eq", value: "grief", weight: 0.8 },
      { field: "emotional_weight", operator: "gte", value: 0.7, weight: 0.4 },
    ] as const;
    const stage = toMongoDbFilter([...filters], { mode: "boost" })!;
    const score = (payload: unknown) => evaluate(stage.$addFields.arcroute_boost, payload);
    const docs = [
      { arc_type: ["exile", "grief"], emotional_weight: [0.2, 0.9] },
      { arc_type: "grief", emotional_weight: 0.8 },
      { arc_type: ["bond"], emotional_weight: ["0.9", 0.3] },
      { arc_type: [], emotional_weight: [] },
      {},
      { arc_type: ["grief"], emotional_weight: [0.1] },
    ];
    for (const payload of docs) expect(score(payload), JSON.stringify(payload)).toBeCloseTo(referenceBoost(payload, [...filters]), 9);
    expect(docs.map((payload) => Number((score(payload) as number).toFixed(3)))).toEqual([1, 1, 0, 0, 0, 0.667]);
  });

  it("rejects operator-like paths and score fields", () => {
    expect(() => toMongoDbFilter([{ field: "arc_type", operator: "eq", value: "x" }], { fields: { arc_type: "$where" } })).toThrow(/mongodb adapter/);
    expect(() => toMongoDbFilter([{ field: "arc_type", operator: "eq", value: "x" }], { mode: "boost", scoreField: "$out" })).toThrow(/scoreField/);
  });
});
