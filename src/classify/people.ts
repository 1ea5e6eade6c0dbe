/**
 * The people a user's memories name, and the tie each stands for: `{ Clare: "sibling_bond" }`.
 * The lexicons know "my sister" but not that Clare is one, so "good times with clare" routes by
 * its emotion alone and misses the memories filed under the sibling bond. A memory app knows its
 * user's people (contacts, a family tree, or its own memories: `peopleFromMemories`); `withPeople`
 * turns a name in a significance query into the relational_dynamics filter its tie would give.
 */
import type { FieldFilter } from "../schema/activation.js";
import { STOPWORDS } from "../embed/tokenize.js";
import { shown } from "../schema/options.js";
import { hasOwnProtoKey } from "../schema/own-keys.js";
import { isCanonicalValue, RELATIONAL_DYNAMICS, type RelationalDynamic } from "../schema/vocabulary.js";
import { decorateClassifier } from "./decorate.js";
import { NAMED_RELATION_WEIGHT, primaryDomain, RELATIONS_COVERED } from "./filters.js";
import { normalize } from "./normalize.js";
import type { Classification, Classifier } from "./types.js";

/** Name → the tie (or ties) it stands for. Names match whole words, any case, with or without 's. */
export type People = Readonly<Record<string, RelationalDynamic | readonly RelationalDynamic[]>>;

/** Longest name, in characters and in words: a name, not a sentence to scan for. */
const MAX_NAME_LENGTH = 64, MAX_NAME_WORDS = 4;

/** A name as words of the classifier's normalised text, with the ties it stands for. */
export interface KnownPerson {
  words: readonly string[];
  ties: readonly RelationalDynamic[];
}

/** Validates a people map: a clear error for a tie outside the vocabulary or a name that cannot match. */
export function compilePeople(people: People, where = "withPeople"): readonly KnownPerson[] {
  // A Map (or any class instance) has no own entries to read: it would pass as an empty map.
  const plain = people !== null && typeof people === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(people));
  if (!plain) throw new TypeError(`${where}: people must be a plain object of name → relational_dynamics value, got ${Array.isArray(people) ? "an array" : people instanceof Map ? "a Map (pass Object.fromEntries(map))" : shown(people)}`);
  if (hasOwnProtoKey(people)) throw new TypeError(`${where}: people has a "__proto__" key`);
  const byWords = new Map<string, Set<RelationalDynamic>>();
  for (const [name, tie] of Object.entries(people)) {
    const words = normalize(name);
    if (words === "" || name.length > MAX_NAME_LENGTH || words.split(" ").length > MAX_NAME_WORDS) {
      throw new TypeError(`${where}: ${shown(name.slice(0, MAX_NAME_LENGTH))} is not a name (1 to ${MAX_NAME_WORDS} words, at most ${MAX_NAME_LENGTH} characters, with a letter or digit)`);
    }
    // A one-word name that is a function word would match every query using the word ("will I ever…").
    if (STOPWORDS.has(words)) throw new TypeError(`${where}: ${shown(name)} is also the word "${words}", which most queries use: write a longer name ("Uncle ${name}")`);
    const ties: unknown[] = Array.isArray(tie) ? tie : [tie];
    const wrong = ties.find((t) => !isCanonicalValue("relational_dynamics", t));
    if (ties.length === 0 || wrong !== undefined) {
      throw new TypeError(`${where}: the tie of ${shown(name)} must be a relational_dynamics value (${RELATIONAL_DYNAMICS.join(", ")}) or a non-empty array of them, got ${shown(ties.length === 0 ? "[]" : wrong)}`);
    }
    const known = byWords.get(words) ?? new Set();
    for (const t of ties as RelationalDynamic[]) known.add(t);
    byWords.set(words, known);
  }
  return [...byWords].map(([words, ties]) => ({ words: words.split(" "), ties: [...ties] }));
}

/** Whether `words` occur, in order and next to each other, in `text`. */
function mentions(text: readonly string[], words: readonly string[]): boolean {
  for (let i = 0; i + words.length <= text.length; i++) if (words.every((w, j) => text[i + j] === w)) return true;
  return false;
}

/**
 * The result with a relational_dynamics filter for the tie of every person the query names (and
 * the ties that tie covers, as the classifier does for "my family"), weighted as a relation the
 * query names outright. A filter the classifier already had keeps its place and takes the larger
 * weight. A closed gate stays closed: "clare's phone number" is a lookup, whoever Clare is.
 */
export function addNamedTies(result: Classification, query: string, people: readonly KnownPerson[]): Classification {
  if (!result.significance_gate || people.length === 0) return result;
  const text = normalize(query).split(" ");
  const ties = people.filter((p) => mentions(text, p.words)).flatMap((p) => p.ties.flatMap((t) => [t, ...(RELATIONS_COVERED[t] ?? [])]));
  if (ties.length === 0) return result;
  const filters: FieldFilter[] = result.field_filters.map((f) => (f.field === "relational_dynamics" && ties.includes(f.value as RelationalDynamic) ? { ...f, weight: Math.max(f.weight, NAMED_RELATION_WEIGHT) } : f));
  for (const tie of new Set(ties)) {
    if (!filters.some((f) => f.field === "relational_dynamics" && f.value === tie)) filters.push({ field: "relational_dynamics", operator: "eq", value: tie, weight: NAMED_RELATION_WEIGHT });
  }
  return { ...result, field_filters: filters, primary_domain: primaryDomain(filters) ?? result.primary_domain };
}

/**
 * `base` that also routes by the people a query names (model `<base>+people`). The map is
 * validated once, here.
 */
export function withPeople(base: Classifier, people: People): Classifier {
  const known = compilePeople(people);
  return decorateClassifier(base, "people", (result, query) => addNamedTies(result, query, known));
}
