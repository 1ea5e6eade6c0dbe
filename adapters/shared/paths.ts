/**
 * Field paths: where an EDM field lives in the caller's payload. Paths are spliced into filter
 * languages as identifiers (SQL, Milvus expressions, Qdrant keys, Mongo paths), where quoting
 * rules differ per store and are easy to get wrong, so instead of quoting arbitrary text we
 * accept only a strict grammar that is safe everywhere: segments `[A-Za-z_][A-Za-z0-9_]*`
 * joined by dots. No `$`, quotes, spaces, brackets, dashes or unicode can ever reach a store.
 */
import { domainOf, FILTER_FIELDS } from "../../src/schema/vocabulary.js";
import { AdapterError } from "./errors.js";

const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * Names JavaScript objects give special meaning: a field map keyed "__proto__" loses that entry when
 * parsed, and reading payload["__proto__"] or ["constructor"] in `rerank` finds Object's prototype,
 * not the caller's data.
 */
const RESERVED_SEGMENTS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);
/** Generous bounds; real payload paths are two or three short segments. */
const MAX_SEGMENTS = 8;
const MAX_PATH_LENGTH = 256;

/** A validated path, kept both joined and as segments so dialects need not re-split it. */
export interface FieldPath {
  readonly path: string;
  readonly segments: readonly string[];
}

/** Why `path` is not a valid field path, or `undefined` when it is. */
export function pathProblem(path: unknown): string | undefined {
  if (typeof path !== "string") return "must be a string";
  if (path.length === 0) return "must not be empty";
  if (path.length > MAX_PATH_LENGTH) return `is longer than ${MAX_PATH_LENGTH} characters`;
  const segments = path.split(".");
  if (segments.length > MAX_SEGMENTS) return `has more than ${MAX_SEGMENTS} segments`;
  if (!segments.every((segment) => SEGMENT.test(segment))) {
    return "must be identifiers [A-Za-z_][A-Za-z0-9_]* joined by dots";
  }
  const reserved = segments.find((segment) => RESERVED_SEGMENTS.has(segment));
  if (reserved !== undefined) return `must not use the reserved name '${reserved}'`;
  return undefined;
}

/** Parses `path` or throws an AdapterError naming the store and the offending text. */
export function parsePath(store: string, path: unknown, what: string): FieldPath {
  const problem = pathProblem(path);
  if (problem) throw new AdapterError(store, `${what} ${JSON.stringify(path)} ${problem}`);
  const text = path as string;
  return { path: text, segments: text.split(".") };
}

/** EDM field → payload path. Missing entries mean "the field name itself" (flat). */
export type FieldMap = Readonly<Record<string, string>>;

/** Flat payloads: every EDM field at the top level under its own name. */
export const FLAT_FIELDS: FieldMap = Object.freeze({});

/** Nested payloads shaped like an EDM document: `constellation.arc_type`, `gravity.tether_type`, … */
export const NESTED_FIELDS: FieldMap = Object.freeze(
  Object.fromEntries(FILTER_FIELDS.map((field) => [field, `${domainOf(field)}.${field}`])),
);

/** The named field maps accepted by the `fields` option. */
export const FIELD_MAPS = { flat: FLAT_FIELDS, nested: NESTED_FIELDS } as const;
export type FieldMapName = keyof typeof FIELD_MAPS;
