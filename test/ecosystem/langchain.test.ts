/**
 * ArcrouteRetriever over LangChain's own in-memory vector store (MemoryVectorStore from
 * @langchain/classic) and over a real store, embedded LanceDB through a thin LangChain
 * VectorStore whose filters come from arcroute's LanceDB adapter; both embedded with arcroute's
 * offline word-vector embedding.
 */
import * as lancedb from "@lancedb/lancedb";
import { MemoryVectorStore } from "@langchain/classic/vectorstores/memory";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DocumentInterface } from "@langchain/core/documents";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { toLanceDbFilter } from "../../adapters/lancedb/index.js";
import { openDemoTable } from "../../src/cli/commands/demo/lance.js";
import { loadWordVectorEmbedder } from "../../src/embed/word-vectors.js";
import { ArcrouteEmbeddings, ArcrouteRetriever, memoryVectorStoreFilter, type ArcrouteDocumentMetadata, type ArcrouteRetrievedMetadata } from "../../src/integrations/langchain/index.js";
import { createRetriever, ROBUST_ROUTING } from "../../src/retrieve/index.js";
import { classify } from "../../src/classify/index.js";
import type { ActivationResult } from "../../src/schema/activation.js";
import { LanceDbWhereVectorStore } from "./support/lancedb-vector-store.js";
import { readSampleCorpus } from "./support/sample-corpus.js";

const corpus = readSampleCorpus();
let store: MemoryVectorStore;
let lance: LanceDbWhereVectorStore;
const lanceDir = mkdtempSync(join(tmpdir(), "arcroute-langchain-lance-"));

const activation = (field_filters: ActivationResult["field_filters"], arc_types: ActivationResult["arc_types"] = []): ActivationResult => ({
  activation_id: null,
  arc_types,
  primary_domain: "constellation",
  field_filters,
  confidence: 0.9,
  significance_gate: true,
});
const closedGate: ActivationResult = { activation_id: null, arc_types: [], primary_domain: null, field_filters: [], confidence: 0.9, significance_gate: false };

const arcroute = (doc: DocumentInterface<ArcrouteRetrievedMetadata>) => doc.metadata.arcroute;

beforeAll(async () => {
  const embedder = loadWordVectorEmbedder();
  const embeddings = new ArcrouteEmbeddings(embedder);
  store = await MemoryVectorStore.fromTexts(
    corpus.map((m) => m.text),
    corpus.map(({ text: _text, ...payload }) => payload),
    embeddings,
  );
  lance = new LanceDbWhereVectorStore(embeddings, await openDemoTable(lancedb, lanceDir, corpus as unknown as Record<string, unknown>[], embedder));
});
afterAll(() => rmSync(lanceDir, { recursive: true, force: true }));

