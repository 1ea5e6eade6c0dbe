import { describe, expect, expectTypeOf, it } from "vitest";
import { toLanceDbFilter } from "../../adapters/lancedb/index.js";
import { createRetriever, relaxationLadder, satisfiesAll, matchPlan, type Candidate, type CandidateSource, type SearchRequest } from "../../src/retrieve/index.js";
import type { FieldFilter } from "../../src/schema/activation.js";
import { activation } from "./support/activation.js";
import { fakeStore } from "./support/fake-store.js";

const griefPerson: FieldFilter[] = [
  { field: "arc_type", operator: "eq", value: "grief", weight: 1 },
  { field: "tether_type", operator: "eq", value: "person", weight: 0.8 },
  { field: "valence", operator: "eq", value: "negative", weight: 0.3 },
];

const docs = [
  { id: "g1", score: 0.2, payload: { arc_type: "grief", tether_type: "person", valence: "negative" } },
  { id: "g2", score: 0.3, payload: { arc_type: "grief", tether_type: "person", valence: "mixed" } },
  { id: "g3", score: 0.4, payload: { arc_type: "grief", tether_type: "place", valence: "negative" } },
  { id: "v1", score: 0.9, payload: { arc_type: "bond", tether_type: "place", valence: "positive" } },
  { id: "v2", score: 0.8, payload: { arc_type: "bond", tether_type: "person", valence: "positive" } },
  { id: "v3", score: 0.7, payload: {} },
];

describe("createRetriever (filter mode)", () => {
  it("filters, relaxes the lowest-weight field, then falls back, without duplicates, fused", async () => {
    const store = fakeStore(docs);
    const retriever = createRetriever({ search: store.search, translate: store.translate, k: 4 });
    const { results, stages } = await retriever.retrieve("q", { activation: activation(griefPerson) });
    expect(stages).toEqual([
      { source: "filtered", fields: ["arc_type", "tether_type", "valence"], returned: 1 },
      { source: "relaxed", fields: ["arc_type", "tether_type"], returned: 2 },
      { source: "relaxed", fields: ["arc_type"], returned: 3 },
      { source: "fallback", fields: [], returned: 4 },
    ]);
    expect(new Set(results.map((r) => r.id)).size).toBe(results.length);
    // Fused (w = 0.5, field total 2.1): g1 0.1 + 0.5 = 0.6; v2 0.4 + 0.5·0.8/2.1 ≈ 0.590;
    // g2 0.15 + 0.5·1.8/2.1 ≈ 0.579; g3 0.2 + 0.5·1.3/2.1 ≈ 0.510; v1 0.45; v3 0.35.
    expect(results.map((r) => r.id)).toEqual(["g1", "v2", "g2", "g3"]);
    expect(results.map((r) => r.source)).toEqual(["filtered", "fallback", "relaxed", "relaxed"]);
    expectTypeOf(results[0]!.source).toEqualTypeOf<CandidateSource>(); // always set: not optional in the type either
    expect(results.find((r) => r.id === "g1")!.matchScore).toBe(1);
  });

  it("without relaxation goes straight from the full filter to the unfiltered fallback", async () => {
    const store = fakeStore(docs);
    const retriever = createRetriever({ search: store.search, translate: store.translate, k: 3, relax: false });
    const { results, stages } = await retriever.retrieve("q", { activation: activation(griefPerson) });
    expect(stages.map((s) => s.source)).toEqual(["filtered", "fallback"]);
    expect(results.map((r) => r.id).sort()).toEqual(["g1", "v1", "v2"]);
  });

  it("skips a stage whose filter translates to nothing instead of mislabelling an unfiltered search", async () => {
    const store = fakeStore(docs);
    const retriever = createRetriever({ search: store.search, translate: () => undefined, k: 2 });
    const { results, stages } = await retriever.retrieve("q", { activation: activation(griefPerson) });
    expect(stages).toEqual([{ source: "fallback", fields: [], returned: 2 }]);
    expect(results.every((r) => r.source === "fallback")).toBe(true);
  });

  it("stops searching once the filtered search alone returns k", async () => {
    const store = fakeStore(docs);
    const retriever = createRetriever({ search: store.search, translate: store.translate, k: 2, fetchK: 3 });
    const { results } = await retriever.retrieve("q", { activation: activation([{ field: "arc_type", operator: "eq", value: "grief", weight: 1 }]) });
    // One filtered search asking for fetchK = 3; fusion keeps the best k = 2 of them.
    expect(store.calls.map((c) => c.k)).toEqual([3]);
    expect(results.map((r) => r.id)).toEqual(["g3", "g2"]);
  });

  it("passes a closed gate through: one unfiltered search, store order and scores untouched", async () => {
    const store = fakeStore(docs);
    const retriever = createRetriever({ search: store.search, translate: store.translate, k: 3 });
    const { results, stages } = await retriever.retrieve("q", { activation: activation(griefPerson, false) });
    expect(store.calls).toEqual([{ filter: undefined, k: 3 }]);
    expect(stages).toEqual([{ source: "unrouted", fields: [], returned: 3 }]);
    expect(results.map((r) => [r.id, r.score, r.source])).toEqual([
      ["v1", 0.9, "unrouted"],
      ["v2", 0.8, "unrouted"],
      ["v3", 0.7, "unrouted"],
    ]);
  });

  it("classifies string queries itself, and needs text for vector queries", async () => {
    const store = fakeStore(docs);
    const retriever = createRetriever({ search: store.search, translate: store.translate, k: 2 });
    const routed = await retriever.retrieve("the night nan died");
    expect(routed.activation.significance_gate).toBe(true);
    expect(routed.stages[0]!.source).toBe("filtered");
    const lookup = await retriever.retrieve("what time is the dentist appointment");
    expect(lookup.activation.significance_gate).toBe(false);
    expect(lookup.stages).toEqual([{ source: "unrouted", fields: [], returned: 2 }]);
    const vectorRetriever = createRetriever<Float32Array, FieldFilter[]>({ search: async () => [], translate: store.translate });
    await expect(vectorRetriever.retrieve(new Float32Array(2))).rejects.toThrow(/needs an activation or text/);
    const custom = createRetriever({ search: store.search, translate: store.translate, k: 1, classify: () => activation(griefPerson) });
    expect((await custom.retrieve("anything")).results[0]!.id).toBe("g1");
  });
});

