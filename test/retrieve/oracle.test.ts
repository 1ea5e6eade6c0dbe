/**
 * End-to-end correctness of routing on a real engine: with a PERFECT activation (field filters
 * taken from each significance query's labelled intent), filter mode on PGlite/pgvector must return
 * every relevant memory in the top 10. Whatever routed recall the benchmark reports below 1 is
 * therefore the classifier's doing, not the adapters', the retriever's or the engine's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRetrievalSet } from "../../benchmarks/retrieval/dataset.js";
import { openPglite, type BenchEngine } from "../../benchmarks/retrieval/engines.js";
import { DEFAULT_FETCH_K, ROUTED_OPTIONS } from "../../benchmarks/retrieval/evaluate.js";
import { recallAt } from "../../benchmarks/retrieval/metrics.js";
import { loadWordVectorEmbedder } from "../../src/embed/word-vectors.js";
import { createRetriever } from "../../src/retrieve/index.js";
import type { ActivationResult, FieldFilter } from "../../src/schema/activation.js";
import type { PgvectorFilter } from "../../adapters/pgvector/index.js";

const { memories, queries } = loadRetrievalSet();
const embedder = loadWordVectorEmbedder();
let engine: BenchEngine<PgvectorFilter>;

beforeAll(async () => {
  engine = await openPglite(memories.map((m) => ({ ...m, vector: embedder.embedOne(m.text) })));
}, 60_000);
afterAll(async () => engine?.close());

/** The intent as an activation; undefined when it cannot be one (a text regex, an absent-field value). */
function perfectActivation(intent: NonNullable<(typeof queries)[number]["intent"]>): ActivationResult | undefined {
  if (intent.text !== null) return undefined;
  const filters: FieldFilter[] = [];
  for (const [field, values] of Object.entries(intent.fields)) {
    if (values.includes("none")) return undefined;
    for (const value of values) filters.push({ field, operator: "eq", value, weight: 1 } as FieldFilter);
  }
  filters.push({ field: "emotional_weight", operator: "gte", value: intent.min_weight, weight: 1 });
  return { activation_id: null, arc_types: [], primary_domain: "constellation", field_filters: filters, confidence: 1, significance_gate: true };
}

/**
 * Recall@10 of each significance query whose intent can be an activation, routed with it.
 * With every field hard, every relevant memory of every query is in the top 10. With the routed
 * options (only arc and weight hard, the relation a second route and a fusion term) the same holds
 * for every train and first-split query, but not quite on the second held-out split, written later
 * (HELDOUT-2.md): "How did I mourn my grandparents…" (arc grief, relation grandparent) has 6
 * relevant memories among 14 grief ones, and one of them (Nan's quilt) ranks 11th, its relation
 * match outweighed by the vector similarity of two grief memories of other relations. Found when
 * that split was added (2026-11-27); the routed options were chosen on train and are not changed
 * for a held-out query.
 */
async function oracleRecalls(routing: object): Promise<Map<(typeof queries)[number], number>> {
  const retriever = createRetriever({ search: engine.search.bind(engine), translate: engine.translate.bind(engine), k: 10, ...routing });
  const recalls = new Map<(typeof queries)[number], number>();
  for (const query of queries.filter((q) => q.type === "significance")) {
    const activation = perfectActivation(query.intent!);
    if (!activation) continue;
    const { results } = await retriever.retrieve(embedder.embedOne(query.query), { activation });
    recalls.set(query, recallAt(results.map((r) => r.id), query.relevant, 10));
  }
  return recalls;
}

describe("routing with a perfect activation (PGlite + pgvector adapter + retriever)", () => {
  it("finds every relevant memory of every significance query in the top 10 with every field hard (the default)", async () => {
    const recalls = await oracleRecalls({});
    expect(recalls.size).toBeGreaterThanOrEqual(150);
    for (const [query, recall] of recalls) expect(recall, `${query.id} ${query.query}`).toBe(1);
  }, 60_000);

  it("with the benchmark's routed options: every train and first-split query in full, the second split at ≥ 0.99 on average", async () => {
    const recalls = await oracleRecalls({ ...ROUTED_OPTIONS, fetchK: DEFAULT_FETCH_K });
    const second = [...recalls].filter(([query]) => query.split === "heldout2");
    for (const [query, recall] of recalls) if (query.split !== "heldout2") expect(recall, `${query.id} ${query.query}`).toBe(1);
    expect(second.length).toBeGreaterThanOrEqual(50);
    expect(second.reduce((sum, [, recall]) => sum + recall, 0) / second.length).toBeGreaterThanOrEqual(0.99);
  }, 60_000);
});
