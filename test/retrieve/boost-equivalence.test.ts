/**
 * One scoring, two places: `rerank` (in memory) and the pgvector adapter's boost mode (in SQL)
 * must rank the same. With fusionWeight 0.5, rerank orders by 0.5·(1 − d) + 0.5·match, i.e. by
 * d − match ascending, which is exactly `ORDER BY (embedding <=> $1) - boost` with boostWeight 1.
 */
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toPgvectorFilter } from "../../adapters/pgvector/index.js";
import { loadRetrievalSet } from "../../benchmarks/retrieval/dataset.js";
import { classify } from "../../src/classify/index.js";
import { loadWordVectorEmbedder } from "../../src/embed/word-vectors.js";
import { rerank } from "../../src/retrieve/index.js";


const { memories } = loadRetrievalSet();
const corpus = memories.filter((_, i) => i % 3 === 0); // 101 memories, both kinds
const embedder = loadWordVectorEmbedder();
const pgVector = (v: Float32Array) => `[${Array.from(v).join(",")}]`;
let db: PGlite;

beforeAll(async () => {
  const pglite = await import("@electric-sql/pglite");
  const { vector } = await import("@electric-sql/pglite-pgvector");
  db = await pglite.PGlite.create({ extensions: { vector } });
  await db.exec("CREATE EXTENSION IF NOT EXISTS vector; CREATE TABLE m (id text PRIMARY KEY, payload jsonb NOT NULL, embedding vector(100) NOT NULL);");
  for (const memory of corpus) {
    await db.query("INSERT INTO m VALUES ($1, $2, $3)", [memory.id, JSON.stringify(memory.payload), pgVector(embedder.embedOne(memory.text))]);
  }
}, 120_000);
afterAll(async () => db?.close());

describe("rerank agrees with the pgvector adapter's boost mode", () => {
  it.each(["times dad was proud of me", "losing my grandmother", "when a friend broke my trust", "the day I finally felt free"])("%s", async (query) => {
    const activation = classify(query);
    expect(activation.significance_gate).toBe(true);
    const vector = pgVector(embedder.embedOne(query));
    const boost = toPgvectorFilter(activation, { mode: "boost", firstParam: 2 })!;
    const { rows: sqlRanked } = await db.query<{ id: string }>(
      `SELECT id FROM m ORDER BY (embedding <=> $1) - ${boost.score}, id LIMIT 10`,
      [vector, ...boost.params],
    );
    const { rows: all } = await db.query<{ id: string; payload: Record<string, unknown>; similarity: number }>(
      "SELECT id, payload, 1 - (embedding <=> $1) AS similarity FROM m ORDER BY id",
      [vector],
    );
    const memoryRanked = rerank(all.map((row) => ({ id: row.id, score: Number(row.similarity), payload: row.payload })), activation, { fusionWeight: 0.5, k: 10 });
    expect(memoryRanked.map((r) => r.id)).toEqual(sqlRanked.map((r) => r.id));
  });
});
