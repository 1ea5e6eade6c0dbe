/**
 * Word clusters for the classifier's linear models: the most frequent English words (by GloVe
 * frequency rank alone, so no benchmark text decides which words are in) grouped by spherical
 * k-means over their GloVe vectors (models/word-vectors/). A query word then also counts as its
 * cluster ("fiance" and "fiancee", "sacked" and "fired"), so a model fitted on the train queries
 * generalises to words those queries never used. Deterministic (seeded initialisation).
 *
 *   npx tsx scripts/fit-word-clusters.ts [--k 400] [--words 20000] [--dry-run]
 *
 * Writes src/classify/word-clusters.ts.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { readWordTable } from "../src/embed/table.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const K = arg("--k", 400);
const WORDS = arg("--words", 20000);
const ITERATIONS = 20;
const OUT = "src/classify/word-clusters.ts";

const table = readWordTable(join(import.meta.dirname, "..", "models", "word-vectors"));
const d = table.meta.dimensions;
const rows = table.words
  .map((word, row) => ({ word, row, rank: table.ranks[row]! }))
  .filter((r) => /^[a-z]+$/.test(r.word))
  .sort((a, b) => a.rank - b.rank)
  .slice(0, WORDS);
const n = rows.length;
const X = new Float32Array(n * d);
rows.forEach((r, i) => {
  let norm = 0;
  for (let j = 0; j < d; j++) { const v = table.vectors[r.row * d + j]! * table.scales[r.row]!; X[i * d + j] = v; norm += v * v; }
  norm = Math.sqrt(norm) || 1;
  for (let j = 0; j < d; j++) X[i * d + j]! /= norm;
});

// Seeded PRNG (mulberry32): the same clusters on every run.
let seed = 20261123;
const random = () => { seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const C = new Float32Array(K * d);
const picked = new Set<number>();
for (let k = 0; k < K; k++) {
  let i = Math.floor(random() * n);
  while (picked.has(i)) i = (i + 1) % n;
  picked.add(i);
  C.set(X.subarray(i * d, (i + 1) * d), k * d);
}
const assign = new Int32Array(n);
for (let it = 0; it < ITERATIONS; it++) {
  let changed = 0;
  for (let i = 0; i < n; i++) {
    let best = 0, bestSim = -Infinity;
    for (let k = 0; k < K; k++) {
      let s = 0;
      for (let j = 0; j < d; j++) s += X[i * d + j]! * C[k * d + j]!;
      if (s > bestSim) { bestSim = s; best = k; }
    }
    if (assign[i] !== best || it === 0) { changed++; assign[i] = best; }
  }
  C.fill(0);
  for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) C[assign[i]! * d + j]! += X[i * d + j]!;
  for (let k = 0; k < K; k++) {
    let norm = 0;
    for (let j = 0; j < d; j++) norm += C[k * d + j]! ** 2;
    norm = Math.sqrt(norm);
    if (norm === 0) { const i = Math.floor(random() * n); C.set(X.subarray(i * d, (i + 1) * d), k * d); continue; }
    for (let j = 0; j < d; j++) C[k * d + j]! /= norm;
  }
  console.log(`iteration ${it + 1}: ${changed} words moved`);
  if (changed === 0) break;
}
const groups: string[][] = Array.from({ length: K }, () => []);
rows.forEach((r, i) => groups[assign[i]!]!.push(r.word));
const kept = groups.filter((g) => g.length > 0).map((g) => g.sort().join(" "));
console.log(`${n} words in ${kept.length} clusters; e.g. ${kept.slice(0, 3).map((g) => g.split(" ").slice(0, 8).join(",")).join(" | ")}`);
if (!process.argv.includes("--dry-run")) {
  writeFileSync(OUT, `/**
 * Word clusters: written by \`npx tsx scripts/fit-word-clusters.ts --k ${K} --words ${WORDS}\` (spherical k-means over
 * GloVe 6B 100d vectors of the ${WORDS} most frequent lowercase words; no benchmark text involved).
 * One string per cluster, its words separated by spaces; a cluster's feature name is its index.
 */
export const WORD_CLUSTERS: readonly string[] = ${JSON.stringify(kept)};
`);
  console.log(`wrote ${OUT}`);
}
