/**
 * Elasticsearch / OpenSearch: the queries type-check against both official clients' Query DSL
 * types, and an interpreter of the bool/term/terms/range/constant_score/dis_max/match_all subset
 * (matching and scoring) agrees with the reference on the shared corpus.
 */
import type { estypes } from "@elastic/elasticsearch";
import type { Types } from "@opensearch-project/opensearch";
import { describe, expect, it } from "vitest";
import { toElasticsearchQuery, toOpenSearchQuery, type EsQuery } from "../../adapters/elasticsearch/index.js";
import { referenceBoost, referenceIds, type ReferenceFilter } from "../support/reference-filter.js";
import { agreementSuite, at } from "./support/agreement.js";

type Q = Record<string, any>;
const list = (x: unknown): Q[] => (x === undefined ? [] : Array.isArray(x) ? x : [x as Q]);

/**
 * A query value against a stored value. A numeric field parses the query value by its own type
 * (a string "-0" is the double -0.0), and double fields hold -0.0 and +0.0 apart in term and
 * range queries (Elasticsearch's numeric field types documentation): numbers compare in total
 * order, -0 below 0. Other stored values compare strictly.
 */
function compare(actual: unknown, value: unknown): number | undefined {
  if (typeof actual !== "number") return actual === value ? 0 : undefined;
  const query = typeof value === "string" ? Number(value) : value;
  if (typeof query !== "number" || Number.isNaN(query)) return undefined;
  if (actual === query && !Object.is(actual, query)) return Object.is(actual, -0) ? -1 : 1;
  return actual < query ? -1 : actual > query ? 1 : 0;
}

/** Whether the document matches, and its score (filter context contributes 0). */
function run(query: EsQuery | Q, payload: unknown): { match: boolean; score: number } {
  const [kind] = Object.keys(query);
  const body = (query as Q)[kind!];
  const single = (): [string, unknown] => {
    const entries = Object.entries(body as Q);
    if (entries.length !== 1) throw new Error(`${kind} takes one field`);
    return entries[0]!;
  };
  switch (kind) {
    case "match_all":
      return { match: true, score: 1 };
    case "term": {
      const [path, value] = single();
      return { match: compare(at(payload, path), value) === 0, score: 1 };
    }
    case "terms": {
      const [path, values] = single();
      return { match: (values as unknown[]).some((value) => compare(at(payload, path), value) === 0), score: 1 };
    }
    case "range": {
      const [path, bounds] = single() as [string, { gte?: number | string; lte?: number | string }];
      const actual = at(payload, path);
      const holds = (bound: number | string | undefined, sign: 1 | -1) => {
        if (bound === undefined) return true;
        const order = compare(actual, bound);
        return order !== undefined && sign * order >= 0;
      };
      return { match: typeof actual === "number" && holds(bounds.gte, 1) && holds(bounds.lte, -1), score: 1 };
    }
    case "constant_score":
      return { match: run(body.filter, payload).match, score: body.boost ?? 1 };
    case "dis_max": {
      const hits = list(body.queries).map((q) => run(q, payload)).filter((r) => r.match);
      return { match: hits.length > 0, score: Math.max(0, ...hits.map((r) => r.score)) };
    }
    case "bool": {
      const must = list(body.must).map((q) => run(q, payload));
      const filter = list(body.filter).map((q) => run(q, payload));
      const should = list(body.should).map((q) => run(q, payload));
      const mustNot = list(body.must_not).map((q) => run(q, payload));
      const required = body.minimum_should_match ?? (must.length === 0 && filter.length === 0 ? 1 : 0);
      const match =
        must.every((r) => r.match) && filter.every((r) => r.match) && !mustNot.some((r) => r.match) && should.filter((r) => r.match).length >= required;
      const score = [...must, ...should].filter((r) => r.match).reduce((s, r) => s + r.score, 0);
      return { match, score };
    }
    default:
      throw new Error(`unsupported query ${kind}`);
  }
}

agreementSuite<EsQuery, EsQuery>({
  store: "elasticsearch",
  filter: (filters, layout) => toElasticsearchQuery(filters, { fields: layout }),
  matches: (output, payload) => run(output, payload).match,
  boost: {
    build: (filters, layout, boostWeight) => toElasticsearchQuery(filters, { fields: layout, mode: "boost", boostWeight }),
    // Nothing is excluded in boost mode; the score is match_all's 1 plus the boosts.
    score: (output, payload) => {
      const result = run(output, payload);
      expect(result.match).toBe(true);
      return result.score - 1;
    },
  },
});

