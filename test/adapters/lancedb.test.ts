/**
 * LanceDB end to end (embedded, temp dir): every filter the adapter writes runs on the real
 * engine, and the ids it returns equal the reference evaluation of the same field_filters, for
 * flat and nested (struct) payloads, hand-picked and generated filter sets, and hostile values.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as lancedb from "@lancedb/lancedb";
import { Field, Float32, Float64, FixedSizeList, Int32, Int64, Schema, Struct, Utf8 } from "apache-arrow";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toLanceDbFilter } from "../../adapters/lancedb/index.js";
import { referenceBoost, referenceIds, type ReferenceFilter } from "../support/reference-filter.js";
import { CASES, CATEGORICAL, filterSets, fuzzValues, HOSTILE_VALUES, loadCorpus, NUMERIC, type Layout } from "./support/corpus.js";
import { vectorOf } from "./support/vectors.js";

const DOMAIN: Record<string, "constellation" | "gravity"> = {
  arc_type: "constellation",
  emotion_primary: "constellation",
  temporal_context: "constellation",
  tether_type: "gravity",
  valence: "gravity",
  emotional_weight: "gravity",
  strength_score: "gravity",
};
const FIELDS = [...CATEGORICAL, ...NUMERIC];
const typeOf = (field: string) => ((NUMERIC as readonly string[]).includes(field) ? new Float64() : new Utf8());
const vectorType = new FixedSizeList(4, new Field("item", new Float32(), true));

function schemaFor(layout: Layout): Schema {
  const base = [new Field("id", new Utf8(), false), new Field("vector", vectorType, false)];
  if (layout === "flat") return new Schema([...base, ...FIELDS.map((f) => new Field(f, typeOf(f), true))]);
  const domains = ["constellation", "gravity"].map(
    (domain) => new Field(domain, new Struct(FIELDS.filter((f) => DOMAIN[f] === domain).map((f) => new Field(f, typeOf(f), true))), true),
  );
  return new Schema([...base, ...domains]);
}

/** Rows with every schema column present (null where the payload has nothing). */
function rowsFor(layout: Layout): Record<string, unknown>[] {
  return loadCorpus(layout).map((doc) => {
    const row: Record<string, unknown> = { id: doc.id, vector: vectorOf(doc.id) };
    if (layout === "flat") for (const f of FIELDS) row[f] = doc.payload[f] ?? null;
    else
      for (const domain of ["constellation", "gravity"]) {
        const part = doc.payload[domain] as Record<string, unknown> | undefined;
        row[domain] = part ? Object.fromEntries(FIELDS.filter((f) => DOMAIN[f] === domain).map((f) => [f, part[f] ?? null])) : null;
      }
    return row;
  });
}

let dir: string;
const tables = {} as Record<Layout, lancedb.Table>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "arcroute-lancedb-"));
  const db = await lancedb.connect(dir);
  for (const layout of ["flat", "nested"] as const) {
    tables[layout] = await db.createTable(layout, rowsFor(layout), { schema: schemaFor(layout) });
  }
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function idsFor(layout: Layout, filters: ReferenceFilter[]): Promise<string[]> {
  const where = toLanceDbFilter(filters, { fields: layout });
  // A vector search with the filter, as users run it; the limit covers the corpus, so ids are complete.
  let query = tables[layout].vectorSearch([0.5, 0.5, 0.5, 0.5]).limit(100);
  if (where !== undefined) query = query.where(where);
  const rows = await query.toArray();
  return rows.map((row) => String(row.id)).sort();
}

