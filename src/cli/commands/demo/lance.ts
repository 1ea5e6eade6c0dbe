/**
 * The demo's embedded LanceDB table: the sample corpus with its flat EDM payload columns and a
 * vector column from a real embedding, searched raw or routed by significance.
 */
import type * as LanceDb from "@lancedb/lancedb";
import { Field, FixedSizeList, Float32, Float64, Schema, Utf8 } from "apache-arrow";
import type { Embedder } from "../../../embed/types.js";
import type { ActivationResult, FieldFilter } from "../../../schema/activation.js";
import { matchShare } from "../../../integrations/langchain/pipeline.js";

export type LanceModule = typeof LanceDb;
export type LanceTable = LanceDb.Table;

export interface DemoHit {
  id: string;
  text: string;
  arc_type: string | null;
  /** Cosine similarity of the raw search, or the fused score of the routed one. */
  score: number;
  /** Routed only: found by the filtered search or added by the fallback. */
  source?: "filtered" | "fallback";
}

const TEXT_COLUMNS = ["id", "text", "arc_type", "tether_type", "valence", "emotion_primary", "temporal_context", "relational_dynamics", "memory_type"];
const NUMBER_COLUMNS = ["emotional_weight"];

/**
 * Creates the table in `dir`. The schema is explicit because payload columns are null for
 * memories without significance, and LanceDB cannot infer a type from nulls.
 */
export async function openDemoTable(lancedb: LanceModule, dir: string, corpus: Record<string, unknown>[], embedder: Embedder): Promise<LanceTable> {
  const vectors = await embedder.embed(corpus.map((memory) => String(memory.text)));
  const schema = new Schema([
    ...TEXT_COLUMNS.map((name) => new Field(name, new Utf8(), name !== "id" && name !== "text")),
    ...NUMBER_COLUMNS.map((name) => new Field(name, new Float64(), true)),
    new Field("vector", new FixedSizeList(embedder.dimensions, new Field("item", new Float32(), true)), false),
  ]);
  const rows = corpus.map((memory, i) => {
    const row: Record<string, unknown> = { vector: Array.from(vectors[i]!) };
    for (const name of [...TEXT_COLUMNS, ...NUMBER_COLUMNS]) row[name] = memory[name] ?? null;
    return row;
  });
  const db = await lancedb.connect(dir);
  return db.createTable("memories", rows, { schema });
}

/** Plain nearest neighbours by cosine similarity. */
export async function rawSearch(table: LanceTable, queryVector: Float32Array, k: number): Promise<DemoHit[]> {
  const rows = await table.vectorSearch(Array.from(queryVector)).distanceType("cosine").limit(k).toArray();
  return rows.map((row: Record<string, unknown>) => toHit(row, 1 - Number(row._distance)));
}

function toHit(row: Record<string, unknown>, score: number): DemoHit {
  return { id: String(row.id), text: String(row.text), arc_type: (row.arc_type as string | null) ?? null, score };
}

/**
 * Significance routing on the table. PROVISIONAL until the retriever helper (src/retrieve) and the
 * LanceDB adapter (adapters/lancedb) land: filter mode as an SQL predicate, unfiltered fallback
 * when fewer than k pass, fusion of cosine similarity with the weighted filter matches.
 */
export async function routedSearch(table: LanceTable, queryVector: Float32Array, activation: ActivationResult, k: number): Promise<DemoHit[]> {
  const vector = Array.from(queryVector);
  const hits = new Map<string, DemoHit>();
  const where = activation.significance_gate ? lanceWhere(activation.field_filters) : null;
  if (where) {
    const rows = await table.vectorSearch(vector).distanceType("cosine").where(where).limit(k).toArray();
    for (const row of rows) hits.set(String(row.id), { ...toHit(row, 1 - Number(row._distance)), source: "filtered" });
  }
  if (hits.size < k) {
    for (const row of await table.vectorSearch(vector).distanceType("cosine").limit(k).toArray()) {
      if (!hits.has(String(row.id))) hits.set(String(row.id), { ...toHit(row, 1 - Number(row._distance)), source: "fallback" });
    }
  }
  const payloads = new Map((await table.query().toArray()).map((row: Record<string, unknown>) => [String(row.id), row]));
  return [...hits.values()]
    .map((hit) => ({ ...hit, score: 0.5 * hit.score + 0.5 * matchShare(activation.field_filters, payloads.get(hit.id) ?? {}) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k);
}

/** Filters on one field are alternatives (OR), different fields combine (AND); values are escaped. */
function lanceWhere(filters: FieldFilter[]): string | null {
  const byField = new Map<string, string[]>();
  for (const f of filters) {
    const op = f.operator === "eq" ? "=" : f.operator === "gte" ? ">=" : "<=";
    const value = typeof f.value === "number" ? String(f.value) : `'${f.value.replaceAll("'", "''")}'`;
    byField.set(f.field, [...(byField.get(f.field) ?? []), `${f.field} ${op} ${value}`]);
  }
  if (byField.size === 0) return null;
  return [...byField.values()].map((alternatives) => `(${alternatives.join(" OR ")})`).join(" AND ");
}
