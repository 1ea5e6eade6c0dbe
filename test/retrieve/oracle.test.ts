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

describe("routing with a perfect activation (PGlite + pgvector adapter + retriever)", () => {
  it.each([
    ["every field hard (the default)", {}],
    ["the benchmark's routed options", { ...ROUTED_OPTIONS, fetchK: DEFAULT_FETCH_K }],
  ])("finds every relevant memory of every significance query in the top 10: %s", async (_name, routing) => {
    const retriever = createRetriever({ search: engine.search.bind(engine), translate: engine.translate.bind(engine), k: 10, ...routing });
    let checked = 0;
    for (const query of queries.filter((q) => q.type === "significance")) {
      const activation = perfectActivation(query.intent!);
      if (!activation) continue;
      const { results } = await retriever.retrieve(embedder.embedOne(query.query), { activation });
      expect(recallAt(results.map((r) => r.id), query.relevant, 10), `${query.id} ${query.query}`).toBe(1);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(90);
  }, 60_000);
});
