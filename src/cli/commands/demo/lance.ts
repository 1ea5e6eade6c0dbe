/**
 * The demo's embedded LanceDB table: the sample corpus with its flat EDM payload columns and a
 * vector column from a real embedding, searched raw, or routed by significance through the
 * retriever helper (`createRetriever`: filter → relaxation → fallback → fusion) with the LanceDB
 * adapter (`toLanceDbFilter`) translating the activation's filters into the table's `where`.
 */
import type * as LanceDb from "@lancedb/lancedb";
import { Field, FixedSizeList, Float32, Float64, Schema, Utf8 } from "apache-arrow";
import type { Embedder } from "../../../embed/types.js";
import { toLanceDbFilter } from "../../../../adapters/lancedb/index.js";
import { createRetriever, ROBUST_ROUTING, type Candidate, type CandidateSource } from "../../../retrieve/index.js";
import type { ActivationResult } from "../../../schema/activation.js";

export type LanceModule = typeof LanceDb;
export type LanceTable = LanceDb.Table;

export interface DemoHit {
  id: string;
  text: string;
  arc_type: string | null;
  /** Cosine similarity of the raw search, or the fused score of the routed one. */
  score: number;
  /** Routed only: which of the retriever's searches found it (filtered, relaxed, fallback, unrouted). */
  source?: CandidateSource;
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

/** One LanceDB search: cosine similarity, optionally restricted by a `where` from the adapter. */
async function search(table: LanceTable, vector: Float32Array, filter: string | undefined, k: number): Promise<Candidate<Record<string, unknown>>[]> {
  let query = table.vectorSearch(Array.from(vector)).distanceType("cosine").limit(k);
  if (filter !== undefined) query = query.where(filter);
  const rows = (await query.toArray()) as Record<string, unknown>[];
  return rows.map((row) => ({ id: String(row.id), score: 1 - Number(row._distance), payload: row, item: row }));
}

/** Significance routing on the table: the retriever helper (robust routing preset) over LanceDB, filters by the LanceDB adapter. */
export async function routedSearch(table: LanceTable, queryVector: Float32Array, activation: ActivationResult, k: number): Promise<DemoHit[]> {
  const retriever = createRetriever<Float32Array, string, Record<string, unknown>>({
    search: (vector, request) => search(table, vector, request.filter, request.k),
    translate: (filters) => toLanceDbFilter(filters),
    k,
    ...ROBUST_ROUTING,
  });
  const { results } = await retriever.retrieve(queryVector, { activation });
  return results.map((hit) => ({ ...toHit(hit.item ?? hit.payload, hit.score), source: hit.source ?? "filtered" }));
}
