/**
 * `ArcrouteRetriever`: a LangChain retriever that routes any LangChain vector store by
 * significance. For each query: activation (locally or through a hosted arcroute), then the
 * retriever helper of `src/retrieve` over the store's `similaritySearchWithScore` — the
 * activation's field filters translated into the store's filter language (an arcroute adapter),
 * relaxed field by field and topped up by an unfiltered search when fewer than `k` documents
 * pass, fused with the vector score (`rerank`) — and `Document`s with the activation attached in
 * `metadata.arcroute`. The routing is the same code the benchmarks and the demo run.
 *
 * @example
 * const retriever = new ArcrouteRetriever({
 *   vectorStore,                                   // any LangChain VectorStore
 *   translate: memoryVectorStoreFilter(),          // or (filters) => toQdrantFilter(filters, { fields })
 *   k: 5,
 * });
 * const docs = await retriever.invoke("when was I most afraid of losing her");
 */
import { BaseRetriever, type BaseRetrieverInput } from "@langchain/core/retrievers";
import { Document, type DocumentInterface } from "@langchain/core/documents";
import type { VectorStoreInterface } from "@langchain/core/vectorstores";
import type { CallbackManagerForRetrieverRun } from "@langchain/core/callbacks/manager";
import { lexicalClassifier } from "../../classify/index.js";
import { fetchKAtLeastK } from "../../retrieve/checks.js";
import { createRetriever, type CandidateSource, type FieldMapOption, type RankedCandidate, type Retriever, type RetrieverOptions } from "../../retrieve/index.js";
import { ActivationResultSchema, type ActivationResult, type FieldFilter } from "../../schema/activation.js";

/** What `metadata.arcroute` holds on every returned document. */
export interface ArcrouteDocumentMetadata {
  activation: ActivationResult;
  /** The fused score the documents are ordered by (higher is better). */
  score: number;
  /** The store's own similarity score (after `vectorScore`). */
  vector_score: number;
  /** Weighted share of the activation's filter fields the document matches, in [0, 1]. */
  filter_score: number;
  /**
   * Which search found it: `filtered` (every filter field), `relaxed` (the lowest-weight fields
   * dropped), `fallback` (unfiltered top-up), `pool` (boost mode), `unrouted` (gate closed).
   */
  source: CandidateSource;
}

/**
 * A returned document's metadata: the store's own, as it was (LangChain's usual
 * `Record<string, any>`), and `arcroute`, typed.
 */
export type ArcrouteRetrievedMetadata = Record<string, any> & { arcroute: ArcrouteDocumentMetadata };

/** The retriever helper's routing knobs, passed through unchanged (spread `ROBUST_ROUTING` for the benchmark's best routing). */
type RoutingOptions = Pick<RetrieverOptions<string, unknown, DocumentInterface>, "hardFields" | "routeFields" | "keepAlternatives" | "belowThresholds" | "fieldWeights">;

export interface ArcrouteRetrieverInput<V extends VectorStoreInterface = VectorStoreInterface> extends BaseRetrieverInput, RoutingOptions {
  vectorStore: V;
  /**
   * Field filters (all of the activation's, or fewer while relaxing) in the store's filter
   * language: an arcroute adapter (`(filters) => toQdrantFilter(filters, { fields })`, …) or
   * `memoryVectorStoreFilter()` for stores that take a `(doc) => boolean` predicate.
   * Return undefined for "no filter".
   */
  translate: (filters: FieldFilter[]) => V["FilterType"] | undefined;
  /**
   * Runs activation for a query. Default: the local lexical classifier. For a hosted arcroute:
   * `(query) => client.activate({ query }).then((envelope) => envelope.data)`.
   */
  activate?: ((query: string) => ActivationResult | Promise<ActivationResult>) | undefined;
  /** A document's EDM payload (default: its metadata). */
  payloadOf?: ((document: DocumentInterface) => Record<string, unknown>) | undefined;
  /** Where EDM fields live inside that payload: "flat" (default), "nested" or a field → path map (as the adapters take). */
  fields?: FieldMapOption | undefined;
  /** Documents returned (default 4, LangChain's usual k). */
  k?: number | undefined;
  /** Candidates each filtered search fetches before fusion (default as the retriever helper's: k when every field is hard, else 3·k). */
  fetchK?: number | undefined;
  /** "filter" (default): filtered search → relaxation → fallback → fusion; "boost": rerank an unfiltered pool. */
  mode?: "filter" | "boost" | undefined;
  /** Filter mode: drop the lowest-weight field before falling back (default true). */
  relax?: boolean | undefined;
  /** Weight of the filter matches against the vector score, in [0, 1] (default 0.5; `arcroute learn` fits one). */
  fusionWeight?: number | undefined;
  /**
   * The store's score as a similarity, higher is better (default: as returned). Stores that
   * return a distance need e.g. `(distance) => 1 - distance`.
   */
  vectorScore?: ((score: number) => number) | undefined;
}

