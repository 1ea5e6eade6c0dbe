/**
 * `ArcrouteRetriever`: a LangChain retriever that routes any LangChain vector store by
 * significance. For each query it runs activation (locally or through a hosted arcroute),
 * translates the field filters into the store's filter language, searches with that filter,
 * falls back to an unfiltered search when the filter leaves fewer than `k` documents, fuses the
 * vector score with the weighted filter matches, and returns `Document`s with the activation
 * attached in `metadata.arcroute`.
 *
 * @example
 * const retriever = new ArcrouteRetriever({
 *   vectorStore,                                   // any LangChain VectorStore
 *   translate: memoryVectorStoreFilter(),          // or an arcroute adapter for your store
 *   k: 5,
 * });
 * const docs = await retriever.invoke("when was I most afraid of losing her");
 */
import { BaseRetriever, type BaseRetrieverInput } from "@langchain/core/retrievers";
import { Document, type DocumentInterface } from "@langchain/core/documents";
import type { VectorStoreInterface } from "@langchain/core/vectorstores";
import type { CallbackManagerForRetrieverRun } from "@langchain/core/callbacks/manager";
import { lexicalClassifier } from "../../classify/index.js";
import type { ActivationResult } from "../../schema/activation.js";
import { routedSearch, type RoutedCandidate } from "./pipeline.js";

/** What `metadata.arcroute` holds on every returned document. */
export interface ArcrouteDocumentMetadata {
  activation: ActivationResult;
  /** The fused score the documents are ordered by (higher is better). */
  score: number;
  /** The store's own similarity score. */
  vector_score: number;
  /** Weighted share of the activation's filters the document matches, in [0, 1]. */
  filter_score: number;
  /** `filtered`: found by the filtered search; `fallback`: added by the unfiltered one. */
  source: "filtered" | "fallback";
}

export interface ArcrouteRetrieverInput<V extends VectorStoreInterface = VectorStoreInterface> extends BaseRetrieverInput {
  vectorStore: V;
  /**
   * The activation's field filters in the store's filter language: an arcroute adapter
   * (`arcroute/adapters/<store>`) or `memoryVectorStoreFilter()` for LangChain's MemoryVectorStore.
   * Return undefined for "no filter".
   */
  translate: (activation: ActivationResult) => V["FilterType"] | undefined;
  /**
   * Runs activation for a query. Default: the local lexical classifier. For a hosted arcroute:
   * `(query) => client.activate({ query }).then((envelope) => envelope.data)`.
   */
  activate?: (query: string) => ActivationResult | Promise<ActivationResult>;
  /** Where EDM fields live in a document's metadata (default: the metadata itself, flat). */
  payloadOf?: (document: DocumentInterface) => Record<string, unknown>;
  /** Documents returned (default 4, LangChain's usual k). */
  k?: number;
  /** Candidates each search fetches before fusion (default 2·k). */
  fetchK?: number;
  /** Weight of the filter matches against the vector score in the fused score, in [0, 1] (default 0.5). */
  filterWeight?: number;
}

export class ArcrouteRetriever<V extends VectorStoreInterface = VectorStoreInterface> extends BaseRetriever {
  static override lc_name(): string {
    return "ArcrouteRetriever";
  }

  override lc_namespace = ["arcroute", "retrievers"];

  readonly vectorStore: V;
  readonly translate: ArcrouteRetrieverInput<V>["translate"];
  readonly activate: (query: string) => ActivationResult | Promise<ActivationResult>;
  readonly payloadOf: (document: DocumentInterface) => Record<string, unknown>;
  readonly k: number;
  readonly fetchK: number;
  readonly filterWeight: number;

  constructor(fields: ArcrouteRetrieverInput<V>) {
    super(fields);
    if (!fields.vectorStore) throw new TypeError("ArcrouteRetriever: `vectorStore` is required");
    if (typeof fields.translate !== "function") {
      throw new TypeError("ArcrouteRetriever: `translate` is required (an arcroute adapter, or memoryVectorStoreFilter())");
    }
    this.vectorStore = fields.vectorStore;
    this.translate = fields.translate;
    this.activate = fields.activate ?? ((query) => lexicalClassifier.classify(query));
    this.payloadOf = fields.payloadOf ?? ((document) => document.metadata as Record<string, unknown>);
    this.k = fields.k ?? 4;
    this.fetchK = fields.fetchK ?? 2 * this.k;
    this.filterWeight = fields.filterWeight ?? 0.5;
    if (!Number.isInteger(this.k) || this.k < 1) throw new RangeError("ArcrouteRetriever: `k` must be a positive integer");
    if (!Number.isInteger(this.fetchK) || this.fetchK < this.k) throw new RangeError("ArcrouteRetriever: `fetchK` must be an integer ≥ k");
    if (!(this.filterWeight >= 0 && this.filterWeight <= 1)) throw new RangeError("ArcrouteRetriever: `filterWeight` must be in [0, 1]");
  }

  override async _getRelevantDocuments(query: string, _runManager?: CallbackManagerForRetrieverRun): Promise<DocumentInterface[]> {
    const activation = await this.activate(query);
    const candidates = await routedSearch({
      store: this.vectorStore,
      query,
      activation,
      filter: activation.significance_gate ? this.translate(activation) : undefined,
      payloadOf: this.payloadOf,
      k: this.k,
      fetchK: this.fetchK,
      filterWeight: this.filterWeight,
    });
    return candidates.map((candidate) => toDocument(candidate, activation));
  }
}

function toDocument(candidate: RoutedCandidate, activation: ActivationResult): Document {
  const arcroute: ArcrouteDocumentMetadata = {
    activation,
    score: candidate.score,
    vector_score: candidate.vectorScore,
    filter_score: candidate.filterScore,
    source: candidate.source,
  };
  return new Document({
    pageContent: candidate.document.pageContent,
    metadata: { ...candidate.document.metadata, arcroute },
    ...(candidate.document.id !== undefined ? { id: candidate.document.id } : {}),
  });
}
