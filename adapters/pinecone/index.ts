/**
 * Pinecone: field filters → a metadata filter for `index.query({ filter })`
 * (`$eq`, `$in`, `$gte`, `$lte`, `$and`, `$or`).
 *
 * Pinecone metadata is flat (string, number, boolean, list of strings), so nested paths are
 * rejected; it has no way to score by metadata, so boost mode is rejected too (use `rerank`).
 */
import { buildFilter, prepare, flatPathsOnly, type BaseOptions, type FilterDialect, type FilterInput, type StoreCapabilities } from "../shared/index.js";

const STORE = "pinecone";

export type PineconeFilter = Record<string, unknown>;
export type PineconeOptions = BaseOptions;

const dialect: FilterDialect<PineconeFilter> = {
  eq: ({ path }, value) => ({ [path.path]: { $eq: value } }),
  in: ({ path }, values) => ({ [path.path]: { $in: values } }),
  range: ({ path }, op, value) => ({ [path.path]: op === "gte" ? { $gte: value } : { $lte: value } }),
  or: (parts) => ({ $or: parts }),
  and: (parts) => ({ $and: parts }),
};

/** What the store can do, and its path rules (checked for the whole field map on every call). */
const CAPABILITIES: StoreCapabilities = { boost: "Pinecone metadata filters are hard filters and cannot change scores", checkPath: flatPathsOnly(STORE, "Pinecone metadata is flat") };

export function toPineconeFilter(input: FilterInput, options?: PineconeOptions): PineconeFilter | undefined {
  const { plan } = prepare(STORE, CAPABILITIES, input, options);
  return plan && buildFilter(plan, dialect);
}
