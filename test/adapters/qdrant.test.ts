/**
 * Qdrant: every generated Filter and FormulaQuery validates against the schemas of Qdrant's
 * OpenAPI document (test/fixtures/qdrant, Apache-2.0), type-checks against
 * @qdrant/js-client-rest's types, and a small interpreter of Qdrant's filter and formula
 * semantics agrees with the reference evaluation on the shared corpus.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Schemas } from "@qdrant/js-client-rest";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { toQdrantFilter, type QdrantFilter, type QdrantFormulaQuery } from "../../adapters/qdrant/index.js";
import { agreementSuite, at } from "./support/agreement.js";

const doc = JSON.parse(
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/qdrant/openapi-filter-excerpt.json"), "utf8"),
);
/**
 * Two adjustments before compiling (the fixture itself stays a verbatim copy):
 * - OpenAPI 3.0 `nullable: true` → JSON Schema "or null" (ajv only understands it beside `type`);
 * - objects with `properties` get `additionalProperties: false`. Qdrant's schemas leave it open,
 *   and since every `Filter` property is optional, ANY object would pass as a Condition; closing
 *   the objects makes each emitted condition match the variant it is meant to be.
 */
function toStrictJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toStrictJsonSchema);
  if (node === null || typeof node !== "object") return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const converted: Record<string, unknown> = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, toStrictJsonSchema(v)]));
  if (converted.properties && !("additionalProperties" in converted)) converted.additionalProperties = false;
  if (nullable !== true) return converted;
  // `anyOf: [X, { nullable: true }]` is Qdrant's spelling of "X or null": the bare entry means null only.
  return Object.keys(converted).length === 0 ? { type: "null" } : { anyOf: [converted, { type: "null" }] };
}
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv, ["date-time", "uuid"]);
// Numeric widths are not JSON Schema formats; the types (number/integer) still apply.
for (const format of ["float", "double", "uint", "uint32", "uint64", "int64"]) ajv.addFormat(format, true);
ajv.addSchema({ $id: "qdrant", ...(toStrictJsonSchema(doc) as object) });
const validFilter = ajv.compile({ $ref: "qdrant#/components/schemas/Filter" });
const validFormula = ajv.compile({ $ref: "qdrant#/components/schemas/FormulaQuery" });

function assertValid(validate: typeof validFilter, output: unknown): void {
  if (!validate(output)) throw new Error(`schema violation: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(output)}`);
}

type Cond = Record<string, any>;
/** Qdrant semantics for the subset we emit: field conditions (match value/any, range) and nested filters. */
function holds(condition: Cond, payload: unknown): boolean {
  if ("key" in condition) {
    const actual = at(payload, condition.key);
    if (condition.match) {
      if ("value" in condition.match) return actual === condition.match.value;
      if ("any" in condition.match) return (condition.match.any as unknown[]).includes(actual);
    }
    if (condition.range) {
      if (typeof actual !== "number") return false;
      const { gte, lte } = condition.range;
      return (gte === undefined || actual >= gte) && (lte === undefined || actual <= lte);
    }
    throw new Error(`unexpected field condition ${JSON.stringify(condition)}`);
  }
  const known = new Set(["must", "should", "must_not"]);
  for (const key of Object.keys(condition)) if (!known.has(key)) throw new Error(`unexpected key ${key}`);
  const must = (condition.must ?? []) as Cond[];
  const should = (condition.should ?? []) as Cond[];
  const mustNot = (condition.must_not ?? []) as Cond[];
  return (
    must.every((c) => holds(c, payload)) &&
    (should.length === 0 || should.some((c) => holds(c, payload))) &&
    !mustNot.some((c) => holds(c, payload))
  );
}

/** Formula evaluation for the subset we emit: numbers, $score, conditions (1/0), sum, mult. */
function evaluate(expression: unknown, payload: unknown, score: number): number {
  if (typeof expression === "number") return expression;
  if (expression === "$score") return score;
  const e = expression as Cond;
  if ("sum" in e) return (e.sum as unknown[]).reduce<number>((s, x) => s + evaluate(x, payload, score), 0);
  if ("mult" in e) return (e.mult as unknown[]).reduce<number>((p, x) => p * evaluate(x, payload, score), 1);
  return holds(e, payload) ? 1 : 0;
}

agreementSuite<QdrantFilter, QdrantFormulaQuery>({
  store: "qdrant",
  filter: (filters, layout) => toQdrantFilter(filters, { fields: layout }),
  validate: (output) => assertValid(validFilter, output),
  matches: (output, payload) => holds(output, payload),
  boost: {
    build: (filters, layout, boostWeight) => toQdrantFilter(filters, { fields: layout, mode: "boost", boostWeight }),
    validate: (output) => assertValid(validFormula, output),
    score: (output, payload) => evaluate(output.formula, payload, 0),
  },
});

