/**
 * Filters for LangChain stores whose filter is a predicate over documents (MemoryVectorStore):
 * field filters evaluated on each document's payload with the same matching rules as `rerank`
 * and the adapters (several filters on one field are alternatives, different fields combine).
 */
import type { DocumentInterface } from "@langchain/core/documents";
import { matchPlan, satisfiesAll, type FieldMapOption } from "../../retrieve/index.js";
import type { FieldFilter } from "../../schema/activation.js";
import { checkOptions } from "../../schema/options.js";

export interface PredicateFilterOptions {
  /** A document's EDM payload (default: its metadata). */
  payloadOf?: ((document: DocumentInterface) => Record<string, unknown>) | undefined;
  /** Where EDM fields live inside the payload: "flat" (default), "nested" or a field → path map. */
  fields?: FieldMapOption | undefined;
}

/** `translate` for MemoryVectorStore: `(doc) => boolean`, true when the document passes the filters. */
export function memoryVectorStoreFilter(options: PredicateFilterOptions = {}) {
  // memoryVectorStoreFilter("nested") read no field map and filtered flat metadata silently.
  if (typeof options === "string") throw new TypeError(`memoryVectorStoreFilter: pass the field map as an option, { fields: ${JSON.stringify(options)} }`);
  checkOptions("memoryVectorStoreFilter", options, ["payloadOf", "fields"]);
  if (options.payloadOf !== undefined && typeof options.payloadOf !== "function") throw new TypeError("memoryVectorStoreFilter: `payloadOf` must be a function (document) => payload");
  // A misspelt field map fails here, when the filter is made, not on the first routed query.
  matchPlan([], options.fields);
  const payloadOf = options.payloadOf ?? ((document: DocumentInterface) => document.metadata as Record<string, unknown>);
  return (filters: FieldFilter[]): ((document: DocumentInterface) => boolean) | undefined => {
    const plan = matchPlan(filters, options.fields);
    if (!plan) return undefined;
    return (document) => satisfiesAll(plan, payloadOf(document));
  };
}