describe("createRetriever options", () => {
  it("rejects bad options when the retriever is created", () => {
    const store = fakeStore(docs);
    const base = { search: store.search, translate: store.translate };
    expect(() => createRetriever({ ...base, k: 0 })).toThrow(/k must be a positive integer/);
    expect(() => createRetriever({ ...base, mode: "gate" as "filter" })).toThrow(/mode must be "filter" or "boost"/);
    expect(() => createRetriever({ ...base, fusionWeight: -0.1 })).toThrow(/fusionWeight must be in \[0, 1\]/);
    expect(() => createRetriever({ ...base, fetchK: 2.5 })).toThrow(/fetchK/);
    // Below k it would search with k, silently: refused as ArcrouteRetriever refuses it.
    expect(() => createRetriever({ ...base, k: 5, fetchK: 2 })).toThrow(new RangeError("createRetriever: `fetchK` must be an integer ≥ k (5), got 2"));
    expect(() => createRetriever({ ...base, fetchK: 2 })).toThrow(/`fetchK` must be an integer ≥ k \(10\)/); // the default k
    expect(() => createRetriever({ ...base, poolSize: 0 })).toThrow(/poolSize/);
  });

  it("returns what there is when the store holds fewer than k documents", async () => {
    const store = fakeStore(docs);
    const retriever = createRetriever({ search: store.search, translate: store.translate, k: 50 });
    const { results } = await retriever.retrieve("q", { activation: activation(griefPerson) });
    expect(results.map((r) => r.id).sort()).toEqual(docs.map((d) => d.id).sort());
  });
});

