/**
 * Filters for LangChain stores whose filter is a predicate over documents (MemoryVectorStore):
 * the activation's field filters, evaluated on each document's metadata.
 */
import type { DocumentInterface } from "@langchain/core/documents";
import type { ActivationResult } from "../../schema/activation.js";
import { matchesAll } from "./pipeline.js";

export interface PredicateFilterOptions {
  /** Where EDM fields live in a document's metadata (default: the metadata itself, flat). */
  payloadOf?: (document: DocumentInterface) => Record<string, unknown>;
}

/** `translate` for MemoryVectorStore: `(doc) => boolean`, true when the document passes the filters. */
export function memoryVectorStoreFilter(options: PredicateFilterOptions = {}) {
  const payloadOf = options.payloadOf ?? ((document: DocumentInterface) => document.metadata as Record<string, unknown>);
  return (activation: ActivationResult): ((document: DocumentInterface) => boolean) | undefined => {
    if (!activation.significance_gate || activation.field_filters.length === 0) return undefined;
    return (document) => matchesAll(activation.field_filters, payloadOf(document));
  };
}