describe("elasticsearch / opensearch output", () => {
  const filters = [
    { field: "arc_type", operator: "eq" as const, value: "grief" },
    { field: "arc_type", operator: "eq" as const, value: "bond" },
    { field: "emotional_weight", operator: "gte" as const, value: 0.7 },
  ];

  it("type-checks against both clients' Query DSL types", () => {
    const es: estypes.QueryDslQueryContainer | undefined = toElasticsearchQuery(filters, { fields: "nested" });
    const os: Types.Common_QueryDsl.QueryContainer | undefined = toOpenSearchQuery(filters, { fields: "nested" });
    const boostEs: estypes.QueryDslQueryContainer | undefined = toElasticsearchQuery(filters, { mode: "boost" });
    const boostOs: Types.Common_QueryDsl.QueryContainer | undefined = toOpenSearchQuery(filters, { mode: "boost" });
    // Compile-time: the filter fits where users put it, a kNN search's `filter`.
    const search: estypes.SearchRequest = { index: "memories", knn: { field: "embedding", query_vector: [0.1], k: 10, num_candidates: 50, filter: es } };
    void search;
    expect(es).toEqual({
      bool: {
        filter: [
          { terms: { "constellation.arc_type": ["grief", "bond"] } },
          { range: { "gravity.emotional_weight": { gte: 0.7 } } },
        ],
      },
    });
    expect(os).toEqual(es);
    expect(boostOs).toEqual(boostEs);
  });

  it("boost mode scores the best alternative per field (dis_max of constant_score) over the caller's query", () => {
    const knn = { knn: { field: "embedding", query_vector: [0.1], k: 10 } };
    expect(toElasticsearchQuery(filters.slice(0, 2), { mode: "boost", query: knn })).toEqual({
      bool: {
        must: [knn],
        should: [
          {
            dis_max: {
              queries: [
                { constant_score: { filter: { term: { arc_type: "grief" } }, boost: 1 } },
                { constant_score: { filter: { term: { arc_type: "bond" } }, boost: 1 } },
              ],
            },
          },
        ],
      },
    });
  });

  it("a stored -0 equals 0 (double fields hold -0.0 and +0.0 apart): eq 0 and gte 0 also name -0, filter and boost", () => {
    const weights = { pos0: 0, neg0: -0, half: 0.5, negHalf: -0.5 };
    const corpus = Object.entries(weights).map(([id, w]) => ({ id, payload: { w } }));
    const cases: ReferenceFilter[][] = [
      [{ field: "w", operator: "eq", value: 0 }],
      [{ field: "w", operator: "eq", value: -0 }],
      [{ field: "w", operator: "gte", value: 0 }],
      [{ field: "w", operator: "gte", value: -0 }],
      [{ field: "w", operator: "lte", value: 0 }],
      [{ field: "w", operator: "lte", value: -0 }],
      [{ field: "w", operator: "eq", value: 0 }, { field: "w", operator: "eq", value: 0.5, weight: 0.5 }],
    ];
    for (const filters of cases) {
      const query = toElasticsearchQuery(filters)!;
      // What the client sends: JSON, where a number -0 is 0.
      const sent = JSON.parse(JSON.stringify(query)) as EsQuery;
      expect(corpus.filter((d) => run(sent, d.payload).match).map((d) => d.id), JSON.stringify(filters)).toEqual(referenceIds(corpus, filters));
      const boost = JSON.parse(JSON.stringify(toElasticsearchQuery(filters, { mode: "boost" }))) as EsQuery;
      for (const doc of corpus) expect(run(boost, doc.payload).score - 1, `${JSON.stringify(filters)} ${doc.id}`).toBeCloseTo(referenceBoost(doc.payload, filters), 9);
    }
  });

  it("hostile values are JSON term values, never query-string syntax; hostile paths are rejected", () => {
    const value = 'grief" OR *:* AND "x';
    expect(toElasticsearchQuery([{ field: "arc_type", operator: "eq", value }])).toEqual({ bool: { filter: [{ term: { arc_type: value } }] } });
    expect(() => toElasticsearchQuery([{ field: "arc_type", operator: "eq", value: "x" }], { fields: { arc_type: "arc_type*" } })).toThrow(/elasticsearch adapter/);
  });
});
