/**
 * The retrieval set as records: `buildRetrievalSet()` derives it from the sources (what
 * build-data.ts writes), `loadRetrievalSet()` reads the committed JSONL files (what the
 * benchmark runs on). The record shapes are the shared format of common.md.
 */
import { readFileSync } from "node:fs";
import { benchmarkPath } from "../paths.js";
import { readSourceMemories, readSourceQueries, relevantIds, splitOf, type Intent } from "./source.js";

export interface RetrievalMemory {
  id: string;
  text: string;
  payload: Record<string, string | number>;
}

export type QueryType = "significance" | "factual";
export type Split = "train" | "heldout";

export interface RetrievalQuery {
  id: string;
  query: string;
  type: QueryType;
  relevant: string[];
  split: Split;
  /** How the labels were derived (documentation; the benchmark never reads it). */
  intent?: Intent;
  pattern?: string;
}

export function buildRetrievalSet(): { memories: RetrievalMemory[]; queries: RetrievalQuery[] } {
  const memories = readSourceMemories();
  const seen: Record<QueryType, number> = { significance: 0, factual: 0 };
  const queries = readSourceQueries().map((source, index): RetrievalQuery => ({
    id: `q${String(index + 1).padStart(3, "0")}`,
    query: source.query,
    type: source.type,
    relevant: relevantIds(source, memories),
    split: splitOf(seen[source.type]++),
    ...(source.intent ? { intent: source.intent } : { pattern: source.pattern }),
  }));
  return { memories, queries };
}

function readJsonl<T>(name: string): T[] {
  return readFileSync(benchmarkPath("retrieval", name), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as T);
}

export function loadRetrievalSet(): { memories: RetrievalMemory[]; queries: RetrievalQuery[] } {
  return { memories: readJsonl("corpus.jsonl"), queries: readJsonl("queries.jsonl") };
}
