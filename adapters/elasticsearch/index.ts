/**
 * Elasticsearch and OpenSearch: field filters → a Query DSL `bool` query (the two share this
 * part of the DSL; the tests type-check the output against both official clients).
 *
 * - Filter/gate mode: `{ bool: { filter: [...] } }` — non-scoring, cacheable; a field with
 *   alternatives becomes `bool.should` with `minimum_should_match: 1`; several equal-to values
 *   become `terms`. Put it in `knn.filter`, or beside your scoring query in `bool.filter`.
 * - Boost mode: `{ bool: { must: [<query>], should: [...] } }`, where each field is a `dis_max`
 *   (its best matching alternative counts, not the sum) of `constant_score` clauses whose `boost`
 *   is the normalised weight; nothing is excluded. `query` defaults to `match_all`; pass your
 *   scoring query (a `knn` query, `match`, …) through the `query` option.
 * - Paths are dotted object fields (`constellation.arc_type`); map EDM fields to `keyword` fields
 *   (for dynamic mappings: `{ fields: { arc_type: "arc_type.keyword" } }`): `term` is exact.
 * - Values are JSON values in the query body; nothing is parsed by a query-string parser.
 * - A stored -0 equals 0, as in the other stores: `eq 0` also asks for -0 and `gte 0` starts at
 *   -0 (Elasticsearch's and OpenSearch's double, float and half_float fields hold -0.0 and +0.0
 *   apart in term and range queries).
 */
import { z } from "zod";
import { BaseOptionsSchema, boostWeights, buildCondition, buildFilter, prepare, type BaseOptions, type FilterDialect, type FilterInput } from "../shared/index.js";

const STORE = "elasticsearch";

/** The Query DSL subset this adapter writes (assignable to both clients' query container types). */
export type EsQuery =
  | { bool: { filter?: EsQuery[]; must?: (EsQuery | EsUserQuery)[]; should?: EsQuery[]; minimum_should_match?: number } }
  | { term: Record<string, string | number> }
  | { terms: Record<string, string[] | (number | typeof NEGATIVE_ZERO)[]> }
  | { range: Record<string, { gte?: number; lte?: number } | { gte: typeof NEGATIVE_ZERO }> }
  | { constant_score: { filter: EsQuery; boost: number } }
  | { dis_max: { queries: EsQuery[] } }
  | { match_all: Record<string, never> };

/** A caller's own scoring query (boost mode's `query` option), passed through untouched. */
export type EsUserQuery = Record<string, unknown>;

export interface ElasticsearchOptions extends BaseOptions {
  /** Boost mode: the scoring query the boosts are added to (default `{ match_all: {} }`). */
  query?: Record<string, unknown> | undefined;
}

const OptionsSchema = BaseOptionsSchema.extend({ query: z.record(z.string(), z.unknown()).optional() }).strict();

/**
 * The negative zero as a query value. JSON written from JavaScript cannot carry -0.0 (it becomes
 * 0), so it travels as a string, which numeric fields parse by their own type (an integer field
 * reads 0).
 */
const NEGATIVE_ZERO = "-0";

/** The numbers an equality names: a zero is both zeros. */
const equalNumbers = (values: number[]): (number | typeof NEGATIVE_ZERO)[] => (values.includes(0) ? [...values, NEGATIVE_ZERO] : values);

const dialect: FilterDialect<EsQuery> = {
  eq: ({ path }, value) => (value === 0 ? { terms: { [path.path]: equalNumbers([value]) } } : { term: { [path.path]: value } }),
  in: ({ path }, values) => {
    if (values.every((v) => typeof v === "string")) return { terms: { [path.path]: values as string[] } };
    if (values.every((v) => typeof v === "number")) return { terms: { [path.path]: equalNumbers(values as number[]) } };
    return undefined;
  },
  range: ({ path }, op, value) => ({ range: { [path.path]: op === "lte" ? { lte: value } : value === 0 ? { gte: NEGATIVE_ZERO } : { gte: value } } }),
  or: (parts) => ({ bool: { should: parts, minimum_should_match: 1 } }),
  and: (parts) => ({ bool: { filter: parts } }),
};

export function toElasticsearchQuery(input: FilterInput, options?: ElasticsearchOptions): EsQuery | undefined {
  const { plan, options: parsed } = prepare(STORE, { boost: true }, input, options, OptionsSchema);
  if (!plan) return undefined;
  if (plan.mode === "filter") {
    const built = buildFilter(plan, dialect);
    return plan.groups.length > 1 ? built : { bool: { filter: [built] } };
  }
  const should = boostWeights(plan).map(({ group, terms }) => ({
    dis_max: {
      queries: terms.map(({ weight }, index) => ({ constant_score: { filter: buildCondition(group, index, dialect), boost: weight } })),
    },
  }));
  return { bool: { must: [parsed.query ?? { match_all: {} }], should } };
}

/** OpenSearch speaks the same bool/term/terms/range/constant_score/dis_max DSL. */
export const toOpenSearchQuery = toElasticsearchQuery;
