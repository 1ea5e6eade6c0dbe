/**
 * Chroma: field filters → a `where` for `collection.query({ where })`
 * (`$eq`, `$in`, `$gte`, `$lte`, and `$and`/`$or` — which Chroma requires to have at least two
 * children, so single clauses are never wrapped).
 *
 * Chroma metadata is flat, so nested paths are rejected; `where` cannot score, so boost mode is
 * rejected (use `rerank`).
 */
import type { Where } from "chromadb";
import { buildFilter, prepare, requireFlatPaths, type BaseOptions, type FilterDialect, type FilterInput } from "../shared/index.js";

const STORE = "chroma";

export type ChromaOptions = BaseOptions;

const dialect: FilterDialect<Where> = {
  eq: ({ path }, value) => ({ [path.path]: { $eq: value } }),
  in: ({ path }, values) =>
    values.every((v) => typeof v === "string") || values.every((v) => typeof v === "number")
      ? ({ [path.path]: { $in: values as string[] | number[] } } as Where)
      : undefined,
  range: ({ path }, op, value) => ({ [path.path]: op === "gte" ? { $gte: value } : { $lte: value } }),
  or: (parts) => ({ $or: parts }),
  and: (parts) => ({ $and: parts }),
};

export function toChromaWhere(input: FilterInput, options?: ChromaOptions): Where | undefined {
  const { plan } = prepare(STORE, { boost: "Chroma's where clause filters and cannot change scores" }, input, options);
  requireFlatPaths(STORE, plan, "Chroma metadata is flat");
  return plan && buildFilter(plan, dialect);
}
