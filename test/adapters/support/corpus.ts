/**
 * The shared fixture corpus (test/fixtures/adapters/corpus): 40 payloads, flat and nested (EDM
 * domains), with missing fields, boundary weights (0, 0.7, 1, 1e-7) and hostile strings stored as
 * values, plus filter generators (hand-picked cases and fast-check arbitraries) used by every
 * adapter's tests.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import type { ReferenceFilter } from "../../support/reference-filter.js";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../fixtures/adapters/corpus");

export interface Doc {
  id: string;
  payload: Record<string, unknown>;
}

export type Layout = "flat" | "nested";

export function loadCorpus(layout: Layout): Doc[] {
  return JSON.parse(fs.readFileSync(path.join(DIR, `${layout}.json`), "utf8")) as Doc[];
}

export const CATEGORICAL = ["arc_type", "tether_type", "valence", "emotion_primary", "temporal_context"] as const;
export const NUMERIC = ["emotional_weight", "strength_score"] as const;

/** Every string value that occurs in the corpus, per field (hostile ones included) plus absent ones. */
function valuesOf(field: string): string[] {
  const seen = new Set<string>();
  for (const doc of loadCorpus("flat")) {
    const value = doc.payload[field];
    if (typeof value === "string") seen.add(value);
  }
  return [...seen, "never-present", "O'Brien", "$where", "x\\"].sort();
}

export const HOSTILE_VALUES = [
  "it's mum's",
  "back\\slash\\",
  "'; DROP TABLE memories; --",
  "$gt",
  "grief -- comment",
  "/* grief */",
  "line\nbreak",
  'tab\tand "double"',
  "ünïcødé 悲しみ 😢",
  "grief' OR '1'='1",
  "`tick`",
  "\\'",
  "%_like_%",
];

const categoricalFilter = fc
  .constantFrom(...CATEGORICAL)
  .chain((field) => fc.record({ field: fc.constant(field), operator: fc.constant("eq" as const), value: fc.constantFrom(...valuesOf(field)), weight: fc.constantFrom(0.2, 0.5, 0.8, 1) }));

const numericFilter = fc.record({
  field: fc.constantFrom(...NUMERIC),
  operator: fc.constantFrom("gte" as const, "lte" as const),
  value: fc.constantFrom(0, 1e-7, 0.3, 0.5, 0.7, 0.71, 0.9, 1),
  weight: fc.constantFrom(0.3, 0.6, 1),
});

/** Random filter sets: 1–5 filters, often several on one field. */
export const filterSets: fc.Arbitrary<ReferenceFilter[]> = fc.array(fc.oneof(categoricalFilter, numericFilter), { minLength: 1, maxLength: 5 });

/** Hand-picked cases every adapter runs. */
/** `mixedTypes`: compares a string field with a number; typed-column engines (LanceDB) reject it. */
export const CASES: { name: string; filters: ReferenceFilter[]; mixedTypes?: boolean }[] = [
  { name: "one arc type", filters: [{ field: "arc_type", operator: "eq", value: "reckoning", weight: 1 }] },
  {
    name: "two arc types are alternatives",
    filters: [
      { field: "arc_type", operator: "eq", value: "reckoning", weight: 1 },
      { field: "arc_type", operator: "eq", value: "bond", weight: 0.6 },
    ],
  },
  {
    name: "fields combine",
    filters: [
      { field: "arc_type", operator: "eq", value: "reckoning", weight: 1 },
      { field: "arc_type", operator: "eq", value: "bond", weight: 0.5 },
      { field: "arc_type", operator: "eq", value: "gratitude", weight: 0.5 },
      { field: "valence", operator: "eq", value: "mixed", weight: 0.7 },
      { field: "emotional_weight", operator: "gte", value: 0.5, weight: 0.6 },
    ],
  },
  { name: "boundary gte 0.7", filters: [{ field: "emotional_weight", operator: "gte", value: 0.7, weight: 1 }] },
  { name: "lte tiny", filters: [{ field: "emotional_weight", operator: "lte", value: 1e-7, weight: 1 }] },
  {
    name: "range alternatives",
    filters: [
      { field: "strength_score", operator: "lte", value: 0.2, weight: 0.4 },
      { field: "strength_score", operator: "gte", value: 0.9, weight: 1 },
    ],
  },
  {
    name: "eq and range on one field",
    filters: [
      { field: "tether_type", operator: "eq", value: "person", weight: 1 },
      { field: "emotional_weight", operator: "gte", value: 0.8, weight: 0.5 },
      { field: "emotional_weight", operator: "lte", value: 0.05, weight: 0.5 },
    ],
  },
  {
    name: "mixed value types on one field (a number never equals a string)",
    mixedTypes: true,
    filters: [
      { field: "arc_type", operator: "eq", value: "bond", weight: 1 },
      { field: "arc_type", operator: "eq", value: 5, weight: 1 },
    ],
  },
  {
    name: "equality on a number field",
    filters: [
      { field: "emotional_weight", operator: "eq", value: 0.9, weight: 1 },
      { field: "emotional_weight", operator: "eq", value: 1, weight: 0.5 },
    ],
  },
  { name: "value present nowhere", filters: [{ field: "arc_type", operator: "eq", value: "never-present", weight: 1 }] },
  ...hostileCases(),
];

/** For each hostile string stored in the corpus: a filter naming it on its own field (it must match exactly its row), and one mixing it with a plain value. */
function hostileCases(): { name: string; filters: ReferenceFilter[] }[] {
  const cases: { name: string; filters: ReferenceFilter[] }[] = [];
  for (const value of HOSTILE_VALUES) {
    const doc = loadCorpus("flat").find((d) => CATEGORICAL.some((field) => d.payload[field] === value));
    const field = CATEGORICAL.find((f) => doc?.payload[f] === value)!;
    cases.push({ name: `hostile value ${JSON.stringify(value)} on ${field}`, filters: [{ field, operator: "eq", value, weight: 1 }] });
    cases.push({
      name: `hostile value ${JSON.stringify(value)} with alternatives`,
      filters: [
        { field, operator: "eq", value: field === "tether_type" ? "ritual" : field === "arc_type" ? "bond" : "sadness", weight: 0.5 },
        { field, operator: "eq", value, weight: 1 },
        { field: "emotional_weight", operator: "gte", value: 0, weight: 0.3 },
      ],
    });
  }
  return cases;
}

/**
 * Random strings for round-trip tests: stored in a real engine and then looked up through an
 * adapter's filter, each must find exactly its own row. Full unicode, SQL/JSON metacharacters
 * and comment markers are over-represented on purpose. (No NUL or lone surrogates: the adapters
 * reject those up front.)
 */
export function fuzzValues(count: number, seed: number): string[] {
  const meta = fc.constantFrom("'", '"', "\\", "`", "$", ";", "--", "/*", "*/", "%", "_", "\n", "\r", "\t", "{", "}", "[", "]", "(", ")", "?", ":", "::", "@>", "é", "😢", "\u2028", "\u00a0");
  const piece = fc.oneof(fc.string({ unit: "grapheme", maxLength: 6 }), meta);
  const value = fc
    .array(piece, { minLength: 1, maxLength: 8 })
    .map((parts) => parts.join(""))
    .filter((v) => !v.includes("\u0000") && v.length <= 200);
  const values = fc.sample(fc.uniqueArray(value, { minLength: count, maxLength: count }), { seed, numRuns: 1 })[0]!;
  return values;
}
