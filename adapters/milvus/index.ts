/**
 * Milvus: field filters → a boolean expression for `search({ filter })` / `query({ filter })`.
 *
 *   (arc_type in ["grief", "bond"]) and (emotional_weight >= 0.7)
 *   constellation["arc_type"] == "grief"          (nested: first segment is a JSON field)
 *
 * - Strings are double-quoted; `\` and `"` are backslash-escaped and every character outside
 *   printable ASCII is written as `\uXXXX` / `\UXXXXXXXX` (escapes Milvus's grammar and Go's
 *   unquoting both accept), so no newline, quote or control character reaches the expression raw.
 * - Identifiers come from the path grammar and must not be Milvus keywords (`and`, `in`, `like`,
 *   `json_contains`, …), which would change the expression's meaning.
 * - Milvus vector search cannot add scores for filter matches through the Node SDK: boost mode
 *   is rejected (use `rerank`).
 */
import { AdapterError, buildFilter, prepare, type BaseOptions, type FieldPath, type FilterDialect, type FilterInput, type StoreCapabilities } from "../shared/index.js";
import { sameType, sqlNumber } from "../shared/sql.js";

const STORE = "milvus";

export type MilvusOptions = BaseOptions;

/**
 * Words of Milvus's expression grammar (internal/parser/planparserv2/Plan.g4, Milvus 2.6) that
 * cannot name a field; compared case-insensitively, which is stricter than the grammar.
 * A JSON path is one lexer token there (`constellation["arc_type"]`, no spaces), as written here.
 */
const KEYWORDS = new Set([
  "and", "or", "not", "in", "like", "exists", "true", "false", "is", "null",
  "json_contains", "json_contains_all", "json_contains_any",
  "array_contains", "array_contains_all", "array_contains_any", "array_length",
  "text_match", "phrase_match", "random_sample", "st_equals", "st_touches", "st_overlaps",
  "st_crosses", "st_contains", "st_intersects", "st_within", "st_dwithin", "st_isvalid", "interval", "iso",
  "match_all", "match_any", "match_least", "match_most", "match_exact", "minimum_should_match", "threshold",
  "element_filter",
]);

export function quoteMilvusString(value: string): string {
  let out = '"';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (char === "\\" || char === '"') out += `\\${char}`;
    else if (code >= 0x20 && code < 0x7f) out += char;
    else if (code <= 0xffff) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += `\\U${code.toString(16).padStart(8, "0")}`;
  }
  return `${out}"`;
}

function identifier(path: FieldPath): string {
  for (const segment of path.segments) {
    if (KEYWORDS.has(segment.toLowerCase())) {
      throw new AdapterError(STORE, `field path "${path.path}" uses the Milvus keyword '${segment}'`);
    }
  }
  const [field, ...keys] = path.segments;
  return field + keys.map((key) => `[${quoteMilvusString(key)}]`).join("");
}

function literal(value: string | number): string {
  return typeof value === "number" ? sqlNumber(value) : quoteMilvusString(value);
}

const dialect: FilterDialect<string> = {
  eq: ({ path }, value) => `${identifier(path)} == ${literal(value)}`,
  in: ({ path }, values) => (sameType(values) ? `${identifier(path)} in [${values.map(literal).join(", ")}]` : undefined),
  range: ({ path }, op, value) => `${identifier(path)} ${op === "gte" ? ">=" : "<="} ${sqlNumber(value)}`,
  or: (parts) => `(${parts.join(" or ")})`,
  and: (parts) => parts.map((part) => (part.startsWith("(") ? part : `(${part})`)).join(" and "),
};

/** What the store can do, and its path rules (checked for the whole field map on every call). */
const CAPABILITIES: StoreCapabilities = { boost: "Milvus filter expressions cannot add scores for matches", checkPath: (path) => void identifier(path) };

export function toMilvusFilter(input: FilterInput, options?: MilvusOptions): string | undefined {
  const { plan } = prepare(STORE, CAPABILITIES, input, options);
  return plan && buildFilter(plan, dialect);
}
