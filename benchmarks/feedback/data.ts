/**
 * The retrieval benchmark's corpus and labeled queries (benchmarks/retrieval/), as the feedback
 * simulation needs them: memories with flat EDM payloads, queries with relevant ids and a split.
 */
import { readFileSync } from "node:fs";
import { benchmarkPath } from "../paths.js";

export interface RetrievalMemory {
  id: string;
  text: string;
  payload: Record<string, unknown>;
}

export interface RetrievalQuery {
  id: string;
  query: string;
  type: "significance" | "factual";
  relevant: string[];
  split: "train" | "heldout";
}

function readJsonl<T>(path: string): T[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as T);
}

export function loadRetrievalSet(): { memories: RetrievalMemory[]; queries: RetrievalQuery[] } {
  const memories = readJsonl<RetrievalMemory>(benchmarkPath("retrieval", "corpus.jsonl"));
  const queries = readJsonl<RetrievalQuery>(benchmarkPath("retrieval", "queries.jsonl"));
  return { memories, queries };
}
