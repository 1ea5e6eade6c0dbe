/**
 * The retrieval set as records: `buildRetrievalSet()` derives it from the sources (what
 * build-data.ts writes), `loadRetrievalSet()` reads the committed JSONL files (what the
 * benchmark runs on). The record shapes are the shared format of common.md.
 */
import { readFileSync } from "node:fs";
import { benchmarkPath } from "../paths.js";
import { HELDOUT2_QUERIES_FILE, HELDOUT3_QUERIES_FILE, readSourceMemories, readSourceQueries, relevantIds, splitOf, type Intent, type SourceMemory, type SourceQuery } from "./source.js";

export interface RetrievalMemory {
  id: string;
  text: string;
  payload: Record<string, string | number>;
}

export type QueryType = "significance" | "factual";
export const SPLITS = ["train", "heldout", "heldout2", "heldout3"] as const;
export type Split = (typeof SPLITS)[number];
/** The held-out splits written after the first (HELDOUT-2.md, HELDOUT-3.md), as reports name them. */
export const LATER_SPLITS = [
  { split: "heldout2", name: "second held-out split", short: "2nd split" },
  { split: "heldout3", name: "third held-out split", short: "3rd split" },
] as const satisfies readonly { split: Split; name: string; short: string }[];
export type LaterSplit = (typeof LATER_SPLITS)[number]["split"];
/** The splits figures are reported on: each split, every held-out split together, everything. */
export const SPLIT_GROUPS = [...SPLITS, "heldout_union", "all"] as const;
export type SplitGroup = (typeof SPLIT_GROUPS)[number];

/** Whether a query of `split` counts in `group`. */
export function inGroup(split: Split, group: SplitGroup): boolean {
  if (group === "all") return true;
  if (group === "heldout_union") return split !== "train";
  return split === group;
}

export interface RetrievalQuery {
  id: string;
  query: string;
  type: QueryType;
  relevant: string[];
  split: Split;
  /** How the labels were derived; the benchmark reads it only to report (by-arc.ts, labelled-fields.ts). */
  intent?: Intent;
  pattern?: string;
}

export function buildRetrievalSet(): { memories: RetrievalMemory[]; queries: RetrievalQuery[] } {
  const memories = readSourceMemories();
  const seen: Record<QueryType, number> = { significance: 0, factual: 0 };
  const first = readSourceQueries().map((source, index) => record(source, memories, `q${String(index + 1).padStart(3, "0")}`, splitOf(seen[source.type]++)));
  const later = (file: string, prefix: string, split: Split) => readSourceQueries(file).map((source, index) => record(source, memories, `${prefix}-${String(index + 1).padStart(3, "0")}`, split));
  return { memories, queries: [...first, ...later(HELDOUT2_QUERIES_FILE, "r2", "heldout2"), ...later(HELDOUT3_QUERIES_FILE, "r3", "heldout3")] };
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
