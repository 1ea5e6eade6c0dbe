/**
 * Chroma: field filters → a `where` for `collection.query({ where })`
 * (`$eq`, `$in`, `$gte`, `$lte`, and `$and`/`$or` — which Chroma requires to have at least two
 * children, so single clauses are never wrapped).
 *
 * Chroma metadata is flat, so nested paths are rejected; `where` cannot score, so boost mode is
 * rejected (use `rerank`).
 */
import type { Where } from "chromadb";
import { buildFilter, prepare, flatPathsOnly, type BaseOptions, type FilterDialect, type FilterInput, type StoreCapabilities } from "../shared/index.js";

const STORE = "chroma";

export type ChromaOptions = BaseOptions;

const dialect: FilterDialect<Where> = {
  eq: ({ path }, value) => ({ [path.path]: { $eq: value } }),
  // Chroma wants one JSON type per `$in` list, and reads 1 as an integer, 0.9 as a float: a list
  // mixing them (or strings and numbers) is refused by the server, so it becomes an `$or` of `$eq`s.
  in: ({ path }, values) =>
    values.every((v) => typeof v === "string") || values.every((v) => Number.isInteger(v)) || values.every((v) => typeof v === "number" && !Number.isInteger(v))
      ? ({ [path.path]: { $in: values as string[] | number[] } } as Where)
      : undefined,
  range: ({ path }, op, value) => ({ [path.path]: op === "gte" ? { $gte: value } : { $lte: value } }),
  or: (parts) => ({ $or: parts }),
  and: (parts) => ({ $and: parts }),
};

/** What the store can do, and its path rules (checked for the whole field map on every call). */
const CAPABILITIES: StoreCapabilities = { boost: "Chroma's where clause filters and cannot change scores", checkPath: flatPathsOnly(STORE, "Chroma metadata is flat") };

export function toChromaWhere(input: FilterInput, options?: ChromaOptions): Where | undefined {
  const { plan } = prepare(STORE, CAPABILITIES, input, options);
  return plan && buildFilter(plan, dialect);
}
