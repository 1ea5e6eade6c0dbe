/**
 * An `Embedder` over any transformers.js `feature-extraction` model (mean pooling, L2 norm).
 *
 * `@xenova/transformers` is an optional peer dependency, imported only when an embedder is
 * created. By default nothing is downloaded when a local directory is given: the model is read
 * from `localModelPath/<model>/` (tokenizer.json, config.json, onnx/model_quantized.onnx).
 * The package ships one such model, `static-embedding` (see `shippedModelsDir()`).
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkTexts, type Embedder } from "./types.js";

/** The hub model used when none is named (needs `allowRemote`). */
export const DEFAULT_TRANSFORMERS_MODEL = "Xenova/all-MiniLM-L6-v2";
/** The model the package ships under `models/static-embedding` (built by scripts/build-static-model.ts). */
export const SHIPPED_STATIC_MODEL = "static-embedding";

export interface TransformersEmbedderOptions {
  /** Hub id or folder name under `localModelPath`; default `Xenova/all-MiniLM-L6-v2`. */
  model?: string | undefined;
  /** Folder holding `<model>/`; when set, remote loading is off unless `allowRemote` says otherwise. */
  localModelPath?: string | undefined;
  /** Allow downloads from the Hugging Face hub; default: true only when no `localModelPath` is given. */
  allowRemote?: boolean | undefined;
  /** Load `onnx/model_quantized.onnx` (default, as transformers.js does) or `onnx/model.onnx`. */
  quantized?: boolean | undefined;
  /** Texts per forward pass (padding is per batch). Default 32. */
  batchSize?: number | undefined;
}

type FeatureExtractor = (texts: string[], options: { pooling: "mean"; normalize: boolean }) => Promise<{ data: ArrayLike<number>; dims: number[] }>;

/** What a model-backed embedder or classifier says when the optional peer dependency is not installed. */
const MISSING_TRANSFORMERS =
  "the embedding classifier, the ensemble and every transformers.js embedder (the shipped static model included) need the optional peer dependency '@xenova/transformers': npm install @xenova/transformers, with \"overrides\": {\"sharp\": \"0.34.x\"} in package.json where sharp cannot download libvips";

/** transformers.js keeps its settings in one global `env`: loads are serialised so each sees its own settings. */
let loading: Promise<unknown> = Promise.resolve();

async function loadPipeline(options: TransformersEmbedderOptions, model: string): Promise<FeatureExtractor> {
  let library: typeof import("@xenova/transformers");
  try {
    library = await import("@xenova/transformers");
  } catch {
    throw new Error(MISSING_TRANSFORMERS);
  }
  const { env, pipeline } = library;
  // Every file is read while the pipeline is created: the caller's own settings come back after.
  const saved = { allowRemoteModels: env.allowRemoteModels, allowLocalModels: env.allowLocalModels, localModelPath: env.localModelPath };
  env.allowRemoteModels = options.allowRemote ?? options.localModelPath === undefined;
  env.allowLocalModels = true;
  if (options.localModelPath !== undefined) env.localModelPath = options.localModelPath.endsWith("/") ? options.localModelPath : `${options.localModelPath}/`;
  try {
    const extractor = await pipeline("feature-extraction", model, { quantized: options.quantized ?? true });
    return extractor as unknown as FeatureExtractor;
  } catch (error) {
    throw hubUnreachable(error, model, env.remoteHost) ?? error;
  } finally {
    Object.assign(env, saved);
  }
}

/**
 * Node's fetch fails offline (DNS, refused, reset) with a bare "fetch failed", which names neither
 * the model nor where it was fetched from; said here as one line, the network error as its cause.
 */
function hubUnreachable(error: unknown, model: string, host: string): Error | undefined {
  const { name, message, cause } = (error ?? {}) as { name?: unknown; message?: unknown; cause?: { code?: unknown } };
  if (name !== "TypeError" || message !== "fetch failed") return undefined;
  const code = typeof cause?.code === "string" ? `, ${cause.code}` : "";
  return new Error(
    `cannot load transformers.js model '${model}': the model hub (${host}) could not be reached (fetch failed${code}); offline, give a localModelPath holding the model, or use createStaticEmbedder()`,
    { cause: error },
  );
}

/**
 * Loads the model (once) and returns an embedder; `dimensions` is read from a probe embedding.
 * @example
 * const embedder = await createTransformersEmbedder({ model: "static-embedding", localModelPath: shippedModelsDir() });
 * const [vector] = await embedder.embed(["when I was most afraid of losing her"]);
 */
export async function createTransformersEmbedder(options: TransformersEmbedderOptions = {}): Promise<Embedder> {
  const model = options.model ?? DEFAULT_TRANSFORMERS_MODEL;
  const batchSize = options.batchSize ?? 32;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
  const load = loading.then(() => loadPipeline(options, model));
  loading = load.catch(() => undefined);
  const extractor = await load;

  async function embed(texts: string[]): Promise<Float32Array[]> {
    checkTexts(texts);
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += batchSize) {
      const batch = texts.slice(start, start + batchSize);
      const output = await extractor(batch, { pooling: "mean", normalize: true });
      const width = output.dims[output.dims.length - 1]!;
      for (let row = 0; row < batch.length; row++) {
        // A text made only of unknown or zero-weight tokens pools to 0/0: report the zero vector.
        vectors.push(Float32Array.from({ length: width }, (_, i) => Number(output.data[row * width + i]) || 0));
      }
    }
    return vectors;
  }

  const [probe] = await embed(["probe"]);
  return { model: `transformers:${model}${options.quantized === false ? "@fp32" : ""}`, dimensions: probe!.length, embed };
}

/** The package's `models/` folder (holding `static-embedding/`), found from this file in src/ or dist/src/. */
export function shippedModelsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "models", SHIPPED_STATIC_MODEL, "tokenizer.json"))) return join(dir, "models");
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find models/${SHIPPED_STATIC_MODEL} (run: npx tsx scripts/build-static-model.ts)`);
    dir = parent;
  }
}

/** The shipped static-embedding model through transformers.js, offline. */
export function createStaticEmbedder(): Promise<Embedder> {
  return createTransformersEmbedder({ model: SHIPPED_STATIC_MODEL, localModelPath: shippedModelsDir(), allowRemote: false });
}
