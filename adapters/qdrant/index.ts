/**
 * Qdrant: field filters → a `Filter` for `search`/`query`/`scroll` (`filter: ...`), typed with
 * `@qdrant/js-client-rest`'s published schema types and validated against Qdrant's OpenAPI
 * document in the tests.
 *
 * - Nested paths use Qdrant's own dot notation (`constellation.arc_type`); the path grammar
 *   keeps keys free of the characters Qdrant would need quoted.
 * - Equality on a string is `match.value` (several: `match.any`). Equality on a number is
 *   `range { gte: v, lte: v }`, integers included: `match` on an integer only meets payloads Qdrant
 *   stored as integers, and another client may have written the same number as 1.0 (a float).
 * - Boost mode returns a `FormulaQuery` (Qdrant ≥ 1.14): `$score` plus, per field, the weight of
 *   its best matching alternative. A formula has no max(), so alternatives are made disjoint
 *   (heaviest first, each later one `must_not` the earlier ones): the sum is exactly the max.
 *   Use it as `query` with the vector search in `prefetch`.
 */
import type { Schemas } from "@qdrant/js-client-rest";
import { boostWeights, buildCondition, buildFilter, prepare, type BaseOptions, type FilterDialect, type FilterInput } from "../shared/index.js";

const STORE = "qdrant";

export type QdrantFilter = Schemas["Filter"];
export type QdrantCondition = Schemas["Condition"];
export type QdrantFormulaQuery = Schemas["FormulaQuery"];
export type QdrantOptions = BaseOptions;

const dialect: FilterDialect<QdrantCondition> = {
  eq: ({ path }, value) => (typeof value === "string" ? { key: path.path, match: { value } } : { key: path.path, range: { gte: value, lte: value } }),
  // Numbers: undefined, so several of them become a `should` of ranges.
  in: ({ path }, values) => (values.every((v) => typeof v === "string") ? { key: path.path, match: { any: values as string[] } } : undefined),
  range: ({ path }, op, value) => ({ key: path.path, range: op === "gte" ? { gte: value } : { lte: value } }),
  or: (parts) => ({ should: parts }),
  and: (parts) => ({ must: parts }),
};

/** A condition as a Filter (the top level of `filter` must be one). */
function asFilter(condition: QdrantCondition): QdrantFilter {
  return "must" in condition || "should" in condition ? (condition as QdrantFilter) : { must: [condition] };
}

export function toQdrantFilter(input: FilterInput, options: QdrantOptions & { mode: "boost" }): QdrantFormulaQuery | undefined;
export function toQdrantFilter(input: FilterInput, options?: QdrantOptions & { mode?: "filter" | "gate" | undefined }): QdrantFilter | undefined;
export function toQdrantFilter(input: FilterInput, options?: QdrantOptions): QdrantFilter | QdrantFormulaQuery | undefined;
export function toQdrantFilter(input: FilterInput, options?: QdrantOptions): QdrantFilter | QdrantFormulaQuery | undefined {
  const { plan } = prepare(STORE, { boost: true }, input, options);
  if (!plan) return undefined;
  if (plan.mode === "filter") return asFilter(buildFilter(plan, dialect));

  const terms: Schemas["Expression"][] = [];
  for (const { group, terms: weighted } of boostWeights(plan)) {
    const earlier: QdrantCondition[] = [];
    weighted.forEach(({ weight }, index) => {
      const condition = buildCondition(group, index, dialect);
      const disjoint: QdrantFilter = earlier.length > 0 ? { must: [condition], must_not: [...earlier] } : { must: [condition] };
      terms.push({ mult: [weight, disjoint] });
      earlier.push(condition);
    });
  }
  return { formula: { sum: ["$score", ...terms] } };
}
