/**
 * A thin LangChain `VectorStore` over an embedded LanceDB table whose filter is a SQL `where`
 * string, the output of arcroute's LanceDB adapter (`toLanceDbFilter`). Rows carry `id`, `text`,
 * flat EDM payload columns and `vector`; documents come back with the payload as metadata.
 * Similarity is cosine (1 − cosine distance), higher is better, as `similaritySearchWithScore`
 * promises.
 */
import type { Table } from "@lancedb/lancedb";
import { Document, type DocumentInterface } from "@langchain/core/documents";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { VectorStore } from "@langchain/core/vectorstores";

const NOT_METADATA = new Set(["text", "vector", "_distance"]);

export class LanceDbWhereVectorStore extends VectorStore {
  declare FilterType: string;
  readonly table: Table;

  constructor(embeddings: EmbeddingsInterface, table: Table) {
    super(embeddings, {});
    this.table = table;
  }

  _vectorstoreType(): string {
    return "lancedb-where";
  }

  async addVectors(vectors: number[][], documents: DocumentInterface[]): Promise<string[]> {
    const rows = documents.map((document, i) => ({ ...document.metadata, id: String(document.metadata.id ?? document.id), text: document.pageContent, vector: vectors[i] }));
    await this.table.add(rows);
    return rows.map((row) => row.id);
  }

  async addDocuments(documents: DocumentInterface[]): Promise<string[]> {
    return this.addVectors(await this.embeddings.embedDocuments(documents.map((d) => d.pageContent)), documents);
  }

  async similaritySearchVectorWithScore(query: number[], k: number, filter?: string): Promise<[DocumentInterface, number][]> {
    let search = this.table.vectorSearch(query).distanceType("cosine").limit(k);
    if (filter !== undefined) search = search.where(filter);
    const rows = (await search.toArray()) as Record<string, unknown>[];
    return rows.map((row) => {
      const metadata = Object.fromEntries(Object.entries(row).filter(([key]) => !NOT_METADATA.has(key)));
      return [new Document({ id: String(row.id), pageContent: String(row.text), metadata }), 1 - Number(row._distance)];
    });
  }
}
