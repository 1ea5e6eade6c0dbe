/**
 * A tiny interpreter of the MQL-style metadata filter subset shared by MongoDB
 * (`$vectorSearch.filter`), Pinecone and Chroma: `{ path: { $eq | $in | $gte | $lte } }`,
 * `$and`, `$or`. Anything else throws, so an adapter cannot emit an operator this test does not
 * understand. Comparison follows MongoDB's type bracketing: ranges only compare numbers with
 * numbers, equality is strict.
 */
import { at } from "./agreement.js";

type Doc = Record<string, unknown>;

/** `typedIn`: the store takes one JSON type per `$in` list (Chroma: strings, integers or floats). */
export function mqlMatches(filter: Doc, payload: unknown, options: { minLogicalChildren?: number; typedIn?: boolean } = {}): boolean {
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
    case "$in": {
      const list = value as unknown[];
      if (options.typedIn) {
        const kinds = new Set(list.map((v) => (typeof v === "number" ? (Number.isInteger(v) ? "integer" : "float") : typeof v)));
        if (kinds.size > 1) throw new Error(`$in mixes value types: ${JSON.stringify(list)}`);
      }
      return list.includes(actual);
    }
    case "$gte":
      return typeof actual === "number" && typeof value === "number" && actual >= value;
    case "$lte":
      return typeof actual === "number" && typeof value === "number" && actual <= value;
    default:
      throw new Error(`unsupported operator ${op}`);
  }
}
