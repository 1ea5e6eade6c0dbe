/**
 * Weaviate (weaviate-client v3): field filters → a `FilterValue`, exactly what the client's own
 * builders produce (`Filters.and(...)`, `collection.filter.byProperty("arc_type").equal("grief")`),
 * for `collection.query.nearVector(v, { filters })`.
 *
 * - Alternatives are `Or` of `Equal`/`GreaterThanEqual`/`LessThanEqual`; `ContainsAny` is not
 *   used because on `text` properties it matches tokens, not whole values. Use
 *   `tokenization: "field"` for the EDM text properties so `Equal` compares whole values.
 * - Weaviate cannot filter on sub-properties of object properties: nested paths are rejected.
 * - Weaviate has no score boosting by property filter in vector search: boost mode is rejected.
 */
import type { FilterValue } from "weaviate-client";
import { buildFilter, prepare, flatPathsOnly, type BaseOptions, type FilterDialect, type FilterInput, type StoreCapabilities } from "../shared/index.js";

const STORE = "weaviate";

export type WeaviateOptions = BaseOptions;

const dialect: FilterDialect<FilterValue> = {
  eq: ({ path }, value) => ({ operator: "Equal", target: { property: path.path }, value }),
  range: ({ path }, op, value) => ({ operator: op === "gte" ? "GreaterThanEqual" : "LessThanEqual", target: { property: path.path }, value }),
  or: (parts) => ({ operator: "Or", filters: parts, value: null }),
  and: (parts) => ({ operator: "And", filters: parts, value: null }),
};

/** What the store can do, and its path rules (checked for the whole field map on every call). */
const CAPABILITIES: StoreCapabilities = { boost: "Weaviate vector search cannot add scores for property matches", checkPath: flatPathsOnly(STORE, "Weaviate cannot filter on sub-properties of object properties") };

export function toWeaviateFilter(input: FilterInput, options?: WeaviateOptions): FilterValue | undefined {
  const { plan } = prepare(STORE, CAPABILITIES, input, options);
  return plan && buildFilter(plan, dialect);
}
