/**
 * An arcroute `Embedder` (e.g. the offline word-vector embedder) as LangChain `Embeddings`,
 * so any LangChain vector store can use the same embedding as arcroute's benchmarks and demo.
 */
import { Embeddings, type EmbeddingsParams } from "@langchain/core/embeddings";
import type { Embedder } from "../../embed/types.js";

export class ArcrouteEmbeddings extends Embeddings {
  readonly embedder: Embedder;

  constructor(embedder: Embedder, params: EmbeddingsParams = {}) {
    super(params);
    this.embedder = embedder;
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    return (await this.embedder.embed(texts)).map((vector) => Array.from(vector));
  }

  async embedQuery(text: string): Promise<number[]> {
    const [vector] = await this.embedder.embed([text]);
    return Array.from(vector!);
  }
}
