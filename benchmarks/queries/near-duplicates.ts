/**
 * Near-duplicate removal for a new query split (the protocol in HELDOUT-2.md):
 *   npx tsx benchmarks/queries/near-duplicates.ts <candidates.jsonl> <kept.jsonl> [--threshold 0.7]
 *
 * A candidate is dropped when its word set's Jaccard similarity with any query of the existing
 * splits (train and the earlier held-out splits), or with a candidate kept before it, is at or
 * above the threshold. Words are runs of
 * lowercase letters and digits after apostrophes are removed ("couldn't" → "couldnt"), so one
 * changed word in a short query is enough to reach 0.7. The candidates file is parsed with the
 * same validation as the shipped splits, so a bad label fails here with file and line.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { loadQueries, parseQueries, queriesPath, SPLITS } from "./load.js";

export const NEAR_DUPLICATE_JACCARD = 0.7;

export function wordSet(text: string): Set<string> {
  return new Set(text.toLowerCase().replace(/['’]/g, "").match(/[a-z0-9]+/g) ?? []);
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

export interface Dropped {
  id: string;
  query: string;
  /** The closest earlier query (train, first held-out or a kept candidate) and its similarity. */
  closest: { id: string; query: string; jaccard: number };
}

/**
 * Keeps candidates in order; each is compared with every reference and every candidate kept so far.
 * An index from word to the earlier queries holding it counts shared words, so only queries that
 * share a word are scored (the rest have similarity 0).
 */
export function dropNearDuplicates<Q extends { id: string; query: string }>(
  candidates: readonly Q[],
  references: readonly { id: string; query: string }[],
  threshold = NEAR_DUPLICATE_JACCARD,
): { kept: Q[]; dropped: Dropped[] } {
  const earlier: { q: { id: string; query: string }; size: number }[] = [];
  const holding = new Map<string, number[]>();
  const remember = (q: { id: string; query: string }, words: Set<string>) => {
    for (const word of words) (holding.get(word) ?? holding.set(word, []).get(word)!).push(earlier.length);
    earlier.push({ q, size: words.size });
  };
  for (const q of references) remember(q, wordSet(q.query));
  const kept: Q[] = [];
  const dropped: Dropped[] = [];
  for (const candidate of candidates) {
    const words = wordSet(candidate.query);
    const shared = new Map<number, number>();
    for (const word of words) for (const i of holding.get(word) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    let closest: { i: number; jaccard: number } | null = null;
    for (const [i, count] of shared) {
      const similarity = count / (words.size + earlier[i]!.size - count);
      if (closest === null || similarity > closest.jaccard) closest = { i, jaccard: similarity };
    }
    if (closest !== null && closest.jaccard >= threshold) {
      const { q } = earlier[closest.i]!;
      dropped.push({ id: candidate.id, query: candidate.query, closest: { id: q.id, query: q.query, jaccard: closest.jaccard } });
    } else {
      kept.push(candidate);
      remember(candidate, words);
    }
  }
  return { kept, dropped };
}

function main(argv: string[]): void {
  const [input, output] = argv;
  const at = argv.indexOf("--threshold");
  const threshold = at === -1 ? NEAR_DUPLICATE_JACCARD : Number(argv[at + 1]);
  if (!input || !output || !(threshold > 0 && threshold <= 1)) {
    throw new Error("usage: near-duplicates.ts <candidates.jsonl> <kept.jsonl> [--threshold 0.7]");
  }
  const candidates = parseQueries(readFileSync(input, "utf8"), input);
  // Every query of the splits that exist already (the candidates' own split is the one being written).
  const own = new Set(candidates.map((q) => q.split));
  const references = SPLITS.filter((split) => !own.has(split) && existsSync(queriesPath(split))).flatMap((split) => loadQueries(split));
  const { kept, dropped } = dropNearDuplicates(candidates, references, threshold);
  writeFileSync(output, kept.map((q) => JSON.stringify(q)).join("\n") + "\n");
  for (const d of dropped) console.log(`dropped ${d.id} (${d.closest.jaccard.toFixed(2)} with ${d.closest.id}): ${d.query} ~ ${d.closest.query}`);
  console.log(`${candidates.length} candidates, ${dropped.length} dropped, ${kept.length} kept (Jaccard >= ${threshold})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main(process.argv.slice(2));
