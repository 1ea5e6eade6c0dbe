/**
 * Every adapter × every mode × both field maps, and the hostile paths, in one table: the same
 * rules hold for all nine stores (and the errors always name the store).
 */
import { describe, expect, it } from "vitest";
import { toChromaWhere } from "../../adapters/chroma/index.js";
import { toElasticsearchQuery } from "../../adapters/elasticsearch/index.js";
import { toLanceDbFilter } from "../../adapters/lancedb/index.js";
import { toMilvusFilter } from "../../adapters/milvus/index.js";
import { toMongoDbFilter } from "../../adapters/mongodb/index.js";
import { toPgvectorFilter } from "../../adapters/pgvector/index.js";
import { toPineconeFilter } from "../../adapters/pinecone/index.js";
import { toQdrantFilter } from "../../adapters/qdrant/index.js";
import { AdapterError } from "../../adapters/shared/index.js";
import { toWeaviateFilter } from "../../adapters/weaviate/index.js";
import { classify } from "../../src/classify/index.js";

type Adapter = (input: any, options?: any) => unknown;
const ADAPTERS: { store: string; adapter: Adapter; boost: boolean; nested: boolean }[] = [
  { store: "qdrant", adapter: toQdrantFilter, boost: true, nested: true },
  { store: "pgvector", adapter: toPgvectorFilter, boost: true, nested: true },
  { store: "pinecone", adapter: toPineconeFilter, boost: false, nested: false },
  { store: "chroma", adapter: toChromaWhere, boost: false, nested: false },
  { store: "weaviate", adapter: toWeaviateFilter, boost: false, nested: false },
  { store: "milvus", adapter: toMilvusFilter, boost: false, nested: true },
  { store: "lancedb", adapter: toLanceDbFilter, boost: true, nested: true },
  { store: "elasticsearch", adapter: toElasticsearchQuery, boost: true, nested: true },
  { store: "mongodb", adapter: toMongoDbFilter, boost: true, nested: true },
];

const open = classify("the worst night after grandpa died");
const closed = classify("weather in paris tomorrow");
const HOSTILE_PATHS = ["arc_type'; DROP TABLE memories; --", "$where", "arc_type\"]", "a b", "a/* */b", "a--b", "a\nb", "ärc", "a..b", "`a`", "a[0]"];

describe.each(ADAPTERS)("$store", ({ store, adapter, boost, nested }) => {
  it("the activation really is open / closed", () => {
    expect(open.significance_gate).toBe(true);
    expect(open.field_filters.length).toBeGreaterThan(0);
    expect(closed.significance_gate).toBe(false);
  });

  it("filter mode: a filter for an open activation, undefined for no filters", () => {
    expect(adapter(open)).toBeDefined();
    expect(adapter(closed)).toBeUndefined();
    expect(adapter([])).toBeUndefined();
  });

  it("gate mode: the filter-mode output when the gate is open, undefined when closed, an error for a bare FieldFilter[]", () => {
    expect(adapter(open, { mode: "gate" })).toEqual(adapter(open, { mode: "filter" }));
    expect(adapter(closed, { mode: "gate" })).toBeUndefined();
    expect(() => adapter(open.field_filters, { mode: "gate" })).toThrow(new RegExp(`^${store} adapter: gate mode needs an ActivationResult`));
  });

  it(boost ? "boost mode: a soft scoring construct, not the filter" : "boost mode: a clear error naming the store", () => {
    if (boost) {
      const output = adapter(open, { mode: "boost" });
      expect(output).toBeDefined();
      expect(output).not.toEqual(adapter(open));
      expect(adapter(closed, { mode: "boost" })).toBeUndefined();
    } else {
      expect(() => adapter(open, { mode: "boost" })).toThrow(new RegExp(`^${store} adapter: boost mode is not supported: .+`));
    }
  });

  it(nested ? "nested field map: nested paths appear in the output" : "nested field map: a clear error (flat metadata)", () => {
    if (nested) {
      const text = JSON.stringify(adapter(open, { fields: "nested" }));
      expect(text).toMatch(/constellation|"constellation"|\\"constellation\\"/);
      expect(JSON.stringify(adapter(open))).not.toMatch(/constellation/);
    } else {
      expect(() => adapter(open, { fields: "nested" })).toThrow(new RegExp(`^${store} adapter: nested path`));
      // A configuration error shows on the first call, not on the first significant query.
      expect(() => adapter(closed, { fields: "nested", mode: "gate" })).toThrow(new RegExp(`^${store} adapter: nested path`));
      expect(() => adapter([], { fields: { tether_type: "gravity.tether_type" } })).toThrow(new RegExp(`^${store} adapter: nested path "gravity.tether_type"`));
    }
  });

  it("custom field maps rename fields", () => {
    const output = JSON.stringify(adapter([{ field: "arc_type", operator: "eq", value: "grief", weight: 1 }], { fields: { arc_type: "edm_arc" } }));
    expect(output).toContain("edm_arc");
  });

  it.each(HOSTILE_PATHS)("rejects the hostile path %j (field map and field name)", (path) => {
    const filter = [{ field: "arc_type", operator: "eq", value: "grief", weight: 1 }];
    expect(() => adapter(filter, { fields: { arc_type: path } })).toThrow(AdapterError);
    expect(() => adapter(filter, { fields: { arc_type: path } })).toThrow(new RegExp(`^${store} adapter:`));
    expect(() => adapter([{ ...filter[0], field: path }])).toThrow(AdapterError);
  });

  it("rejects unknown options and malformed filters", () => {
    expect(() => adapter(open, { mode: "hard" })).toThrow(AdapterError);
    expect(() => adapter(open, { colour: "red" })).toThrow(AdapterError);
    expect(() => adapter([{ field: "emotional_weight", operator: "gte", value: "0.7; --" }])).toThrow(/compare numbers only/);
    expect(() => adapter([{ field: "arc_type", operator: "eq", value: { $ne: null } }])).toThrow(AdapterError);
  });
});

describe("pgvector identifiers", () => {
  it.each(HOSTILE_PATHS)("rejects the hostile column or payload column %j", (path) => {
    const filter = [{ field: "arc_type" as const, operator: "eq" as const, value: "grief", weight: 1 }];
    expect(() => toPgvectorFilter(filter, { payloadColumn: path })).toThrow(/pgvector adapter: payloadColumn/);
    expect(() => toPgvectorFilter(filter, { columns: { arc_type: path } })).toThrow(/pgvector adapter: column for field 'arc_type'/);
  });

  it("keeps every value out of the SQL text; placeholders start at firstParam", () => {
    const value = "x'); DELETE FROM memories; --";
    const result = toPgvectorFilter(
      [
        { field: "arc_type", operator: "eq", value },
        { field: "emotional_weight", operator: "gte", value: 0.7 },
      ],
      { firstParam: 3, columns: { emotional_weight: "emotional_weight" } },
    )!;
    expect(result.where).not.toContain("DELETE");
    // Wrapped in parentheses, so callers can append their own conditions safely.
    expect(result.where).toBe(`(("payload" @> $3::jsonb OR "payload" @> $4::jsonb) AND "emotional_weight" >= $5)`);
    expect(result.params).toEqual([JSON.stringify({ arc_type: value }), JSON.stringify({ arc_type: [value] }), 0.7]);
  });
});
