/**
 * `arcroute/langchain`: significance routing for LangChain.js. Needs `@langchain/core`
 * (an optional peer dependency of arcroute).
 */
export { ArcrouteRetriever, type ArcrouteRetrieverInput, type ArcrouteDocumentMetadata, type ArcrouteRetrievedMetadata } from "./retriever.js";
export { memoryVectorStoreFilter, type PredicateFilterOptions } from "./filters.js";
export { ArcrouteEmbeddings } from "./embeddings.js";