describe("ArcrouteRetriever on MemoryVectorStore", () => {
  it("routes by the activation's filters and attaches the activation to every document", async () => {
    const grief = activation(
      [
        { field: "arc_type", operator: "eq", value: "grief", weight: 1 },
        { field: "emotional_weight", operator: "gte", value: 0.9, weight: 0.6 },
      ],
      ["grief"],
    );
    const retriever = new ArcrouteRetriever({ vectorStore: store, translate: memoryVectorStoreFilter(), activate: () => grief, k: 3 });
    const docs = await retriever.invoke("when was I most afraid of losing her");
    expectTypeOf(docs[0]!.metadata.arcroute).toEqualTypeOf<ArcrouteDocumentMetadata>(); // typed, not any
    expect(docs).toHaveLength(3);
    // Filter mode: grief AND weight ≥ 0.9 holds for exactly m01, m04, m22 in the corpus.
    expect(docs.map((d) => d.metadata.id).sort()).toEqual(["m01", "m04", "m22"]);
    for (const doc of docs) {
      expect(arcroute(doc)).toMatchObject({ activation: grief, source: "filtered", filter_score: 1 });
      expect(doc.pageContent).toBe(corpus.find((m) => m.id === doc.metadata.id)!.text);
    }
    const scores = docs.map((d) => arcroute(d).score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // Each document holds its own copy: annotating one leaves the others and the activation as they were.
    arcroute(docs[0]!).activation.arc_types.push("bond");
    expect(arcroute(docs[1]!).activation.arc_types).toEqual(["grief"]);
    expect(grief.arc_types).toEqual(["grief"]);
  });

  it("falls back to unfiltered search when the filter leaves fewer than k, ranking matches first", async () => {
    const liberation = activation([{ field: "arc_type", operator: "eq", value: "liberation", weight: 1 }], ["liberation"]);
    const retriever = new ArcrouteRetriever({ vectorStore: store, translate: memoryVectorStoreFilter(), activate: () => liberation, k: 4 });
    const docs = await retriever.invoke("the day I finally felt free");
    expect(docs).toHaveLength(4);
    expect(docs[0]!.metadata.id).toBe("m09");
    expect(arcroute(docs[0]!).source).toBe("filtered");
    expect(docs.slice(1).map((d) => arcroute(d).source)).toEqual(["fallback", "fallback", "fallback"]);
    expect(docs.slice(1).every((d) => arcroute(d).filter_score === 0)).toBe(true);
  });

  // grief AND weight ≥ 0.9 holds for m01, m04, m22; no memory is anchored to a place.
  const wrongTether = activation(
    [
      { field: "arc_type", operator: "eq", value: "grief", weight: 1 },
      { field: "emotional_weight", operator: "gte", value: 0.9, weight: 0.6 },
      { field: "tether_type", operator: "eq", value: "place", weight: 0.3 },
    ],
    ["grief"],
  );

  it("passes the routing options through: with ROBUST_ROUTING a wrong descriptive guess only reorders", async () => {
    const query = "when was I most afraid of losing her";
    const plain = await new ArcrouteRetriever({ vectorStore: store, translate: memoryVectorStoreFilter(), activate: () => wrongTether, k: 3 }).invoke(query);
    expect(plain.map((d) => arcroute(d).source)).not.toContain("filtered"); // every field hard: nothing passes, relaxation takes over
    const robust = await new ArcrouteRetriever({ vectorStore: store, translate: memoryVectorStoreFilter(), activate: () => wrongTether, k: 3, ...ROBUST_ROUTING }).invoke(query);
    expect(robust.map((d) => d.metadata.id).sort()).toEqual(["m01", "m04", "m22"]);
    expect(robust.every((d) => arcroute(d).source === "filtered")).toBe(true);
  });

  it("passes fieldWeights through: a field's filter counts with its multiplier in every document's filter score", async () => {
    // The three grief memories match arc and weight, never the place tether.
    const options = { vectorStore: store, translate: memoryVectorStoreFilter(), activate: () => wrongTether, k: 3, hardFields: "core" as const };
    const plain = await new ArcrouteRetriever(options).invoke("when was I most afraid of losing her");
    const weighted = await new ArcrouteRetriever({ ...options, fieldWeights: { tether_type: 0.2 } }).invoke("when was I most afraid of losing her");
    for (const d of plain) expect(arcroute(d).filter_score).toBeCloseTo(1.6 / 1.9, 12);
    for (const d of weighted) expect(arcroute(d).filter_score).toBeCloseTo(1.6 / 1.66, 12); // the tether counts 0.06
    expect(weighted).toHaveLength(3);
  });

  it("returns what the retriever helper returns with the same options, by default too (same fetchK)", async () => {
    const helperSearch = async (query: string, { filter, k }: { filter?: ReturnType<ReturnType<typeof memoryVectorStoreFilter>>; k: number }) =>
      (await store.similaritySearchWithScore(query, k, filter)).map(([document, score]) => ({ id: String(document.metadata.id), score, payload: document.metadata }));
    const queries = ["when was I most afraid of losing her", "the happiest moments with my nan", "times dad was proud of me", "the day everything changed"];
    for (const options of [{}, ROBUST_ROUTING]) {
      for (const query of queries) {
        const helper = createRetriever({ search: helperSearch, translate: memoryVectorStoreFilter(), k: 3, ...options });
        const expected = (await helper.retrieve(query, { activation: classify(query) })).results.map((r) => r.id);
        const documents = await new ArcrouteRetriever({ vectorStore: store, translate: memoryVectorStoreFilter(), k: 3, ...options }).invoke(query);
        expect(documents.map((d) => String(d.metadata.id)), `${query} ${JSON.stringify(options)}`).toEqual(expected);
      }
    }
  });

  it("refuses an activate that returns nothing instead of classifying locally behind the caller's back", async () => {
    const forgotReturn = new ArcrouteRetriever({ vectorStore: store, translate: memoryVectorStoreFilter(), activate: (async () => {}) as never, k: 3 });
    await expect(forgotReturn.invoke("when nan passed away")).rejects.toThrow("ArcrouteRetriever: activate(query) must return an ActivationResult, got undefined");
  });

  it("does not filter when the gate is closed: the store's own ranking", async () => {
    const retriever = new ArcrouteRetriever({ vectorStore: store, translate: memoryVectorStoreFilter(), activate: () => closedGate, k: 5 });
    const query = "what time does the bus leave";
    const docs = await retriever.invoke(query);
    const plain = await store.similaritySearch(query, 5);
    expect(docs.map((d) => d.metadata.id)).toEqual(plain.map((d) => d.metadata.id));
    expect(docs.every((d) => arcroute(d).source === "unrouted")).toBe(true);
  });

  it("keeps documents without ids that share a text apart (they differ in metadata)", async () => {
    const embedder = loadWordVectorEmbedder();
    const twins = await MemoryVectorStore.fromTexts(
      ["Nan died in March", "Nan died in March", "Bought milk", "Fixed the bike", "Called the bank"],
      [1, 2, 3, 4, 5].map((n) => ({ n, arc_type: n <= 2 ? "grief" : undefined })),
      new ArcrouteEmbeddings(embedder),
    );
    const retriever = new ArcrouteRetriever({ vectorStore: twins, translate: memoryVectorStoreFilter(), activate: () => activation([{ field: "arc_type", operator: "eq", value: "grief", weight: 1 }], ["grief"]), k: 5 });
    const docs = await retriever.invoke("when nan died");
    expect(docs.map((d) => d.metadata.n).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps documents without ids apart when their metadata holds bigints (LanceDB's Int64 columns)", async () => {
    const embedder = loadWordVectorEmbedder();
    const pages = await MemoryVectorStore.fromTexts(
      ["Nan died in March", "Nan died in March", "Bought milk"],
      [1n, 2n, 3n].map((page) => ({ page, arc_type: page < 3n ? "grief" : undefined })),
      new ArcrouteEmbeddings(embedder),
    );
    const retriever = new ArcrouteRetriever({ vectorStore: pages, translate: memoryVectorStoreFilter(), activate: () => activation([{ field: "arc_type", operator: "eq", value: "grief", weight: 1 }], ["grief"]), k: 3 });
    const docs = await retriever.invoke("when nan died");
    expect(docs.map((d) => d.metadata.page as bigint).sort()).toEqual([1n, 2n, 3n]);
  });

  it("classifies locally by default and works inside a LangChain chain", async () => {
    const retriever = new ArcrouteRetriever({ vectorStore: store, translate: memoryVectorStoreFilter(), k: 2 });
    const chain = retriever.pipe((docs) => docs.map((d) => arcroute(d).activation.significance_gate));
    const gates = await chain.invoke("when was I most afraid of losing her");
    expect(gates).toHaveLength(2);
    expect(new Set(gates).size).toBe(1);
  });

  it("checks its options", () => {
    expect(() => new ArcrouteRetriever({ vectorStore: store, translate: undefined as never })).toThrow(/translate/);
    expect(() => new ArcrouteRetriever({ vectorStore: store, translate: memoryVectorStoreFilter(), k: 0 })).toThrow(/k/);
    expect(() => new ArcrouteRetriever({ vectorStore: store, translate: memoryVectorStoreFilter(), k: 5, fetchK: 2 })).toThrow(
      new RangeError("ArcrouteRetriever: `fetchK` must be an integer ≥ k (5), got 2"),
    );
  });
});

describe("ArcrouteRetriever on embedded LanceDB (filters from the LanceDB adapter)", () => {
  const lanceRetriever = (activate: () => ActivationResult, k: number) =>
    new ArcrouteRetriever({ vectorStore: lance, translate: (filters) => toLanceDbFilter(filters), activate, k });

  it("filters in the engine: grief AND weight ≥ 0.9, with the activation attached", async () => {
    const grief = activation(
      [
        { field: "arc_type", operator: "eq", value: "grief", weight: 1 },
        { field: "emotional_weight", operator: "gte", value: 0.9, weight: 0.6 },
      ],
      ["grief"],
    );
    const docs = await lanceRetriever(() => grief, 3).invoke("when was I most afraid of losing her");
    expect(docs.map((d) => d.metadata.id).sort()).toEqual(["m01", "m04", "m22"]);
    expect(docs.every((d) => arcroute(d).source === "filtered" && arcroute(d).filter_score === 1)).toBe(true);
  });

  it("relaxes, falls back and fuses exactly as over the in-memory store", async () => {
    const cases: [string, ActivationResult][] = [
      ["the day I finally felt free", activation([{ field: "arc_type", operator: "eq", value: "liberation", weight: 1 }], ["liberation"])],
      [
        "times dad was proud of me",
        activation([
          { field: "arc_type", operator: "eq", value: "bond", weight: 1 },
          { field: "tether_type", operator: "eq", value: "person", weight: 0.7 },
          { field: "valence", operator: "eq", value: "positive", weight: 0.4 },
          { field: "emotional_weight", operator: "gte", value: 0.95, weight: 0.5 },
        ]),
      ],
      ["what time does the bus leave", closedGate],
    ];
    for (const [query, routed] of cases) {
      const overLance = await lanceRetriever(() => routed, 5).invoke(query);
      const overMemory = await new ArcrouteRetriever({ vectorStore: store, translate: memoryVectorStoreFilter(), activate: () => routed, k: 5 }).invoke(query);
      const summary = (docs: typeof overLance) => docs.map((d) => `${d.metadata.id} ${arcroute(d).source} ${arcroute(d).filter_score.toFixed(3)}`);
      expect(summary(overLance), query).toEqual(summary(overMemory));
    }
  });
});