describe.each(["flat", "nested"] as const)("LanceDB %s payloads", (layout) => {
  const corpus = loadCorpus(layout);

  it.each(CASES.filter((c) => !c.mixedTypes))("$name: engine ids = reference ids", async ({ filters }) => {
    expect(await idsFor(layout, filters)).toEqual(referenceIds(corpus, filters, layout).sort());
  });

  it.each(CASES.filter((c) => c.mixedTypes))("$name: LanceDB's typed columns refuse the comparison (no silent coercion)", async ({ filters }) => {
    await expect(idsFor(layout, filters)).rejects.toThrow(/could not convert to literal of type 'Utf8'/);
  });

  it("generated filter sets: engine ids = reference ids", async () => {
    await fc.assert(
      fc.asyncProperty(filterSets, async (filters) => {
        expect(await idsFor(layout, filters)).toEqual(referenceIds(corpus, filters, layout).sort());
      }),
      { numRuns: 60, seed: 4 },
    );
  });

  it("hostile values each match exactly the row that stores them", async () => {
    for (const value of HOSTILE_VALUES) {
      const field = CATEGORICAL.find((f) => corpus.some((d) => (layout === "flat" ? d.payload[f] : (d.payload[DOMAIN[f]!] as Record<string, unknown> | undefined)?.[f]) === value))!;
      const ids = await idsFor(layout, [{ field, operator: "eq", value }]);
      expect(ids).toHaveLength(1);
    }
    // And the table is intact afterwards.
    expect(await tables[layout].countRows()).toBe(40);
  });

  it.each(CASES.slice(0, 10).filter((c) => !c.mixedTypes))("boost $name: projected score = reference score", async ({ filters }) => {
    const boost = toLanceDbFilter(filters, { fields: layout, mode: "boost", boostWeight: 0.5 })!;
    const rows = await tables[layout].query().select({ id: "id", boost: boost.score }).limit(100).toArray();
    expect(rows).toHaveLength(40);
    const expected = new Map(corpus.map((d) => [d.id, referenceBoost(d.payload, filters, layout, 0.5)]));
    for (const row of rows) expect(Number(row.boost)).toBeCloseTo(expected.get(String(row.id))!, 9);
  });

  it("generated boost scores equal the reference", async () => {
    await fc.assert(
      fc.asyncProperty(filterSets, async (filters) => {
        const boost = toLanceDbFilter(filters, { fields: layout, mode: "boost" })!;
        const rows = await tables[layout].query().select({ id: "id", boost: boost.score }).limit(100).toArray();
        for (const row of rows) {
          const doc = corpus.find((d) => d.id === row.id)!;
          expect(Number(row.boost)).toBeCloseTo(referenceBoost(doc.payload, filters, layout), 9);
        }
      }),
      { numRuns: 25, seed: 5 },
    );
  });
});

describe("LanceDB round trip of random hostile strings", () => {
  it("each of 150 stored strings is found by its own equality filter, alone and in an IN list", async () => {
    const values = fuzzValues(150, 42);
    const db = await lancedb.connect(dir);
    const table = await db.createTable(
      "fuzz",
      values.map((label, i) => ({ id: `f${i}`, vector: vectorOf(`f${i}`), label })),
      { schema: new Schema([new Field("id", new Utf8(), false), new Field("vector", vectorType, false), new Field("label", new Utf8(), false)]) },
    );
    for (const [i, value] of values.entries()) {
      const where = toLanceDbFilter([{ field: "label", operator: "eq", value }])!;
      const rows = await table.query().where(where).select(["id"]).toArray();
      expect(rows.map((r) => r.id)).toEqual([`f${i}`]);
    }
    const inList = toLanceDbFilter(values.slice(0, 20).map((value) => ({ field: "label", operator: "eq" as const, value })))!;
    expect((await table.query().where(inList).select(["id"]).limit(200).toArray()).map((r) => r.id).sort()).toEqual(values.slice(0, 20).map((_, i) => `f${i}`).sort());
    expect(await table.countRows()).toBe(150);
  });
});

describe("LanceDB filter text", () => {
  it("quotes identifiers with backticks, nested paths as struct access, strings with '' doubling", () => {
    expect(toLanceDbFilter([{ field: "arc_type", operator: "eq", value: "it's" }], { fields: "nested" })).toBe(
      "`constellation`.`arc_type` = 'it''s'",
    );
    expect(
      toLanceDbFilter([
        { field: "arc_type", operator: "eq", value: "grief" },
        { field: "arc_type", operator: "eq", value: "bond" },
        { field: "emotional_weight", operator: "gte", value: 0.7 },
      ]),
    ).toBe("(`arc_type` IN ('grief', 'bond')) AND (`emotional_weight` >= 0.7)");
  });

  it("gate mode: no filter when the gate is closed, the filter when it is open", () => {
    const open = { activation_id: null, arc_types: ["grief" as const], primary_domain: "constellation" as const, confidence: 0.9, significance_gate: true, field_filters: [{ field: "arc_type" as const, operator: "eq" as const, value: "grief", weight: 1 }] };
    const closed = { ...open, arc_types: [], primary_domain: null, significance_gate: false, field_filters: [] };
    expect(toLanceDbFilter(open, { mode: "gate" })).toBe("`arc_type` = 'grief'");
    expect(toLanceDbFilter(closed, { mode: "gate" })).toBeUndefined();
    expect(toLanceDbFilter(closed)).toBeUndefined();
  });
});

