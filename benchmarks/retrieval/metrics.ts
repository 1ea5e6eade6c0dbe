/**
 * Ranking metrics with binary relevance, pure functions (checked against hand-computed values
 * in test/retrieve/metrics.test.ts).
 *
 * - recall@k = |relevant ∩ top k| / |relevant|
 * - reciprocal rank = 1 / rank of the first relevant result (0 when none is retrieved); MRR is its mean
 * - nDCG@k = DCG@k / IDCG@k, DCG = Σ_{i ≤ k, result i relevant} 1 / log2(i + 1) (ranks from 1),
 *   IDCG = the DCG of a ranking with all min(|relevant|, k) relevant results first
 */

export function recallAt(ranked: readonly string[], relevant: readonly string[], k: number): number {
  if (relevant.length === 0) throw new Error("recall is undefined for a query without relevant results");
  const top = new Set(ranked.slice(0, k));
  return relevant.filter((id) => top.has(id)).length / relevant.length;
}

export function reciprocalRank(ranked: readonly string[], relevant: readonly string[]): number {
  const wanted = new Set(relevant);
  const index = ranked.findIndex((id) => wanted.has(id));
  return index < 0 ? 0 : 1 / (index + 1);
}

export function ndcgAt(ranked: readonly string[], relevant: readonly string[], k: number): number {
  const wanted = new Set(relevant);
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => {
    if (wanted.has(id)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(wanted.size, k); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

export interface QueryMetrics {
  recall_at_5: number;
  recall_at_10: number;
  mrr: number;
  ndcg_at_10: number;
}

export function queryMetrics(ranked: readonly string[], relevant: readonly string[]): QueryMetrics {
  return {
    recall_at_5: recallAt(ranked, relevant, 5),
    recall_at_10: recallAt(ranked, relevant, 10),
    mrr: reciprocalRank(ranked, relevant),
    ndcg_at_10: ndcgAt(ranked, relevant, 10),
  };
}

/** Mean of each metric over queries, with the count. */
export function meanMetrics(rows: readonly QueryMetrics[]): QueryMetrics & { queries: number } {
  const mean = (pick: (m: QueryMetrics) => number) => (rows.length === 0 ? 0 : rows.reduce((sum, m) => sum + pick(m), 0) / rows.length);
  return {
    queries: rows.length,
    recall_at_5: mean((m) => m.recall_at_5),
    recall_at_10: mean((m) => m.recall_at_10),
    mrr: mean((m) => m.mrr),
    ndcg_at_10: mean((m) => m.ndcg_at_10),
  };
}
