/**
 * A sentence embedder over the compact GloVe table (models/word-vectors): stopwords dropped,
 * each remaining word weighted by SIF (a / (a + p(w)), p estimated from the word's frequency
 * rank by Zipf's law), mean-pooled and L2-normalised. Deterministic and offline.
 *
 * Words missing from the table get a pseudo-random unit vector seeded by the word itself, so two
 * texts naming the same unknown person or place still meet, and every text gets a unit vector.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { readWordTable, type WordTable } from "./table.js";
import { contentWords, tokenize } from "./tokenize.js";
import { checkTexts, type Embedder } from "./types.js";

export const WORD_VECTOR_MODEL = "arcroute-glove100-sif@1";

/** SIF smoothing constant (Arora et al. 2017 use 1e-3 to 1e-4). */
const SIF_A = 1e-3;

export interface WordVectorEmbedderOptions {
  /** Folder holding the table; defaults to the package's models/word-vectors. */
  dir?: string;
}

/** The package's own `models/word-vectors`, found from this file whether run from src/ or dist/src/. */
export function defaultWordTableDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, "models", "word-vectors", "meta.json");
    if (existsSync(candidate)) return dirname(candidate);
    const parent = dirname(dir);
    if (parent === dir) throw new Error("cannot find models/word-vectors (the compact word table)");
    dir = parent;
  }
}

export class WordVectorEmbedder implements Embedder {
  readonly model = WORD_VECTOR_MODEL;
  readonly dimensions: number;
  readonly #rows = new Map<string, number>();
  readonly #weights: Float32Array;
  readonly #norms: Float32Array;

  constructor(readonly table: WordTable) {
    this.dimensions = table.meta.dimensions;
    table.words.forEach((word, row) => this.#rows.set(word, row));
    // Zipf: p(rank r) ≈ 1 / ((r + 1) · H_N), H_N ≈ ln N + γ.
    const harmonic = Math.log(table.meta.sourceVocabularySize) + 0.5772;
    this.#weights = Float32Array.from(table.ranks, (rank) => SIF_A / (SIF_A + 1 / ((rank + 1) * harmonic)));
    // Norms of the int8 rows: the per-row scale cancels out once a row is normalised.
    this.#norms = new Float32Array(table.words.length);
    for (let row = 0; row < table.words.length; row++) {
      let norm = 0;
      for (let i = 0; i < this.dimensions; i++) norm += table.vectors[row * this.dimensions + i]! ** 2;
      this.#norms[row] = Math.sqrt(norm) || 1;
    }
  }

  /** True when `word` has a row in the table. */
  knows(word: string): boolean {
    return this.#rows.has(word);
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    checkTexts(texts);
    return texts.map((text) => this.embedOne(text));
  }

  embedOne(text: string): Float32Array {
    let words = contentWords(text);
    if (words.length === 0) words = tokenize(text);
    if (words.length === 0) words = ["<empty>"];
    const sum = new Float32Array(this.dimensions);
    for (const word of words) this.#addWord(sum, word);
    return normalise(sum);
  }

  #addWord(sum: Float32Array, word: string): void {
    const row = this.#rows.get(word);
    if (row === undefined) {
      // Unknown words are rare by definition: full SIF weight.
      const vector = unknownWordVector(word, this.dimensions);
      for (let i = 0; i < this.dimensions; i++) sum[i]! += vector[i]!;
      return;
    }
    // Rows count by direction only (their length tracks frequency, which SIF already weighs).
    const factor = this.#weights[row]! / this.#norms[row]!;
    const offset = row * this.dimensions;
    for (let i = 0; i < this.dimensions; i++) sum[i]! += this.table.vectors[offset + i]! * factor;
  }
}

/** Loads the table once and returns the embedder. */
export function loadWordVectorEmbedder(options: WordVectorEmbedderOptions = {}): WordVectorEmbedder {
  return new WordVectorEmbedder(readWordTable(options.dir ?? defaultWordTableDir()));
}

function normalise(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

/** A deterministic unit vector for a word the table lacks (FNV-1a seed, xorshift32 stream). */
export function unknownWordVector(word: string, dimensions: number): Float32Array {
  let seed = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) seed = Math.imul(seed ^ word.charCodeAt(i), 0x01000193) >>> 0;
  const vector = new Float32Array(dimensions);
  for (let i = 0; i < dimensions; i++) {
    seed ^= seed << 13;
    seed >>>= 0;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    vector[i] = seed / 0xffffffff - 0.5;
  }
  return normalise(vector);
}
