/**
 * MongoDB Atlas Vector Search: field filters → the MQL document for `$vectorSearch.filter`,
 * using only the operators Atlas allows there ($eq, $in, $gte, $lte, $and, $or).
 *
 * - Paths use dot notation (`constellation.arc_type`); the path grammar rules out `$`-prefixed
 *   and otherwise special names. Index every mapped path as a `filter` field.
 * - Values sit under explicit operators (`{ arc_type: { $eq: "$gt" } }`), so a value can never
 *   be read as an operator or a sub-document.
 * - Boost mode returns an `$addFields` stage for after `$vectorSearch`: `scoreField` (default
 *   `arcroute_boost`) gets, per field, the weight of the best matching alternative. Inside
 *   aggregation expressions a string starting with `$` is a field path, so every value is
 *   wrapped in `$literal`; range tests require `$isNumber` first, because aggregation compares
 *   across BSON types (a string is "greater" than any number); an array matches when one of its
 *   elements does, as in the query language. Then sort by
 *   `{ $add: [{ $meta: "vectorSearchScore" }, "$arcroute_boost"] }`.
 */
import { z } from "zod";
import { BaseOptionsSchema, boostWeights, buildCondition, buildFilter, parsePath, prepare, type BaseOptions, type FilterDialect, type FilterInput } from "../shared/index.js";

const STORE = "mongodb";

export type MongoFilter = Record<string, unknown>;
export interface MongoBoostStage {
  $addFields: Record<string, unknown>;
}

export interface MongoDbOptions extends BaseOptions {
  /** Boost mode: the field the boost is written to (default `arcroute_boost`). */
  scoreField?: string | undefined;
}

const OptionsSchema = BaseOptionsSchema.extend({ scoreField: z.string().default("arcroute_boost") }).strict();

const query: FilterDialect<MongoFilter> = {
  eq: ({ path }, value) => ({ [path.path]: { $eq: value } }),
  in: ({ path }, values) => ({ [path.path]: { $in: values } }),
  range: ({ path }, op, value) => ({ [path.path]: op === "gte" ? { $gte: value } : { $lte: value } }),
  or: (parts) => ({ $or: parts }),
  and: (parts) => ({ $and: parts }),
};

/**
 * The field's value as an array: an array as it is, a scalar (or a missing field, as null) as one
 * element. The query language matches an array when one element does; aggregation compares whole
 * values, so the boost stage tests the elements to give arrays the same meaning.
 */
const elements = (path: string) => ({ $cond: [{ $isArray: `$${path}` }, `$${path}`, [`$${path}`]] });

/** The same conditions as aggregation expressions (for the boost stage). */
const expression: FilterDialect<MongoFilter> = {
  eq: ({ path }, value) => ({ $in: [{ $literal: value }, elements(path.path)] }),
  range: ({ path }, op, value) => ({
    $anyElementTrue: [{ $map: { input: elements(path.path), as: "v", in: { $and: [{ $isNumber: "$$v" }, { [op === "gte" ? "$gte" : "$lte"]: ["$$v", { $literal: value }] }] } } }],
  }),
  or: (parts) => ({ $or: parts }),
  and: (parts) => ({ $and: parts }),
};

export function toMongoDbFilter(input: FilterInput, options: MongoDbOptions & { mode: "boost" }): MongoBoostStage | undefined;
export function toMongoDbFilter(input: FilterInput, options?: MongoDbOptions & { mode?: "filter" | "gate" | undefined }): MongoFilter | undefined;
export function toMongoDbFilter(input: FilterInput, options?: MongoDbOptions): MongoFilter | MongoBoostStage | undefined;
export function toMongoDbFilter(input: FilterInput, options?: MongoDbOptions): MongoFilter | MongoBoostStage | undefined {
  const { plan, options: parsed } = prepare(STORE, { boost: true }, input, options, OptionsSchema);
  const scoreField = parsePath(STORE, parsed.scoreField, "scoreField").path;
  if (!plan) return undefined;
  if (plan.mode === "filter") return buildFilter(plan, query);
  const fields = boostWeights(plan).map(({ group, terms }) => ({
    $max: terms.map(({ weight }, index) => ({ $cond: [buildCondition(group, index, expression), weight, 0] })),
  }));
  return { $addFields: { [scoreField]: { $add: fields } } };
}
