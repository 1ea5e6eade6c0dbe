/**
 * PROVISIONAL until src/retrieve lands: filtered search → fallback → fusion over a LangChain
 * vector store. Will delegate to the retriever helper and `rerank` of src/retrieve.
 */
import type { DocumentInterface } from "@langchain/core/documents";
import type { VectorStoreInterface } from "@langchain/core/vectorstores";
import type { ActivationResult, FieldFilter } from "../../schema/activation.js";

export interface RoutedCandidate {
  document: DocumentInterface;
  score: number;
  vectorScore: number;
  filterScore: number;
  source: "filtered" | "fallback";
}

export interface RoutedSearchInput<V extends VectorStoreInterface> {
  store: V;
  query: string;
  activation: ActivationResult;
  filter: V["FilterType"] | undefined;
  payloadOf: (document: DocumentInterface) => Record<string, unknown>;
  k: number;
  fetchK: number;
  filterWeight: number;
}

export async function routedSearch<V extends VectorStoreInterface>(input: RoutedSearchInput<V>): Promise<RoutedCandidate[]> {
  const { store, query, filter, k, fetchK } = input;
  const seen = new Map<string, { document: DocumentInterface; vectorScore: number; source: "filtered" | "fallback" }>();
  const key = (document: DocumentInterface) => document.id ?? document.pageContent;
  if (filter !== undefined) {
    for (const [document, vectorScore] of await store.similaritySearchWithScore(query, fetchK, filter)) {
      seen.set(key(document), { document, vectorScore, source: "filtered" });
    }
  }
  if (seen.size < k) {
    for (const [document, vectorScore] of await store.similaritySearchWithScore(query, fetchK)) {
      if (!seen.has(key(document))) seen.set(key(document), { document, vectorScore, source: "fallback" });
    }
  }
  const filters = input.activation.field_filters;
  return [...seen.values()]
    .map((candidate) => {
      const filterScore = matchShare(filters, input.payloadOf(candidate.document));
      return { ...candidate, filterScore, score: (1 - input.filterWeight) * candidate.vectorScore + input.filterWeight * filterScore };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, k);
}

/** Weighted share of `filters` that `payload` satisfies, in [0, 1] (0 without filters). */
export function matchShare(filters: FieldFilter[], payload: Record<string, unknown>): number {
  const total = filters.reduce((sum, f) => sum + f.weight, 0);
  if (total === 0) return 0;
  let matched = 0;
  for (const f of filters) {
    const value = payload[f.field];
    const ok =
      f.operator === "eq" ? value === f.value : typeof value === "number" && (f.operator === "gte" ? value >= (f.value as number) : value <= (f.value as number));
    if (ok) matched += f.weight;
  }
  return matched / total;
}

/** Filter mode semantics: filters on one field are alternatives (OR), different fields combine (AND). */
export function matchesAll(filters: FieldFilter[], payload: Record<string, unknown>): boolean {
  const byField = new Map<string, FieldFilter[]>();
  for (const f of filters) byField.set(f.field, [...(byField.get(f.field) ?? []), f]);
  return [...byField.values()].every((alternatives) => alternatives.some((f) => matchShare([f], payload) === 1));
}
