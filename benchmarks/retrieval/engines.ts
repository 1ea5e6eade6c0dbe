/**
 * The two embedded engines the retrieval benchmark runs on, behind one small interface:
 * the corpus loaded once with its vectors and flat EDM payload, an exact nearest-neighbour
 * search by cosine similarity with an optional store filter, and the arcroute adapter that
 * turns field filters into that filter. No index: exact search, so results are reproducible.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toLanceDbFilter } from "../../adapters/lancedb/index.js";
import { toPgvectorFilter, type PgvectorFilter } from "../../adapters/pgvector/index.js";
import type { FieldFilter } from "../../src/schema/activation.js";
import type { Candidate, SearchRequest } from "../../src/retrieve/index.js";

export const ENGINES = ["lancedb", "pglite"] as const;
export type EngineName = (typeof ENGINES)[number];

export interface EmbeddedMemory {
  id: string;
  text: string;
  payload: Record<string, string | number>;
  vector: Float32Array;
}

export interface BenchEngine<F> {
  readonly name: EngineName;
  search(vector: Float32Array, request: SearchRequest<F>): Promise<Candidate<string>[]>;
  translate(filters: FieldFilter[]): F | undefined;
  close(): Promise<void>;
}

/** Payload columns of the LanceDB table (flat, as the adapters' default field map expects). */
const TEXT_FIELDS = ["arc_type", "tether_type", "valence", "emotion_primary", "relational_dynamics", "temporal_context"] as const;

export async function openLanceDb(memories: readonly EmbeddedMemory[]): Promise<BenchEngine<string>> {
  const lancedb = await import("@lancedb/lancedb");
  const { Field, FixedSizeList, Float32, Float64, Schema, Utf8 } = await import("apache-arrow");
  const dir = await mkdtemp(join(tmpdir(), "arcroute-bench-lancedb-"));
  const dimensions = memories[0]!.vector.length;
  // Explicit schema: payload fields are null where a memory has none, and nulls carry no type.
  const schema = new Schema([
    new Field("id", new Utf8(), false),
    new Field("text", new Utf8(), false),
    ...TEXT_FIELDS.map((name) => new Field(name, new Utf8(), true)),
    new Field("emotional_weight", new Float64(), true),
    new Field("vector", new FixedSizeList(dimensions, new Field("item", new Float32(), true)), false),
  ]);
  const rows = memories.map((m) => {
    const row: Record<string, unknown> = { id: m.id, text: m.text, vector: Array.from(m.vector), emotional_weight: m.payload.emotional_weight ?? null };
    for (const field of TEXT_FIELDS) row[field] = m.payload[field] ?? null;
    return row;
  });
  const db = await lancedb.connect(dir);
  const table = await db.createTable("memories", rows, { schema });
  const payloads = new Map(memories.map((m) => [m.id, m.payload]));
  return {
    name: "lancedb",
    async search(vector, { filter, k }) {
      let query = table.vectorSearch(Array.from(vector)).distanceType("cosine").select(["id", "_distance"]).limit(k);
      if (filter !== undefined) query = query.where(filter);
      const hits = (await query.toArray()) as { id: string; _distance: number }[];
      return hits.map((hit) => ({ id: hit.id, score: 1 - hit._distance, payload: payloads.get(hit.id)!, item: hit.id }));
    },
    translate: (filters) => toLanceDbFilter(filters),
    async close() {
      table.close();
      db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function openPglite(memories: readonly EmbeddedMemory[]): Promise<BenchEngine<PgvectorFilter>> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { vector } = await import("@electric-sql/pglite-pgvector");
  const db = await PGlite.create({ extensions: { vector } });
  const dimensions = memories[0]!.vector.length;
  await db.exec(`CREATE EXTENSION IF NOT EXISTS vector;
    CREATE TABLE memories (id text PRIMARY KEY, text text NOT NULL, payload jsonb NOT NULL, embedding vector(${dimensions}) NOT NULL);`);
  // Multi-row inserts: one round trip per 100 memories instead of one per memory.
  for (let start = 0; start < memories.length; start += 100) {
    const chunk = memories.slice(start, start + 100);
    const rows = chunk.map((_, i) => `($${4 * i + 1}, $${4 * i + 2}, $${4 * i + 3}, $${4 * i + 4})`).join(", ");
    await db.query(`INSERT INTO memories (id, text, payload, embedding) VALUES ${rows}`, chunk.flatMap((m) => [m.id, m.text, JSON.stringify(m.payload), toPgVector(m.vector)]));
  }
  return {
    name: "pglite",
    async search(vector, { filter, k }) {
      // $1 is the query vector; the adapter's placeholders start at $2; ids break distance ties.
      const where = filter ? `WHERE ${filter.where}` : "";
      const params = [toPgVector(vector), ...(filter?.params ?? []), k];
      const sql = `SELECT id, payload, 1 - (embedding <=> $1) AS score FROM memories ${where}
        ORDER BY embedding <=> $1, id LIMIT $${params.length}`;
      const { rows } = await db.query<{ id: string; payload: Record<string, unknown>; score: number }>(sql, params);
      return rows.map((row) => ({ id: row.id, score: Number(row.score), payload: row.payload, item: row.id }));
    },
    translate: (filters) => toPgvectorFilter(filters, { firstParam: 2 }),
    async close() {
      await db.close();
    },
  };
}

export function openEngine(name: EngineName, memories: readonly EmbeddedMemory[]): Promise<BenchEngine<unknown>> {
  return name === "lancedb" ? openLanceDb(memories) : (openPglite(memories) as Promise<BenchEngine<unknown>>);
}

function toPgVector(vector: Float32Array): string {
  return `[${Array.from(vector).join(",")}]`;
}