describe("LanceDB signed zeros", () => {
  it("a stored -0 is 0 as in JavaScript: eq, IN lists, gte and lte, filter and boost", async () => {
    const db = await lancedb.connect(dir);
    const weights = { pos0: 0, neg0: -0, half: 0.5, negHalf: -0.5 };
    const table = await db.createTable(
      "zeros",
      Object.entries(weights).map(([id, w]) => ({ id, vector: vectorOf(id), w })),
      { schema: new Schema([new Field("id", new Utf8(), false), new Field("vector", vectorType, false), new Field("w", new Float64(), true)]) },
    );
    const corpus = Object.entries(weights).map(([id, w]) => ({ id, payload: { w } }));
    const cases: ReferenceFilter[][] = [
      [{ field: "w", operator: "eq", value: 0 }],
      [{ field: "w", operator: "eq", value: -0 }],
      [{ field: "w", operator: "gte", value: 0 }],
      [{ field: "w", operator: "gte", value: -0 }],
      [{ field: "w", operator: "lte", value: 0 }],
      [{ field: "w", operator: "lte", value: -0.5 }],
      [{ field: "w", operator: "eq", value: 0 }, { field: "w", operator: "eq", value: 0.5 }],
    ];
    for (const filters of cases) {
      const rows = await table.query().where(toLanceDbFilter(filters)!).select(["id"]).toArray();
      expect(rows.map((r) => String(r.id)).sort(), JSON.stringify(filters)).toEqual(referenceIds(corpus, filters).sort());
      const boost = toLanceDbFilter(filters, { mode: "boost" })!;
      for (const row of await table.query().select({ id: "id", boost: boost.score }).toArray()) {
        expect(Number(row.boost), `${JSON.stringify(filters)} ${row.id}`).toBeCloseTo(referenceBoost({ w: weights[row.id as keyof typeof weights] }, filters), 9);
      }
    }
    expect(referenceIds(corpus, cases[2]!).sort()).toEqual(["half", "neg0", "pos0"]);
  });

  it("integer columns take eq 0 and gte 0 too (LanceDB refuses a -0.0 literal next to an integer column)", async () => {
    const db = await lancedb.connect(dir);
    const counts = { none: 0, one: 1, two: 2, minus: -1 };
    const table = await db.createTable(
      "integers",
      Object.entries(counts).map(([id, n]) => ({ id, vector: vectorOf(id), big: BigInt(n), small: n })),
      { schema: new Schema([new Field("id", new Utf8(), false), new Field("vector", vectorType, false), new Field("big", new Int64(), true), new Field("small", new Int32(), true)]) },
    );
    const corpus = Object.entries(counts).map(([id, n]) => ({ id, payload: { big: n, small: n } }));
    for (const field of ["big", "small"]) {
      const cases: ReferenceFilter[][] = [
        [{ field, operator: "eq", value: 0 }],
        [{ field, operator: "gte", value: 0 }],
        [{ field, operator: "lte", value: 0 }],
        [{ field, operator: "eq", value: 0 }, { field, operator: "eq", value: 2, weight: 0.5 }],
        [{ field, operator: "gte", value: 0 }, { field, operator: "lte", value: -1, weight: 0.5 }],
      ];
      for (const filters of cases) {
        const rows = await table.query().where(toLanceDbFilter(filters)!).select(["id"]).toArray();
        expect(rows.map((r) => String(r.id)).sort(), JSON.stringify(filters)).toEqual(referenceIds(corpus, filters).sort());
        const boost = toLanceDbFilter(filters, { mode: "boost" })!;
        for (const row of await table.query().select({ id: "id", boost: boost.score }).toArray()) {
          expect(Number(row.boost), `${JSON.stringify(filters)} ${row.id}`).toBeCloseTo(referenceBoost({ [field]: counts[row.id as keyof typeof counts] }, filters), 9);
        }
      }
    }
  });
});
