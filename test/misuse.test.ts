/**
 * Public factories given what JavaScript callers (no type check) pass by mistake: each refuses it at
 * construction with an error naming the option, instead of running on defaults (a throwaway
 * database, an open proxy, a retry loop without end) or failing deep inside on the first call.
 */
import os from "node:os";
import path from "node:path";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createClient } from "../src/client/index.js";
import type { FeedbackExample } from "../src/feedback/learn.js";
import { createApi } from "../src/http/index.js";
import { createApiKey, generateApiKey, KeyRequestError } from "../src/keys/index.js";
import { createRetriever } from "../src/retrieve/index.js";
import { createMemoryLimiter, createMemoryStore } from "../src/stores/memory/index.js";
import { createPgliteStore } from "../src/stores/postgres/pglite.js";

const misuse = (value: unknown) => value as never;

describe("createPgliteStore", () => {
  it("refuses a misspelt or non-object option instead of opening a throwaway in-memory database", async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), "arcroute-misuse-"));
    try {
      const dir = path.join(parent, "data");
      await expect(createPgliteStore(misuse({ dataDir: dir }))).rejects.toThrow("createPgliteStore: unknown option 'dataDir' (known: dir, pglite, schema)");
      await expect(createPgliteStore(misuse(dir))).rejects.toThrow("createPgliteStore: options must be an object, got string");
      await expect(createPgliteStore(misuse({ dir: 5 }))).rejects.toThrow("`dir` must be a directory path");
      expect(existsSync(dir)).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe("createClient", () => {
  it("refuses retry settings that would retry a 429 forever", () => {
    const base = { baseUrl: "http://127.0.0.1:8787/v1", apiKey: "ar_test_" + "a".repeat(32) };
    for (const maxRetries of [Number.NaN, Number.POSITIVE_INFINITY, -1, 1.5]) {
      expect(() => createClient({ ...base, maxRetries }), String(maxRetries)).toThrow("`maxRetries` must be a non-negative integer");
    }
    expect(() => createClient({ ...base, maxRetryDelayMs: Number.NaN })).toThrow("`maxRetryDelayMs` must be a finite number");
  });

  it("says fetch must be a function (not that there is no global fetch), and refuses unknown or missing options", () => {
    const base = { baseUrl: "http://127.0.0.1:8787/v1", apiKey: "ar_test_" + "a".repeat(32) };
    expect(() => createClient({ ...base, fetch: misuse("node-fetch") })).toThrow('createClient: `fetch` must be a function (a fetch implementation), got "node-fetch"');
    expect(() => createClient(misuse({ ...base, retries: 3 }))).toThrow("createClient: unknown option 'retries'");
    expect(() => createClient(misuse(undefined))).toThrow("createClient: missing options `baseUrl`, `apiKey`");
  });

  it("refuses an activation id that is not one locally, instead of requesting /activations/undefined or /v1/", async () => {
    const seen: string[] = [];
    const fetch = async (url: string | URL | Request) => {
      seen.push(String(url));
      return new Response("{}", { status: 404 });
    };
    const client = createClient({ baseUrl: "http://127.0.0.1:8787/v1", apiKey: "ar_test_" + "a".repeat(32), fetch: misuse(fetch) });
    for (const id of [undefined, 42, "", "  ", ".", ".."]) {
      await expect(client.activation(misuse(id)), String(id)).rejects.toThrow(new TypeError(`client.activation: \`id\` must be an activation id, got ${typeof id === "string" ? JSON.stringify(id) : String(id)}`));
    }
    expect(seen).toEqual([]);
    await expect(client.activation("../usage")).rejects.toMatchObject({ status: 404 });
    expect(seen).toEqual(["http://127.0.0.1:8787/v1/activations/..%2Fusage"]);
  });
});

describe("keys", () => {
  it("generateApiKey refuses an unknown mode instead of returning 'undefined…'", () => {
    expect(() => generateApiKey(misuse("prod"))).toThrow('key mode must be "live" or "test", got "prod"');
  });

  it("createApiKey refuses a missing organization, scopes that are not a list, and a mode its key contradicts", async () => {
    const store = createMemoryStore();
    await expect(createApiKey(store, misuse({ tier: "growth", scopes: ["extract"] }))).rejects.toThrow(KeyRequestError);
    await expect(createApiKey(store, misuse({ org: 5, tier: "growth", scopes: ["extract"] }))).rejects.toThrow(/^org must be/);
    await expect(createApiKey(store, misuse({ org: "acme", tier: "growth", scopes: "extract" }))).rejects.toThrow("scopes must be an array");
    await expect(createApiKey(store, { org: "acme", tier: "growth", scopes: ["extract"], mode: "test", key: generateApiKey("live") })).rejects.toThrow("mode 'test' does not match the key, which is a live key");
    await expect(createApiKey(store, misuse({ org: "acme", tier: "growth", scopes: ["extract"], now: "2026-01-01" }))).rejects.toThrow("now must be a valid Date");
    expect(await store.listApiKeys("acme")).toEqual([]);
  });
});

describe("hashApiKey and revokeApiKey", () => {
  it("refuse a missing key, id or date with a TypeError naming the argument, not Node's \"data\" argument or toISOString", async () => {
    const { hashApiKey, revokeApiKey } = await import("../src/keys/index.js");
    expect(() => hashApiKey(misuse(undefined))).toThrow(new TypeError("hashApiKey: the key must be a string, got undefined"));
    expect(() => hashApiKey(misuse(null))).toThrow("hashApiKey: the key must be a string, got null");
    const store = createMemoryStore();
    const { record } = await createApiKey(store, { org: "acme", tier: "growth", scopes: ["extract"] });
    await expect(revokeApiKey(store, record.id, misuse("2026"))).rejects.toThrow(new TypeError('revokeApiKey: `now` must be a valid Date, got "2026"'));
    await expect(revokeApiKey(store, record.id, new Date(Number.NaN))).rejects.toThrow("revokeApiKey: `now` must be a valid Date, got Invalid Date");
    await expect(revokeApiKey(store, misuse(undefined))).rejects.toThrow("revokeApiKey: `id` must be a key id such as key_0123456789abcdef, got undefined");
    await expect(revokeApiKey(misuse(Promise.resolve(store)), record.id)).rejects.toThrow("revokeApiKey: `store` is not an ArcStore");
    expect((await store.listApiKeys("acme"))[0]!.revoked_at).toBeNull();
    expect(await revokeApiKey(store, record.id)).toBe(true);
  });
});

describe("createApi", () => {
  const store = createMemoryStore();
  const limiter = createMemoryLimiter();

  it("refuses a trustProxy read from the environment as a string, and fractional or negative hops", () => {
    for (const trustProxy of ["1", "true", Number.NaN, -1, 1.5]) {
      expect(() => createApi({ store, limiter, trustProxy: misuse(trustProxy) }), String(trustProxy)).toThrow("`trustProxy` must be true, false or a number of proxy hops");
    }
    expect(() => createApi({ store, limiter, trustProxy: 2 })).not.toThrow();
  });

  it("refuses a store or limiter that is not one (a factory not awaited), handlers that are not functions, unknown options", () => {
    expect(() => createApi({ store: misuse(Promise.resolve(store)), limiter })).toThrow("`store` is not an ArcStore (did you forget to await its factory?)");
    expect(() => createApi({ store, limiter: misuse({}) })).toThrow("`limiter` is not a RateLimiter");
    expect(() => createApi({ store, limiter, handlers: misuse({ extract: "x" }) })).toThrow("handler 'extract' must be a function");
    expect(() => createApi({ store, limiter, handlers: misuse("extract") })).toThrow("`handlers` must be an object");
    expect(() => createApi({ store, limiter, basePath: misuse(5) })).toThrow("`basePath` must be a string");
    expect(() => createApi(misuse({ store, limiter, trust_proxy: true }))).toThrow("createApi: unknown option 'trust_proxy'");
  });
});

describe("createRetriever", () => {
  const search = async () => [];
  const translate = () => undefined;

  it("refuses unknown field names and option names instead of flipping or dropping them", () => {
    expect(() => createRetriever({ search, translate, hardFields: ["arc_types"] })).toThrow('hardFields: unknown field "arc_types"');
    expect(() => createRetriever({ search, translate, routeFields: ["emotion"] })).toThrow('routeFields: unknown field "emotion"');
    expect(() => createRetriever(misuse({ search, translate, topK: 3 }))).toThrow("createRetriever: unknown option 'topK'");
    expect(() => createRetriever({ search, translate, hardFields: ["arc_type"], routeFields: ["emotion_primary"] })).not.toThrow();
  });

  it("refuses a missing search or translate, a relax that is not a boolean, and a fusionWeight that is not a number", () => {
    expect(() => createRetriever(misuse({ translate }))).toThrow("createRetriever needs `search` and `translate` functions");
    expect(() => createRetriever(misuse(undefined))).toThrow("createRetriever needs { search, translate }");
    expect(() => createRetriever({ search, translate, relax: misuse("false") })).toThrow('relax must be true or false, got "false"');
    for (const fusionWeight of ["", true]) expect(() => createRetriever({ search, translate, fusionWeight: misuse(fusionWeight) })).toThrow("fusionWeight must be in [0, 1]");
  });
});

describe("after close", () => {
  it("the memory store and limiter refuse calls as the SQL stores and the Redis limiter do, instead of answering", async () => {
    const store = createMemoryStore();
    const limiter = createMemoryLimiter();
    await Promise.all([store.close(), limiter.close()]);
    await expect(store.getOrganization("acme")).rejects.toThrow("the memory store is closed");
    await expect(limiter.hit("org:acme", 5, 60_000)).rejects.toThrow("the memory limiter is closed");
  });

  it("a PGlite store closes twice without an error (the pool ends once)", async () => {
    const store = await createPgliteStore();
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
  });
});

describe("withLlmHook", () => {
  it("refuses, when installed, a hook that is not a function and a base that is not a Classifier", async () => {
    const { lexicalClassifier, withLlmHook } = await import("../src/index.js");
    expect(() => withLlmHook(lexicalClassifier, misuse("gpt-4"))).toThrow("withLlmHook: `hook` must be an async function");
    expect(() => withLlmHook(misuse((q: string) => q), async () => ({}))).toThrow("withLlmHook: `base` must be a Classifier");
    expect(() => withLlmHook(lexicalClassifier, async () => ({}), misuse(null))).toThrow("withLlmHook: `options` must be an object");
  });
});

describe("rerank and embedders", () => {
  it("rerank refuses candidates that are not a list of objects, unknown options and a non-number fusionWeight", async () => {
    const { rerank } = await import("../src/retrieve/index.js");
    expect(() => rerank(misuse(null), [])).toThrow("rerank: `candidates` must be an array");
    expect(() => rerank(misuse([null]), [])).toThrow("rerank: candidates[0] is not a candidate object");
    expect(() => rerank([], [], misuse({ fusion_weight: 0.3 }))).toThrow("rerank: unknown option 'fusion_weight'");
    expect(() => rerank([], [], misuse({ fusionWeight: true }))).toThrow("fusionWeight must be in [0, 1], got true");
  });

  it("embed() refuses a bare string (it was embedded one vector per character)", async () => {
    const { loadWordVectorEmbedder } = await import("../src/embed/word-vectors.js");
    await expect(loadWordVectorEmbedder().embed(misuse("hello world"))).rejects.toThrow("embed() takes an array of strings (wrap a single text in [ ])");
    await expect(loadWordVectorEmbedder().embed(misuse([5]))).rejects.toThrow("embed() takes an array of strings");
  });
});

describe("server store and limiter factories", () => {
  it("refuse pool sizes and command timeouts that break every call, and unknown options, before connecting", async () => {
    const { createPostgresStore } = await import("../src/stores/postgres/index.js");
    const { createRedisLimiter } = await import("../src/stores/redis/index.js");
    // Nothing listens here: each refusal comes before any connection is tried.
    const nowhere = "postgres://postgres@127.0.0.1:1/none";
    for (const maxConnections of [0, -1, Number.NaN, 1.5]) {
      await expect(createPostgresStore({ connectionString: nowhere, maxConnections }), String(maxConnections)).rejects.toThrow("maxConnections must be a positive integer");
    }
    await expect(createPostgresStore(misuse({ connectionString: nowhere, max_connections: 2 }))).rejects.toThrow("createPostgresStore: unknown option 'max_connections'");
    for (const commandTimeoutMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(createRedisLimiter({ url: "redis://127.0.0.1:1", commandTimeoutMs }), String(commandTimeoutMs)).rejects.toThrow("commandTimeoutMs must be a whole number of milliseconds");
    }
    await expect(createRedisLimiter(misuse({ url: "redis://127.0.0.1:1", timeout: 5 }))).rejects.toThrow("createRedisLimiter: unknown option 'timeout'");
  });
});

describe("classify", () => {
  it("refuses a non-boolean debug and a .map index read as params, with one clear message each", async () => {
    const { classify, classifyWithProbabilities } = await import("../src/index.js");
    expect(() => classify("when nan died", misuse({ debug: "no" }))).toThrow('classify: `debug` must be true or false, got "no"');
    expect(() => ["when nan died", "weather"].map(misuse(classifyWithProbabilities))).toThrow("in .map use (q) => classifyWithProbabilities(q)");
    expect(classify("when nan died", { debug: false }).significance_gate).toBe(true);
  });
});

describe("embedding classifier, ensemble and its fit", () => {
  it("name a missing option instead of failing on 'Cannot read properties of undefined', and refuse unknown ones", async () => {
    const { createEmbeddingClassifier, createEnsembleClassifier, fitEnsembleWeights, LEXICAL_ONLY_MIX } = await import("../src/classify/embedding/index.js");
    const { lexicalClassifier } = await import("../src/index.js");
    expect(() => createEmbeddingClassifier(misuse(undefined))).toThrow("createEmbeddingClassifier: missing options `embedder`, `prototypes` (needs { embedder, prototypes })");
    expect(() => createEmbeddingClassifier(misuse({ embedder: {} }))).toThrow("createEmbeddingClassifier: missing option `prototypes`");
    expect(() => createEmbeddingClassifier(misuse({ embedder: Promise.resolve({}), prototypes: {} }))).toThrow("createEmbeddingClassifier: `embedder` is not an Embedder");
    expect(() => createEmbeddingClassifier(misuse({ embeder: {}, prototypes: {} }))).toThrow("createEmbeddingClassifier: unknown option 'embeder'");
    const embedding = { model: "scripted@1", scores: async () => ({ gate: 0, fields: { arc_type: {}, tether_type: {}, valence: {} } }), classify: async () => { throw new Error("not used"); } };
    const weights = { format: "arcroute-ensemble-weights@2", lexical: "x", embedding: "y", fitted_on: "t", mix: LEXICAL_ONLY_MIX, arcRatio: 0.5, confidence: null } as const;
    expect(() => createEnsembleClassifier(misuse({ lexical: lexicalClassifier, embedding }))).toThrow("createEnsembleClassifier: missing option `weights`");
    expect(() => createEnsembleClassifier(misuse({ lexical: lexicalClassifier, embedding: Promise.resolve(embedding), weights }))).toThrow("createEnsembleClassifier: `embedding` is not a ScoringClassifier");
    expect(() => createEnsembleClassifier(misuse({ lexical: lexicalClassifier, embedding, weights: {} }))).toThrow("createEnsembleClassifier: `weights` has no `mix`");
    expect(() => createEnsembleClassifier(misuse({ lexical: lexicalClassifier, embedding, weights, tether: {} }))).toThrow("createEnsembleClassifier: unknown option 'tether'");
    await expect(fitEnsembleWeights(misuse(undefined))).rejects.toThrow("fitEnsembleWeights: missing options `lexical`, `embedding`, `examples`, `fittedOn`");
    await expect(fitEnsembleWeights(misuse({ lexical: lexicalClassifier, embedding, examples: [] }))).rejects.toThrow("fitEnsembleWeights: missing option `fittedOn`");
    await expect(fitEnsembleWeights(misuse({ lexical: lexicalClassifier, embedding, examples: [], fitted_on: "t" }))).rejects.toThrow("fitEnsembleWeights: unknown option 'fitted_on'");
    await expect(fitEnsembleWeights(misuse({ lexical: lexicalClassifier, embedding, examples: "train.jsonl", fittedOn: "t" }))).rejects.toThrow("fitEnsembleWeights: `examples` must be an array");
  });
});

describe("learnWeights", () => {
  const result: FeedbackExample["result"] = { activation_id: null, arc_types: ["grief"], primary_domain: "constellation", field_filters: [{ field: "arc_type", operator: "eq", value: "grief", weight: 1 }], confidence: 0.7, significance_gate: true };
  const examples: FeedbackExample[] = [{ result, hit: true }, { result, hit: false }];

  it("refuses misspelt options and options of the wrong type instead of ignoring or misreading them", async () => {
    const { learnWeights } = await import("../src/feedback/learn.js");
    expect(() => learnWeights(examples, 1, misuse({ drop_below: 0.5 }))).toThrow("learnWeights: unknown option 'drop_below' (known: baseFusion, dropBelow, shrinkage, minValueSupport, skipValuesOf)");
    expect(() => learnWeights(examples, 1, misuse({ skipValuesOf: "arc_type" }))).toThrow('skipValuesOf must be an array of filter fields such as ["arc_type"], got "arc_type"');
    expect(() => learnWeights(examples, 1, misuse({ skipValuesOf: ["arc_types"] }))).toThrow('skipValuesOf: unknown field "arc_types"');
    // "0.5" passed the range check and was written into the weights file as a string.
    expect(() => learnWeights(examples, 1, misuse({ dropBelow: "0.5" }))).toThrow('dropBelow must be a number in [0, 1], got "0.5"');
    expect(() => learnWeights(examples, 1, misuse("fast"))).toThrow("learnWeights: options must be an object, got string");
    expect(learnWeights(examples, 1, { skipValuesOf: ["arc_type", "valence"], dropBelow: 0.5 }).drop_below).toBe(0.5);
  });

  it("refuses a feedback item whose hit is not a boolean (\"no\" counted as a hit)", async () => {
    const { learnFromStore, learnWeights } = await import("../src/feedback/learn.js");
    expect(() => learnWeights(misuse([{ result, hit: true }, { result, hit: "no" }]), 1)).toThrow('learnWeights: examples[1].hit must be true or false, got "no"');
    expect(() => learnWeights(misuse([{ hit: true }]), 1)).toThrow("learnWeights: examples[0].result is not an activation result");
    expect(() => learnWeights(misuse(examples[0]), 1)).toThrow("learnWeights: `examples` must be an array");
    await expect(learnFromStore(createMemoryStore(), null, misuse({ includeTestKeys: "false" }))).rejects.toThrow('includeTestKeys must be true or false, got "false"');
    await expect(learnFromStore(createMemoryStore(), null, misuse({ include_test_keys: true }))).rejects.toThrow("learnFromStore: unknown option 'include_test_keys'");
  });
});

describe("memoryVectorStoreFilter", () => {
  it("refuses a bare field map (\"nested\" had filtered flat metadata), unknown options and a misspelt map when the filter is made", async () => {
    const { memoryVectorStoreFilter } = await import("../src/integrations/langchain/filters.js");
    expect(() => memoryVectorStoreFilter(misuse("nested"))).toThrow(new TypeError('memoryVectorStoreFilter: pass the field map as an option, { fields: "nested" }'));
    expect(() => memoryVectorStoreFilter(misuse({ nested: true }))).toThrow("memoryVectorStoreFilter: unknown option 'nested' (known: payloadOf, fields)");
    expect(() => memoryVectorStoreFilter(misuse({ fields: "nestd" }))).toThrow("invalid option 'fields'");
    expect(() => memoryVectorStoreFilter(misuse({ payloadOf: "metadata" }))).toThrow("memoryVectorStoreFilter: `payloadOf` must be a function");
    // As documented: { fields: "nested" } reads the EDM domains (constellation.arc_type).
    const matches = memoryVectorStoreFilter({ fields: "nested" })([{ field: "arc_type", operator: "eq", value: "grief", weight: 1 }])!;
    expect(matches({ pageContent: "", metadata: { constellation: { arc_type: "grief" } } })).toBe(true);
    expect(matches({ pageContent: "", metadata: { arc_type: "grief" } })).toBe(false);
  });
});
