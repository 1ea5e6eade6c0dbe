/**
 * The retrieval set as records: `buildRetrievalSet()` derives it from the sources (what
 * build-data.ts writes), `loadRetrievalSet()` reads the committed JSONL files (what the
 * benchmark runs on). The record shapes are the shared format of common.md.
 */
import { readFileSync } from "node:fs";
import { benchmarkPath } from "../paths.js";
import { HELDOUT2_QUERIES_FILE, readSourceMemories, readSourceQueries, relevantIds, splitOf, type Intent, type SourceMemory, type SourceQuery } from "./source.js";

export interface RetrievalMemory {
  id: string;
  text: string;
  payload: Record<string, string | number>;
}

export type QueryType = "significance" | "factual";
export const SPLITS = ["train", "heldout", "heldout2"] as const;
export type Split = (typeof SPLITS)[number];
/** The splits figures are reported on: each split, both held-out splits together, everything. */
export const SPLIT_GROUPS = [...SPLITS, "heldout_union", "all"] as const;
export type SplitGroup = (typeof SPLIT_GROUPS)[number];

/** Whether a query of `split` counts in `group`. */
export function inGroup(split: Split, group: SplitGroup): boolean {
  if (group === "all") return true;
  if (group === "heldout_union") return split === "heldout" || split === "heldout2";
  return split === group;
}

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
  const first = readSourceQueries().map((source, index) => record(source, memories, `q${String(index + 1).padStart(3, "0")}`, splitOf(seen[source.type]++)));
  const second = readSourceQueries(HELDOUT2_QUERIES_FILE).map((source, index) => record(source, memories, `r2-${String(index + 1).padStart(3, "0")}`, "heldout2"));
  return { memories, queries: [...first, ...second] };
}

function record(source: SourceQuery, memories: readonly SourceMemory[], id: string, split: Split): RetrievalQuery {
  return {
    id,
    query: source.query,
    type: source.type,
    relevant: relevantIds(source, memories),
    split,
    ...(source.intent ? { intent: source.intent } : { pattern: source.pattern! }),
  };
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
