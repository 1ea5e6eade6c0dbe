/**
 * pgvector end to end on PGlite (embedded, with the pgvector extension) and on the real
 * PostgreSQL: the ids each generated WHERE clause returns equal the reference evaluation, for a
 * jsonb payload (flat and nested) and for real columns; boost scores equal the reference scores;
 * hostile values travel as parameters and leave the tables intact.
 *
 * The real PostgreSQL here may lack the pgvector extension: the suite checks
 * pg_available_extensions and, without it, runs the same filters over the same tables without
 * the vector column and ORDER BY (the filter SQL is identical either way).
 */
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toPgvectorFilter, type PgvectorOptions } from "../../adapters/pgvector/index.js";
import { referenceBoost, referenceIds, type ReferenceFilter } from "../support/reference-filter.js";
import { hasPostgres, POSTGRES_URL } from "../support/services.js";
import { CASES, CATEGORICAL, filterSets, fuzzValues, loadCorpus, NUMERIC, type Layout } from "./support/corpus.js";
import { vectorOf } from "./support/vectors.js";

interface Engine {
  name: string;
  vectors: boolean;
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

const SCHEMA = `arcroute_adapters_${process.pid}_${Date.now()}`;
const layouts = ["flat", "nested", "columns"] as const;
type Table = (typeof layouts)[number];

async function load(engine: Engine): Promise<void> {
  const vectorColumn = engine.vectors ? ", embedding vector(4) NOT NULL" : "";
  await engine.query(`CREATE SCHEMA ${SCHEMA}`);
  for (const layout of ["flat", "nested"] as const) {
    await engine.query(`CREATE TABLE ${SCHEMA}.${layout} (id text PRIMARY KEY, payload jsonb NOT NULL${vectorColumn})`);
    for (const doc of loadCorpus(layout)) {
      const params: unknown[] = [doc.id, JSON.stringify(doc.payload)];
      if (engine.vectors) params.push(JSON.stringify(vectorOf(doc.id)));
      await engine.query(`INSERT INTO ${SCHEMA}.${layout} VALUES ($1, $2::jsonb${engine.vectors ? ", $3::vector" : ""})`, params);
    }
  }
  const columnDefs = [...CATEGORICAL.map((f) => `${f} text`), ...NUMERIC.map((f) => `${f} float8`)].join(", ");
  await engine.query(`CREATE TABLE ${SCHEMA}.columns (id text PRIMARY KEY, ${columnDefs}${vectorColumn})`);
  const fields = [...CATEGORICAL, ...NUMERIC];
  for (const doc of loadCorpus("flat")) {
    const params: unknown[] = [doc.id, ...fields.map((f) => doc.payload[f] ?? null)];
    if (engine.vectors) params.push(JSON.stringify(vectorOf(doc.id)));
    const placeholders = params.map((_, i) => `$${i + 1}`).join(", ");
    await engine.query(`INSERT INTO ${SCHEMA}.columns (id, ${fields.join(", ")}${engine.vectors ? ", embedding" : ""}) VALUES (${placeholders}${engine.vectors ? "::vector" : ""})`, params);
  }
}

const COLUMNS = Object.fromEntries([...CATEGORICAL, ...NUMERIC].map((f) => [f, f]));
const optionsFor = (table: Table): Omit<PgvectorOptions, "mode"> => (table === "columns" ? { columns: COLUMNS } : { fields: table });
const referenceLayout = (table: Table): Layout => (table === "nested" ? "nested" : "flat");

async function idsFor(engine: Engine, table: Table, filters: ReferenceFilter[]): Promise<string[]> {
  // The query vector takes $1, as users write it; the filter's placeholders start at $2.
  const filter = toPgvectorFilter(filters, { ...optionsFor(table), firstParam: engine.vectors ? 2 : 1 });
  const where = filter ? `WHERE ${filter.where}` : "";
  const sql = engine.vectors
    ? `SELECT id FROM ${SCHEMA}.${table} ${where} ORDER BY embedding <=> $1::vector LIMIT 100`
    : `SELECT id FROM ${SCHEMA}.${table} ${where}`;
  const params = engine.vectors ? [JSON.stringify([0.5, 0.5, 0.5, 0.5]), ...(filter?.params ?? [])] : (filter?.params ?? []);
  return (await engine.query(sql, params)).map((row) => String(row.id)).sort();
}

async function boostsFor(engine: Engine, table: Table, filters: ReferenceFilter[], boostWeight = 1): Promise<Map<string, number>> {
  const boost = toPgvectorFilter(filters, { ...optionsFor(table), mode: "boost", boostWeight })!;
  const rows = await engine.query(`SELECT id, ${boost.score} AS boost FROM ${SCHEMA}.${table}`, boost.params);
  return new Map(rows.map((row) => [String(row.id), Number(row.boost)]));
}

function suite(name: string, open: () => Promise<Engine | undefined>): void {
  describe(name, () => {
    let engine: Engine | undefined;
    beforeAll(async () => {
      engine = await open();
      if (engine) await load(engine);
    });
    afterAll(async () => {
      if (!engine) return;
      await engine.query(`DROP SCHEMA ${SCHEMA} CASCADE`);
      await engine.close();
    });

    it("round trip: 150 random hostile strings, each found by its own filter (jsonb payload and real column)", async () => {
      if (!engine) return;
      const values = fuzzValues(150, 43);
      await engine.query(`CREATE TABLE ${SCHEMA}.fuzz (id text PRIMARY KEY, label text NOT NULL, payload jsonb NOT NULL)`);
      for (const [i, value] of values.entries()) {
        await engine.query(`INSERT INTO ${SCHEMA}.fuzz VALUES ($1, $2, $3::jsonb)`, [`f${i}`, value, JSON.stringify({ meta: { label: value } })]);
      }
      for (const [i, value] of values.entries()) {
        const filters = [{ field: "label", operator: "eq" as const, value }];
        for (const options of [{ fields: { label: "meta.label" } }, { columns: { label: "label" } }]) {
          const f = toPgvectorFilter(filters, options)!;
          const rows = await engine.query(`SELECT id FROM ${SCHEMA}.fuzz WHERE ${f.where}`, f.params);
          expect(rows.map((r) => r.id)).toEqual([`f${i}`]);
        }
      }
      expect((await engine.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.fuzz`))[0]!.n).toBe(150);
    });

    it("equality filters are served by a GIN index on the payload column", async () => {
      if (!engine) return;
      await engine.query(`CREATE INDEX nested_payload_gin ON ${SCHEMA}.nested USING gin (payload jsonb_path_ops)`);
      const filter = toPgvectorFilter(
        [
          { field: "arc_type", operator: "eq", value: "reckoning" },
          { field: "valence", operator: "eq", value: "mixed" },
        ],
        { fields: "nested" },
      )!;
      await engine.query("SET enable_seqscan = off");
      try {
        const plan = await engine.query(`EXPLAIN SELECT id FROM ${SCHEMA}.nested WHERE ${filter.where}`, filter.params);
        expect(plan.map((row) => String(row["QUERY PLAN"])).join("\n")).toMatch(/Bitmap Index Scan on nested_payload_gin/);
      } finally {
        await engine.query("RESET enable_seqscan");
      }
    });

    it("an array value matches when one of its elements does (flat and nested; filter and boost)", async () => {
      if (!engine) return;
      const flat = [
        { id: "a1", payload: { arc_type: ["grief", "exile"], emotional_weight: [0.4, 0.9] } },
        { id: "a2", payload: { arc_type: "grief", emotional_weight: 0.8 } },
        { id: "a3", payload: { arc_type: ["bond"], emotional_weight: ["0.9"] } },
        { id: "a4", payload: { arc_type: [], emotional_weight: [] } },
        { id: "a5", payload: { arc_type: [["grief"]], emotional_weight: [[0.95]] } },
        { id: "a6", payload: { arc_type: ["Grief"], emotional_weight: [0.2, "x", null] } },
      ];
      const nest = (p: Record<string, unknown>) => ({ constellation: { arc_type: p.arc_type }, gravity: { emotional_weight: p.emotional_weight } });
      const cases: ReferenceFilter[][] = [
        [{ field: "arc_type", operator: "eq", value: "grief" }],
        [{ field: "arc_type", operator: "eq", value: "grief", weight: 0.9 }, { field: "arc_type", operator: "eq", value: "bond", weight: 0.4 }],
        [{ field: "emotional_weight", operator: "gte", value: 0.7 }],
        [{ field: "emotional_weight", operator: "lte", value: 0.5 }],
        [{ field: "arc_type", operator: "eq", value: "grief" }, { field: "emotional_weight", operator: "gte", value: 0.85, weight: 0.5 }],
      ];
      for (const layout of ["flat", "nested"] as const) {
        const docs = layout === "flat" ? flat : flat.map((d) => ({ id: d.id, payload: nest(d.payload) }));
        const name = `${SCHEMA}.arrays_${layout}`;
        await engine.query(`CREATE TABLE ${name} (id text PRIMARY KEY, payload jsonb NOT NULL)`);
        for (const doc of docs) await engine.query(`INSERT INTO ${name} VALUES ($1, $2::jsonb)`, [doc.id, JSON.stringify(doc.payload)]);
        for (const filters of cases) {
          const filter = toPgvectorFilter(filters, { fields: layout })!;
          const ids = (await engine.query(`SELECT id FROM ${name} WHERE ${filter.where} ORDER BY id`, filter.params)).map((row) => String(row.id));
          expect(ids, `${layout} ${JSON.stringify(filters)}`).toEqual(referenceIds(docs, filters, layout).sort());
          const boost = toPgvectorFilter(filters, { fields: layout, mode: "boost" })!;
          const scores = await engine.query(`SELECT id, ${boost.score} AS boost FROM ${name}`, boost.params);
          for (const row of scores) {
            const doc = docs.find((d) => d.id === row.id)!;
            expect(Number(row.boost), `${layout} ${doc.id} ${JSON.stringify(filters)}`).toBeCloseTo(referenceBoost(doc.payload, filters, layout), 9);
          }
        }
      }
      // The cases do tell arrays apart: a1 (arrays) passes the first, a3 and a4 never pass a range.
      expect(referenceIds(flat, cases[0]!)).toEqual(["a1", "a2"]);
      expect(referenceIds(flat, cases[2]!)).toEqual(["a1", "a2"]);
    });

    describe.each(layouts)("%s", (table) => {
      const corpus = loadCorpus(referenceLayout(table));
      const expectIds = (filters: ReferenceFilter[]) => referenceIds(corpus, filters, referenceLayout(table)).sort();

      it.each(CASES)("$name: engine ids = reference ids", async ({ filters }) => {
        if (!engine) return;
        expect(await idsFor(engine, table, filters)).toEqual(expectIds(filters));
      });

      it("generated filter sets: engine ids = reference ids", async () => {
        if (!engine) return;
        const e = engine;
        await fc.assert(
          fc.asyncProperty(filterSets, async (filters) => {
            expect(await idsFor(e, table, filters)).toEqual(expectIds(filters));
          }),
          { numRuns: 60, seed: 7 },
        );
      });

      it("boost scores = reference scores (hand-picked and generated)", async () => {
        if (!engine) return;
        const e = engine;
        const check = async (filters: ReferenceFilter[], weight: number) => {
          const scores = await boostsFor(e, table, filters, weight);
          expect(scores.size).toBe(40);
          for (const doc of corpus) expect(scores.get(doc.id)).toBeCloseTo(referenceBoost(doc.payload, filters, referenceLayout(table), weight), 9);
        };
        for (const { filters } of CASES) await check(filters, 0.5);
        await fc.assert(fc.asyncProperty(filterSets, (filters) => check(filters, 1)), { numRuns: 30, seed: 8 });
      });

      it("hostile values leave every table intact", async () => {
        if (!engine) return;
        for (const t of layouts) expect((await engine.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.${t}`))[0]!.n).toBe(40);
      });
    });
  });
}

suite("pgvector on PGlite (with the vector extension)", async () => {
  const db = await PGlite.create({ extensions: { vector } });
  await db.exec("CREATE EXTENSION IF NOT EXISTS vector");
  return {
    name: "pglite",
    vectors: true,
    query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
    close: () => db.close(),
  };
});

suite("pgvector on the real PostgreSQL", async () => {
  if (!(await hasPostgres())) return undefined;
  // One connection: session settings (SET enable_seqscan) must apply to the next query.
  const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 1 });
  const available = await pool.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'");
  let vectors = available.rowCount === 1;
  if (vectors) await pool.query("CREATE EXTENSION IF NOT EXISTS vector");
  else console.warn("PostgreSQL at 127.0.0.1 has no pgvector extension: running the jsonb/column filters without the vector column");
  return {
    name: "postgres",
    vectors,
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    close: () => pool.end(),
  };
});
