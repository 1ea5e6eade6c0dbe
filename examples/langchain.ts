/**
 * LangChain.js: significance routing over a LangChain vector store with `ArcrouteRetriever`.
 *
 *   node --import tsx examples/langchain.ts ["<query>"]        (after `npm run build`)
 *
 * The store here is LangChain's MemoryVectorStore (its filter is a `(doc) => boolean`
 * predicate: `memoryVectorStoreFilter()`); for Qdrant, Pinecone, Chroma, … pass the matching
 * arcroute adapter as `translate`.
 */
import { readFileSync } from "node:fs";
import { MemoryVectorStore } from "@langchain/classic/vectorstores/memory";
import { createStaticEmbedder } from "arcroute";
import { ArcrouteEmbeddings, ArcrouteRetriever, memoryVectorStoreFilter } from "arcroute/langchain";

const query = process.argv[2] ?? "when was I most afraid of losing her";

// Sample memories: text plus a flat EDM payload (arc_type, tether_type, emotional_weight, ...).
const memories = readFileSync(new URL("./sample-corpus.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as { text: string } & Record<string, unknown>);

// arcroute's shipped offline embedding, as LangChain Embeddings (any LangChain Embeddings work).
const embeddings = new ArcrouteEmbeddings(await createStaticEmbedder());
const vectorStore = await MemoryVectorStore.fromTexts(
  memories.map((memory) => memory.text),
  memories.map(({ text: _text, ...payload }) => payload),
  embeddings,
);

const retriever = new ArcrouteRetriever({ vectorStore, translate: memoryVectorStoreFilter(), k: 3 });
const documents = await retriever.invoke(query);

const { activation } = documents[0]!.metadata.arcroute; // typed: ArcrouteDocumentMetadata
console.log(`query: ${query}`);
console.log(`significance_gate: ${activation.significance_gate}; arc_types: ${activation.arc_types.join(", ") || "(none)"}`);
for (const document of documents) {
  const routed = document.metadata.arcroute;
  console.log(`- ${document.metadata.id} [${document.metadata.arc_type ?? "-"}] ${routed.source} score=${routed.score.toFixed(3)}: ${document.pageContent}`);
}
