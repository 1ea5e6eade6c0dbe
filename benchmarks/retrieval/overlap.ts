/**
 * How many words a query shares with its answers: the Jaccard index of content-word sets
 * (lowercased tokens minus stopwords, exactly as the word-vector embedder sees them), averaged
 * over every (query, relevant memory) pair. Significance queries should share few words with
 * their answers (they ask by what mattered, the memories say what happened); factual ones share more.
 */
import { contentWords } from "../../src/embed/tokenize.js";

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

export interface OverlapFigures {
  pairs: number;
  /** Mean Jaccard of content-word sets over (query, relevant memory) pairs. */
  mean_jaccard: number;
  /** Share of pairs that share at least one content word. */
  share_with_any_common_word: number;
}

export function wordOverlap(queries: readonly { query: string; relevant: readonly string[] }[], texts: ReadonlyMap<string, string>): OverlapFigures {
  let pairs = 0;
  let sum = 0;
  let anyCommon = 0;
  for (const query of queries) {
    const q = new Set(contentWords(query.query));
    for (const id of query.relevant) {
      const m = new Set(contentWords(texts.get(id) ?? ""));
      const j = jaccard(q, m);
      pairs++;
      sum += j;
      if (j > 0) anyCommon++;
    }
  }
  return { pairs, mean_jaccard: pairs ? sum / pairs : 0, share_with_any_common_word: pairs ? anyCommon / pairs : 0 };
}
