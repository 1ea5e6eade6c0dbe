import { describe, expect, it } from "vitest";
import { meanMetrics, ndcgAt, queryMetrics, recallAt, reciprocalRank } from "../../benchmarks/retrieval/metrics.js";
import { jaccard, wordOverlap } from "../../benchmarks/retrieval/overlap.js";

describe("retrieval metrics (hand-computed)", () => {
  const ranked = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];

  it("recall@k", () => {
    expect(recallAt(ranked, ["b", "f", "z"], 5)).toBeCloseTo(1 / 3, 12);
    expect(recallAt(ranked, ["b", "f", "z"], 10)).toBeCloseTo(2 / 3, 12);
    expect(recallAt(ranked, ["z"], 10)).toBe(0);
    expect(() => recallAt(ranked, [], 10)).toThrow(/undefined/);
  });

  it("reciprocal rank", () => {
    expect(reciprocalRank(ranked, ["c", "a"])).toBe(1);
    expect(reciprocalRank(ranked, ["d", "h"])).toBe(0.25);
    expect(reciprocalRank(ranked, ["z"])).toBe(0);
  });

  it("nDCG@10 with binary gains", () => {
    // Relevant at ranks 2 and 4: DCG = 1/log2(3) + 1/log2(5) = 0.63093 + 0.43068 = 1.06161;
    // IDCG (2 relevant) = 1 + 1/log2(3) = 1.63093 → 0.65092.
    expect(ndcgAt(ranked, ["b", "d"], 10)).toBeCloseTo(0.650921, 5);
    expect(ndcgAt(ranked, ["a", "b"], 10)).toBe(1);
    // Three relevant, one retrieved at rank 1: IDCG = 1 + 0.63093 + 0.5 = 2.13093 → 0.46928.
    expect(ndcgAt(ranked, ["a", "y", "z"], 10)).toBeCloseTo(0.469279, 5);
    expect(ndcgAt(ranked, ["z"], 10)).toBe(0);
  });

  it("per query and mean", () => {
    const one = queryMetrics(ranked, ["b", "f"]);
    expect(one).toEqual({ recall_at_5: 0.5, recall_at_10: 1, mrr: 0.5, ndcg_at_10: expect.closeTo((1 / Math.log2(3) + 1 / Math.log2(7)) / (1 + 1 / Math.log2(3)), 12) });
    const mean = meanMetrics([one, queryMetrics(ranked, ["z"])]);
    expect(mean).toMatchObject({ queries: 2, recall_at_5: 0.25, recall_at_10: 0.5, mrr: 0.25 });
    expect(meanMetrics([]).queries).toBe(0);
  });

  it("word overlap: Jaccard of content words", () => {
    expect(jaccard(new Set(["nan", "died"]), new Set(["nan", "quilt", "died", "soap"]))).toBe(0.5);
    const texts = new Map([
      ["m1", "Nan's quilt smelled of lavender soap"],
      ["m2", "Dad's watch stopped"],
    ]);
    // "Nan's quilt" → {nan, quilt}; m1 → {nan, quilt, smelled, lavender, soap}: 2/5. "grief" vs m2: 0.
    const figures = wordOverlap([{ query: "Nan's quilt", relevant: ["m1"] }, { query: "grief", relevant: ["m2"] }], texts);
    expect(figures).toEqual({ pairs: 2, mean_jaccard: 0.2, share_with_any_common_word: 0.5 });
  });
});
