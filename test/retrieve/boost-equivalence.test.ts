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
import { matchPlan, matchScore, rerank } from "../../src/retrieve/index.js";


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

describe("rerank's matchScore equals the pgvector boost score on payloads at the edges", () => {
  // Nested arrays are not looked into (one level, as the stores' filters), and a path never goes
  // through an array (an array's `length` is not a payload value).
  const payloads: Record<string, unknown> = {
    nestedArray: { arc_type: [["grief"]], emotional_weight: [[0.9]], scores: [0.9] },
    flatArray: { arc_type: ["bond", "grief"], emotional_weight: [0.1, 0.9] },
    lengthOfArray: { arc_type: "grief", scores: [0.1, 0.2] },
    lengthField: { scores: { length: 0.9 } },
    arrayOnPath: { scores: [{ length: 0.9 }] },
    plain: { arc_type: "grief", emotional_weight: 0.9 },
  };
  const filters = [
    { field: "arc_type", operator: "eq", value: "grief", weight: 1 },
    { field: "emotional_weight", operator: "gte", value: 0.7, weight: 0.5 },
  ] as const;

  it.each([{}, { fields: { emotional_weight: "scores.length" } }])("fields %j", async (map) => {
    const boost = toPgvectorFilter([...filters], { mode: "boost", ...map })!;
    const { rows } = await db.query<{ id: string; score: number }>(
      `SELECT id, (${boost.score})::float8 AS score FROM (VALUES ${Object.keys(payloads).map((_, i) => `($${boost.params.length + 2 * i + 1}::text, $${boost.params.length + 2 * i + 2}::jsonb)`).join(", ")}) AS m(id, payload) ORDER BY id`,
      [...boost.params, ...Object.entries(payloads).flatMap(([id, payload]) => [id, JSON.stringify(payload)])],
    );
    const plan = matchPlan([...filters], "fields" in map ? map.fields : undefined)!;
    const inMemory = Object.fromEntries(Object.entries(payloads).map(([id, payload]) => [id, matchScore(plan, payload as Record<string, unknown>)]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.score]))).toEqual(inMemory);
    expect(inMemory.nestedArray).toBe(0);
  });
});
