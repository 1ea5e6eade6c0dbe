/**
 * How ROBUST_ROUTING's `fieldWeights` and `fusionWeight` were chosen (benchmarks/retrieval/HELDOUT-3.md):
 *   npx tsx scripts/choose-routing-weights.ts
 *
 * On the retrieval benchmark's development data (train, heldout, heldout2; never heldout3), every
 * combination of the grid below is run through the retriever helper with the rest of the routed
 * options, and the kept one is the combination whose WORST development split gains most
 * significance recall@10 over the options before the revision (ties: the larger mean gain). The
 * lexical classifier's activations; exact cosine search in memory with the adapters' filter
 * semantics (`satisfiesAll`), which gives the benchmark's figures to the last digit (both engines are
 * exact too). About a minute.
 */
import { loadRetrievalSet, type RetrievalQuery } from "../benchmarks/retrieval/dataset.js";
import { DEFAULT_FETCH_K, K } from "../benchmarks/retrieval/evaluate.js";
import { lexicalClassifier } from "../src/classify/index.js";
import { loadWordVectorEmbedder } from "../src/embed/word-vectors.js";
import { createRetriever, matchPlan, ROBUST_ROUTING, satisfiesAll, type Candidate } from "../src/retrieve/index.js";
import type { FieldFilter } from "../src/schema/activation.js";

const DEVELOPMENT = ["train", "heldout", "heldout2"] as const;
const GRID = {
  tether_type: [0.3, 0.5, 0.75],
  valence: [0.3, 0.5],
  emotional_weight: [0.3, 1],
  emotion_primary: [0.75, 1],
  relational_dynamics: [0.75, 1],
  fusion: [0.5, 0.6],
};
/** The routed options before the revision. */
const BEFORE = { fieldWeights: {}, fusionWeight: 0.5 };

const { memories, queries } = loadRetrievalSet();
const embedder = loadWordVectorEmbedder();
const vectors = memories.map((m) => embedder.embedOne(m.text));
const significance = queries.filter((q) => q.type === "significance" && (DEVELOPMENT as readonly string[]).includes(q.split));
const prepared = await Promise.all(significance.map(async (q) => ({ q, vector: embedder.embedOne(q.query), activation: await lexicalClassifier.classify(q.query) })));

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) { dot += a[i]! * b[i]!; na += a[i]! ** 2; nb += b[i]! ** 2; }
  return dot / Math.sqrt(na * nb || 1);
}

async function search(vector: Float32Array, { filter, k }: { filter: FieldFilter[] | undefined; k: number }): Promise<Candidate[]> {
  const plan = filter ? matchPlan(filter) : undefined;
  return memories
    .map((m, i) => ({ id: m.id, score: cosine(vector, vectors[i]!), payload: m.payload as Record<string, unknown> }))
    .filter((hit) => !plan || satisfiesAll(plan, hit.payload))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)) // the engines' order: distance, then id
    .slice(0, k);
}

/** Mean significance recall@10 per development split. */
async function recallBySplit(options: { fieldWeights: Record<string, number>; fusionWeight: number }): Promise<number[]> {
  const retriever = createRetriever({ search, translate: (f: FieldFilter[]) => (f.length ? f : undefined), k: K, fetchK: DEFAULT_FETCH_K, ...ROBUST_ROUTING, ...options });
  const recall = new Map<RetrievalQuery, number>();
  for (const { q, vector, activation } of prepared) {
    const ids = new Set((await retriever.retrieve(vector, { activation })).results.map((hit) => hit.id));
    recall.set(q, q.relevant.filter((id) => ids.has(id)).length / q.relevant.length);
  }
  return DEVELOPMENT.map((split) => {
    const rows = [...recall].filter(([q]) => q.split === split);
    return rows.reduce((sum, [, r]) => sum + r, 0) / rows.length;
  });
}

const before = await recallBySplit(BEFORE);
console.log(`before: ${DEVELOPMENT.map((s, i) => `${s} ${before[i]!.toFixed(3)}`).join(", ")}`);
const rows: { worst: number; mean: number; label: string; recall: number[] }[] = [];
for (const tether_type of GRID.tether_type) for (const valence of GRID.valence) for (const emotional_weight of GRID.emotional_weight)
  for (const emotion_primary of GRID.emotion_primary) for (const relational_dynamics of GRID.relational_dynamics) for (const fusionWeight of GRID.fusion) {
    const fieldWeights = Object.fromEntries(Object.entries({ tether_type, valence, emotional_weight, emotion_primary, relational_dynamics }).filter(([, m]) => m < 1));
    const recall = await recallBySplit({ fieldWeights, fusionWeight });
    const gains = recall.map((r, i) => r - before[i]!);
    rows.push({ worst: Math.min(...gains), mean: gains.reduce((a, b) => a + b) / gains.length, label: `${JSON.stringify(fieldWeights)} fusion ${fusionWeight}`, recall });
  }
rows.sort((a, b) => b.worst - a.worst || b.mean - a.mean);
for (const row of rows.slice(0, 5)) {
  console.log(`worst gain ${row.worst.toFixed(3)}, mean ${row.mean.toFixed(3)}: ${row.label} → ${row.recall.map((r) => r.toFixed(3)).join(" / ")}`);
}
console.log(`kept: ${rows[0]!.label}`);
