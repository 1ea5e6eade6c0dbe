/**
 * scripts/build-static-model.ts on a tiny synthetic table: the hand-written ONNX protobuf loads in
 * onnxruntime through transformers.js, and the pipeline's mean pooling gives exactly the expected
 * SIF-weighted average of the words' unit vectors.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildStaticModel, writeStaticModel } from "../scripts/build-static-model.js";
import { createTransformersEmbedder } from "../src/embed/transformers.js";
import type { WordTable } from "../src/embed/table.js";

const words = ["the", "grief", "mother", "friend", "e-mail"];
const rows: number[][] = [
  [1, 0, 0],
  [0, 3, 4], // unit vector (0, 0.6, 0.8)
  [2, 0, 0], // unit vector (1, 0, 0)
  [0, -5, 0],
  [1, 1, 1],
];
const table: WordTable = {
  meta: { format: "arcroute-word-table@1", source: "test", dimensions: 3, rows: words.length, sourceVocabularySize: 1000 },
  words,
  ranks: Int32Array.from([0, 5000, 5000, 10, 20]),
  vectors: Int8Array.from(rows.flat()),
  scales: new Float32Array(words.length).fill(0.5),
};

const dir = mkdtempSync(join(tmpdir(), "arcroute-static-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("build-static-model", () => {
  const files = buildStaticModel(table);
  writeStaticModel(join(dir, "tiny"), files);

  it("keeps only words the BERT pre-tokenizer can produce, after the special tokens", () => {
    const vocab = JSON.parse(files["tokenizer.json"]).model.vocab as Record<string, number>;
    expect(Object.keys(vocab).slice(0, 9)).toEqual(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "the", "friend", "grief", "mother"]);
    expect(vocab["e-mail"]).toBeUndefined();
    expect(vocab["##s"]).toBeDefined();
  });

  it("runs through the transformers.js pipeline: stopwords drop out, equal-rank words average", async () => {
    const embedder = await createTransformersEmbedder({ model: "tiny", localModelPath: dir });
    expect(embedder.dimensions).toBe(3);
    const [vector, withStopword] = await embedder.embed(["Grief mothers", "the grief the mother"]);
    // grief (0, .6, .8) and mother (1, 0, 0) have the same rank, so the same SIF weight.
    const expected = [1, 0.6, 0.8].map((x) => x / Math.hypot(1, 0.6, 0.8));
    for (let i = 0; i < 3; i++) {
      expect(vector![i]).toBeCloseTo(expected[i]!, 5);
      expect(withStopword![i]).toBeCloseTo(expected[i]!, 5);
    }
  });
});
