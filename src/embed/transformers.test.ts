/**
 * The transformers.js path, offline, on the model the package ships (models/static-embedding):
 * real tokenizer.json, real onnxruntime session, real mean pooling — through the public API.
 */
import { createServer, type AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { createStaticEmbedder, createTransformersEmbedder, shippedModelsDir } from "../index.js";
import type { Embedder } from "./types.js";
import { loadWordVectorEmbedder } from "./word-vectors.js";

/** A local port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
const norm = (a: Float32Array) => Math.sqrt(cosine(a, a));

describe("transformers.js embedder on the shipped static-embedding model", () => {
  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await createStaticEmbedder();
  });

  it("names the model and its dimensions", () => {
    expect(embedder.model).toBe("transformers:static-embedding");
    expect(embedder.dimensions).toBe(100);
  });

  it("returns one unit vector per text, in order, deterministically", async () => {
    const texts = ["the day my mother died", "betrayed by my best friend", "the day my mother died"];
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) expect(norm(vector)).toBeCloseTo(1, 5);
    expect(Array.from(vectors[2]!)).toEqual(Array.from(vectors[0]!));
    expect(cosine(vectors[0]!, vectors[1]!)).toBeLessThan(0.99);
  });

  it("places related meanings closer than unrelated ones", async () => {
    const [grief, mourning, capital] = await embedder.embed([
      "the funeral after my father died",
      "grieving the death of my mother",
      "what is the capital city of france",
    ]);
    expect(cosine(grief!, mourning!)).toBeGreaterThan(cosine(grief!, capital!) + 0.1);
  });

  it("agrees with the word-vector embedder built from the same table", async () => {
    const words = loadWordVectorEmbedder();
    const text = "when was I most afraid of losing her";
    const [viaOnnx] = await embedder.embed([text]);
    expect(cosine(viaOnnx!, words.embedOne(text))).toBeGreaterThan(0.99);
  });

  it("splits inflected unknown forms into stem + suffix through WordPiece", async () => {
    const [plural, singular] = await embedder.embed(["betrayals", "betrayal"]);
    expect(cosine(plural!, singular!)).toBeCloseTo(1, 5);
  });

  it("gives the zero vector to a text with no known word instead of NaN", async () => {
    const [vector] = await embedder.embed(["xqzv zzkw"]);
    expect(Array.from(vector!).every((x) => x === 0)).toBe(true);
  });

  it("leaves the caller's transformers.js settings as they were", async () => {
    const { env } = await import("@xenova/transformers");
    const before = { remote: env.allowRemoteModels, path: env.localModelPath };
    await createStaticEmbedder();
    expect({ remote: env.allowRemoteModels, path: env.localModelPath }).toEqual(before);
  });

  it("refuses a batchSize that is not a positive integer before loading anything, and a bare string to embed", async () => {
    for (const batchSize of [0, -1, Number.NaN, 1.5]) {
      await expect(createTransformersEmbedder({ model: "static-embedding", localModelPath: shippedModelsDir(), batchSize }), String(batchSize)).rejects.toThrow("batchSize must be a positive integer");
    }
    const embedder = await createStaticEmbedder();
    await expect(embedder.embed("hello world" as never)).rejects.toThrow("embed() takes an array of strings");
  });

  it("names the model and the hub when the hub cannot be reached (offline), not a bare 'fetch failed'", async () => {
    const { env } = await import("@xenova/transformers");
    const saved = env.remoteHost;
    env.remoteHost = `http://127.0.0.1:${await closedPort()}/`;
    try {
      await expect(createTransformersEmbedder({ model: "Xenova/arcroute-not-a-model", allowRemote: true })).rejects.toThrow(
        `cannot load transformers.js model 'Xenova/arcroute-not-a-model': the model hub (${env.remoteHost}) could not be reached (fetch failed, ECONNREFUSED)`,
      );
    } finally {
      env.remoteHost = saved;
    }
  });

  it("refuses to download when remote loading is off", async () => {
    await expect(
      createTransformersEmbedder({ model: "Xenova/not-shipped-here", localModelPath: shippedModelsDir() }),
    ).rejects.toThrow(/allowRemoteModels=false.*not found locally/);
  });
});
