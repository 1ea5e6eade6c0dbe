/**
 * A tiny interpreter of the MQL-style metadata filter subset shared by MongoDB
 * (`$vectorSearch.filter`), Pinecone and Chroma: `{ path: { $eq | $in | $gte | $lte } }`,
 * `$and`, `$or`. Anything else throws, so an adapter cannot emit an operator this test does not
 * understand. Comparison follows MongoDB's type bracketing: ranges only compare numbers with
 * numbers, equality is strict.
 */
import { at } from "./agreement.js";

type Doc = Record<string, unknown>;

export function mqlMatches(filter: Doc, payload: unknown, options: { minLogicalChildren?: number } = {}): boolean {
  const keys = Object.keys(filter);
  if (keys.length !== 1) throw new Error(`expected exactly one key in ${JSON.stringify(filter)}`);
  const key = keys[0]!;
  const body = filter[key];
  if (key === "$and" || key === "$or") {
    const parts = body as Doc[];
    if (!Array.isArray(parts) || parts.length < (options.minLogicalChildren ?? 1)) throw new Error(`${key} needs at least ${options.minLogicalChildren ?? 1} children`);
    return key === "$and" ? parts.every((p) => mqlMatches(p, payload, options)) : parts.some((p) => mqlMatches(p, payload, options));
  }
  if (key.startsWith("$")) throw new Error(`unsupported operator ${key}`);
  const actual = at(payload, key);
  const ops = body as Doc;
  const opKeys = Object.keys(ops);
  if (opKeys.length !== 1) throw new Error(`expected one operator for ${key}`);
  const op = opKeys[0]!;
  const value = ops[op];
  switch (op) {
    case "$eq":
      return actual === value;
    case "$in":
      return (value as unknown[]).includes(actual);
    case "$gte":
      return typeof actual === "number" && typeof value === "number" && actual >= value;
    case "$lte":
      return typeof actual === "number" && typeof value === "number" && actual <= value;
    default:
      throw new Error(`unsupported operator ${op}`);
  }
}