describe("qdrant output shape", () => {
  it("the schema validator is live: it rejects filters Qdrant would reject", () => {
    expect(validFilter({ must: [{ key: "a", match: { value: { $gt: 1 } } }] })).toBe(false);
    expect(validFilter({ must: [{ key: "a", range: { gte: "x" } }] })).toBe(false);
    expect(validFormula({ formula: { max: [1, 2] } })).toBe(false);
  });

  it("is typed by the client's schema types and reads like hand-written Qdrant", () => {
    const filter = toQdrantFilter(
      [
        { field: "arc_type", operator: "eq", value: "grief" },
        { field: "arc_type", operator: "eq", value: "bond" },
        { field: "emotional_weight", operator: "gte", value: 0.7 },
      ],
      { fields: "nested" },
    ) satisfies Schemas["Filter"] | undefined;
    expect(filter).toEqual({
      must: [
        { key: "constellation.arc_type", match: { any: ["grief", "bond"] } },
        { key: "gravity.emotional_weight", range: { gte: 0.7 } },
      ],
    });
    const single: Schemas["Filter"] | undefined = toQdrantFilter([{ field: "valence", operator: "eq", value: "negative" }]);
    expect(single).toEqual({ must: [{ key: "valence", match: { value: "negative" } }] });
  });

  it("the filter and the boost formula fit a client QueryRequest (prefetch the vector search, re-score with the formula)", () => {
    const filters = [{ field: "arc_type" as const, operator: "eq" as const, value: "grief", weight: 1 }];
    const boost = toQdrantFilter(filters, { mode: "boost", boostWeight: 0.3 })!;
    const request: Schemas["QueryRequest"] = { prefetch: { query: [0.1, 0.2], limit: 50 }, query: boost, limit: 10 };
    const filtered: Schemas["QueryRequest"] = { query: [0.1, 0.2], filter: toQdrantFilter(filters), limit: 10 };
    expect(request.query).toBe(boost);
    expect(filtered.filter).toEqual({ must: [{ key: "arc_type", match: { value: "grief" } }] });
  });

  it("numeric equality, integers included, is a closed range: it meets 1 stored as an integer or as 1.0", () => {
    expect(toQdrantFilter([{ field: "score", operator: "eq", value: 0.5 }])).toEqual({ must: [{ key: "score", range: { gte: 0.5, lte: 0.5 } }] });
    const one = toQdrantFilter([{ field: "score", operator: "eq", value: 1 }]);
    expect(one).toEqual({ must: [{ key: "score", range: { gte: 1, lte: 1 } }] });
    const several = toQdrantFilter([{ field: "score", operator: "eq", value: 1 }, { field: "score", operator: "eq", value: 2 }]);
    expect(several).toEqual({ should: [{ key: "score", range: { gte: 1, lte: 1 } }, { key: "score", range: { gte: 2, lte: 2 } }] });
    assertValid(validFilter, one);
    assertValid(validFilter, several);
  });

  it("boost mode is a FormulaQuery adding $score and disjoint weighted conditions", () => {
    const query: Schemas["FormulaQuery"] | undefined = toQdrantFilter(
      [
        { field: "arc_type", operator: "eq", value: "grief", weight: 1 },
        { field: "arc_type", operator: "eq", value: "bond", weight: 0.5 },
      ],
      { mode: "boost" },
    );
    expect(query).toEqual({
      formula: {
        sum: [
          "$score",
          { mult: [1, { must: [{ key: "arc_type", match: { value: "grief" } }] }] },
          { mult: [0.5, { must: [{ key: "arc_type", match: { value: "bond" } }], must_not: [{ key: "arc_type", match: { value: "grief" } }] }] },
        ],
      },
    });
  });

  it("hostile values stay JSON string values; hostile keys are rejected", () => {
    const value = `"}], "must_not": [{"key": "x"}] $gt '; --`;
    const filter = toQdrantFilter([{ field: "arc_type", operator: "eq", value }]);
    assertValid(validFilter, filter);
    expect(filter).toEqual({ must: [{ key: "arc_type", match: { value } }] });
    expect(() => toQdrantFilter([{ field: "arc_type", operator: "eq", value: "x" }], { fields: { arc_type: 'a"b' } })).toThrow(/qdrant adapter/);
    expect(() => toQdrantFilter([{ field: "arc_type", operator: "eq", value: "x" }], { fields: { arc_type: "a[]" } })).toThrow(/qdrant adapter/);
  });
});