export class ArcrouteRetriever<V extends VectorStoreInterface = VectorStoreInterface> extends BaseRetriever<ArcrouteRetrievedMetadata> {
  static override lc_name(): string {
    return "ArcrouteRetriever";
  }

  override lc_namespace = ["arcroute", "retrievers"];

  readonly vectorStore: V;
  readonly activate: (query: string) => ActivationResult | Promise<ActivationResult>;
  readonly k: number;
  private readonly retriever: Retriever<string, DocumentInterface>;

  constructor(fields: ArcrouteRetrieverInput<V>) {
    super(fields);
    if (!fields.vectorStore) throw new TypeError("ArcrouteRetriever: `vectorStore` is required");
    if (typeof fields.translate !== "function") {
      throw new TypeError("ArcrouteRetriever: `translate` is required (an arcroute adapter, or memoryVectorStoreFilter())");
    }
    this.vectorStore = fields.vectorStore;
    this.activate = fields.activate ?? ((query) => lexicalClassifier.classify(query));
    this.k = fields.k ?? 4;
    const fetchK = fields.fetchK;
    if (!Number.isInteger(this.k) || this.k < 1) throw new RangeError("ArcrouteRetriever: `k` must be a positive integer");
    fetchKAtLeastK(fetchK, this.k, "ArcrouteRetriever");
    const fusionWeight = fields.fusionWeight ?? 0.5;
    if (!(fusionWeight >= 0 && fusionWeight <= 1)) throw new RangeError("ArcrouteRetriever: `fusionWeight` must be in [0, 1]");
    const payloadOf = fields.payloadOf ?? ((document: DocumentInterface) => document.metadata as Record<string, unknown>);
    const vectorScore = fields.vectorScore ?? ((score: number) => score);
    const store = fields.vectorStore;
    this.retriever = createRetriever<string, V["FilterType"], DocumentInterface>({
      search: async (query, { filter, k }) =>
        (await store.similaritySearchWithScore(query, k, filter)).map(([document, score]) => ({
          id: document.id ?? identityOf(document),
          score: vectorScore(score),
          payload: payloadOf(document),
          item: document,
        })),
      translate: fields.translate,
      k: this.k,
      ...(fetchK !== undefined ? { fetchK } : {}),
      mode: fields.mode,
      relax: fields.relax,
      fusionWeight,
      fields: fields.fields,
      hardFields: fields.hardFields,
      routeFields: fields.routeFields,
      keepAlternatives: fields.keepAlternatives,
      belowThresholds: fields.belowThresholds,
      fieldWeights: fields.fieldWeights,
    });
  }

  override async _getRelevantDocuments(query: string, _runManager?: CallbackManagerForRetrieverRun): Promise<DocumentInterface<ArcrouteRetrievedMetadata>[]> {
    const activation = await this.activate(query);
    // An `activate` that forgot to return (undefined) would otherwise be classified locally: the
    // hosted call's answer, its event and its billing silently bypassed.
    if (!ActivationResultSchema.safeParse(activation).success) {
      throw new TypeError(`ArcrouteRetriever: activate(query) must return an ActivationResult, got ${activation === undefined ? "undefined" : "an object that is not one"}`);
    }
    const { results } = await this.retriever.retrieve(query, { activation });
    return results.map((candidate) => toDocument(candidate, activation));
  }
}

function toDocument(candidate: RankedCandidate<DocumentInterface>, activation: ActivationResult): Document<ArcrouteRetrievedMetadata> {
  const document = candidate.item!;
  const arcroute: ArcrouteDocumentMetadata = {
    // A copy per document: one shared object would let a change to one document's metadata
    // (chains annotate documents) show up on every other document of the answer.
    activation: structuredClone(activation),
    score: candidate.score,
    vector_score: candidate.vectorScore,
    filter_score: candidate.matchScore,
    source: candidate.source ?? "filtered",
  };
  return new Document<ArcrouteRetrievedMetadata>({
    pageContent: document.pageContent,
    metadata: { ...document.metadata, arcroute },
    ...(document.id !== undefined ? { id: document.id } : {}),
  });
}

/**
 * A document without an id is known by its text and metadata together: the retriever merges what
 * several searches found by id, and two documents sharing a text (a repeated note, two chunks that
 * read alike) are still two documents. Metadata is what the store's columns held: LanceDB hands
 * back Int64 columns as bigint (LangChain's LanceDB store copies every column into metadata and
 * sets no id), which JSON.stringify refuses, so a bigint is written as its digits with an `n`.
 */
function identityOf(document: DocumentInterface): string {
  return JSON.stringify([document.pageContent, document.metadata ?? null], (_key, value: unknown) => (typeof value === "bigint" ? `${value}n` : value));
}
