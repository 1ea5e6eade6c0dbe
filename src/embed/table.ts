/**
 * The compact word-vector table in `models/word-vectors/` (format documented in its README.md):
 * - `vocab.tsv`: one `word<TAB>rank` line per row, in row order; `rank` is the word's 0-based
 *   frequency rank in the source vocabulary (GloVe order), used for SIF weights;
 * - `vectors.i8`: rows × dimensions signed bytes, row-major;
 * - `scales.f32`: one little-endian float32 per row; component = int8 × scale;
 * - `meta.json`: `{ format, source, dimensions, rows, sourceVocabularySize }`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const TABLE_FORMAT = "arcroute-word-table@1";

export interface WordTableMeta {
  format: string;
  source: string;
  dimensions: number;
  rows: number;
  /** Size of the vocabulary the ranks refer to (for the Zipf frequency estimate). */
  sourceVocabularySize: number;
}

export interface WordTable {
  meta: WordTableMeta;
  words: string[];
  ranks: Int32Array;
  /** Quantized components, rows × dimensions. */
  vectors: Int8Array;
  scales: Float32Array;
}

/** Quantizes one row to int8 with a per-row scale (max-abs / 127). */
export function quantizeRow(row: ArrayLike<number>): { values: Int8Array; scale: number } {
  let maxAbs = 0;
  for (let i = 0; i < row.length; i++) maxAbs = Math.max(maxAbs, Math.abs(row[i]!));
  const scale = maxAbs === 0 ? 1 : maxAbs / 127;
  const values = new Int8Array(row.length);
  for (let i = 0; i < row.length; i++) values[i] = Math.round(row[i]! / scale);
  return { values, scale };
}

export function writeWordTable(dir: string, table: WordTable): void {
  writeFileSync(join(dir, "vocab.tsv"), table.words.map((word, i) => `${word}\t${table.ranks[i]}`).join("\n") + "\n");
  writeFileSync(join(dir, "vectors.i8"), new Uint8Array(table.vectors.buffer, table.vectors.byteOffset, table.vectors.byteLength));
  const scales = Buffer.alloc(table.scales.length * 4);
  table.scales.forEach((scale, i) => scales.writeFloatLE(scale, i * 4));
  writeFileSync(join(dir, "scales.f32"), scales);
  writeFileSync(join(dir, "meta.json"), JSON.stringify(table.meta, null, 2) + "\n");
}

export function readWordTable(dir: string): WordTable {
  const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8")) as WordTableMeta;
  if (meta.format !== TABLE_FORMAT) throw new Error(`unsupported word table format '${meta.format}' in ${dir}`);
  const lines = readFileSync(join(dir, "vocab.tsv"), "utf8").split("\n").filter((line) => line.length > 0);
  const words = new Array<string>(lines.length);
  const ranks = new Int32Array(lines.length);
  lines.forEach((line, i) => {
    const tab = line.lastIndexOf("\t");
    words[i] = line.slice(0, tab);
    ranks[i] = Number(line.slice(tab + 1));
  });
  const bytes = readFileSync(join(dir, "vectors.i8"));
  const vectors = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const scaleBytes = readFileSync(join(dir, "scales.f32"));
  const scales = new Float32Array(meta.rows);
  for (let i = 0; i < meta.rows; i++) scales[i] = scaleBytes.readFloatLE(i * 4);
  if (words.length !== meta.rows || vectors.length !== meta.rows * meta.dimensions) {
    throw new Error(`word table in ${dir} is inconsistent with its meta.json`);
  }
  return { meta, words, ranks, vectors, scales };
}