describe("createRetriever types", () => {
  type Sql = { sql: string };
  const where = async (filter: Sql): Promise<Candidate[]> => [{ id: filter.sql, score: 1, payload: {} }];
  const translate = (filters: FieldFilter[]) => (filters.length > 0 ? { sql: filters.map((f) => f.field).join(" AND ") } : undefined);

  it("lets search hand its filter to the store whichever property is written first", () => {
    // search before translate: TypeScript types search first, with nothing to infer the filter
    // from; it was `unknown` (narrowed to {}) and the store call did not compile.
    createRetriever({ search: async (_q: string, { filter }) => (filter ? where(filter) : []), translate: (filters) => translate(filters) });
    createRetriever({
      translate: (filters) => translate(filters),
      search: async (_q: string, { filter }) => {
        // translate first: the filter is exactly translate's type.
        expectTypeOf(filter).toEqualTypeOf<Sql | undefined>();
        return filter ? where(filter) : [];
      },
    });
  });
});

describe("createRetriever (boost mode)", () => {
  it("reranks one unfiltered pool and keeps k", async () => {
    const store = fakeStore(docs);
    const retriever = createRetriever({ search: store.search, translate: store.translate, k: 2, mode: "boost", poolSize: 6 });
    const { results, stages } = await retriever.retrieve("q", { activation: activation(griefPerson) });
    expect(store.calls).toEqual([{ filter: undefined, k: 6 }]);
    expect(stages).toEqual([{ source: "pool", fields: [], returned: 6 }]);
    expect(results.map((r) => r.id)).toEqual(["g1", "v2"]);
  });
});

describe("relaxationLadder", () => {
  it("drops the lowest weight first, later fields first on ties, down to the heaviest field", () => {
    const fields = [
      { field: "arc_type", weight: 1 },
      { field: "tether_type", weight: 0.4 },
      { field: "valence", weight: 0.4 },
      { field: "emotional_weight", weight: 0.6 },
    ];
    expect(relaxationLadder(fields, true)).toEqual([
      ["arc_type", "tether_type", "valence", "emotional_weight"],
      ["arc_type", "tether_type", "emotional_weight"],
      ["arc_type", "emotional_weight"],
      ["arc_type"],
    ]);
    expect(relaxationLadder(fields, false)).toEqual([["arc_type", "tether_type", "valence", "emotional_weight"]]);
  });
});

describe("createRetriever over embedded LanceDB with the LanceDB adapter", () => {
  it("filters and relaxes on a real table through the LanceDB adapter", async () => {
    const lancedb = await import("@lancedb/lancedb");
    const { mkdtemp, rm } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = await mkdtemp(join(tmpdir(), "arcroute-retriever-"));
    try {
      const db = await lancedb.connect(dir);
      const rows = docs.map((d, i) => ({
        id: d.id,
        arc_type: (d.payload.arc_type as string | undefined) ?? "none",
        tether_type: (d.payload.tether_type as string | undefined) ?? "none",
        valence: (d.payload.valence as string | undefined) ?? "none",
        // Unit vectors at increasing angles from the query [1, 0].
        vector: [Math.cos(i / 4), Math.sin(i / 4)],
      }));
      const table = await db.createTable("docs", rows);
      const retriever = createRetriever<number[], string, unknown>({
        k: 3,
        translate: (filters) => toLanceDbFilter(filters),
        async search(vector, { filter, k }) {
          let query = table.vectorSearch(vector).distanceType("cosine").limit(k);
          if (filter) query = query.where(filter);
          const hits = (await query.toArray()) as (Record<string, unknown> & { _distance: number })[];
          return hits.map((h) => ({ id: String(h.id), score: 1 - h._distance, payload: { arc_type: h.arc_type, tether_type: h.tether_type, valence: h.valence } }));
        },
      });
      const { results, stages } = await retriever.retrieve([1, 0], { activation: activation(griefPerson) });
      expect(stages.map((s) => [s.source, s.returned])).toEqual([
        ["filtered", 1],
        ["relaxed", 2],
        ["relaxed", 3],
      ]);
      expect(results.map((r) => r.id)).toEqual(["g1", "g2", "g3"]);
      table.close();
      db.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
