/**
 * The retrieval set's hand-written sources (benchmarks/retrieval/source/) and the one rule that
 * turns them into relevance labels. `npx tsx benchmarks/retrieval/build-data.ts` writes
 * corpus.jsonl and queries.jsonl from them; a test checks the committed files still agree.
 *
 * Relevance is derived from the payloads, never from any system under test:
 * - a significance query's intent names EDM payload values (arc, tether, relation, valence,
 *   emotion, temporal context, a minimum emotional_weight, and rarely a regex pinning a named
 *   person); its relevant set is EVERY memory whose payload satisfies all of them;
 * - a factual query's relevant set is every memory whose text matches its regex.
 */
import { readFileSync } from "node:fs";
import { benchmarkPath } from "../paths.js";

export interface SourceMemory {
  id: string;
  text: string;
  payload: Record<string, string | number>;
}

/** Intent keys → payload fields. */
const INTENT_FIELDS = {
  arc: "arc_type",
  tether: "tether_type",
  rel: "relational_dynamics",
  val: "valence",
  emo: "emotion_primary",
  temporal: "temporal_context",
} as const;
type IntentKey = keyof typeof INTENT_FIELDS;

export interface Intent {
  /** Payload field → accepted values ("none" accepts an absent field). */
  fields: Partial<Record<(typeof INTENT_FIELDS)[IntentKey], string[]>>;
  /** Lowest emotional_weight of a relevant memory; significant memories weigh ≥ 0.65, mundane ≤ 0.25. */
  min_weight: number;
  /** Case-insensitive regex over the memory text (pins a named person), or null. */
  text: string | null;
}

export interface SourceQuery {
  query: string;
  type: "significance" | "factual";
  /** Significance queries. */
  intent?: Intent;
  /** Factual queries: case-insensitive regex over memory texts. */
  pattern?: string;
}

/** Mundane memories weigh at most this; the default `min` keeps them out of significance answers. */
export const DEFAULT_MIN_WEIGHT = 0.5;

const MEMORY_COLUMNS = ["arc_type", "tether_type", "emotional_weight", "valence", "emotion_primary", "relational_dynamics", "temporal_context"] as const;

function sourceLines(name: string): string[] {
  return readFileSync(benchmarkPath("retrieval", "source", name), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"));
}

export function readSourceMemories(): SourceMemory[] {
  return sourceLines("memories.txt").map((line, index) => {
    const cells = line.split("|");
    if (cells.length !== MEMORY_COLUMNS.length + 1) throw new Error(`memories.txt: bad line ${JSON.stringify(line)}`);
    const payload: Record<string, string | number> = {};
    MEMORY_COLUMNS.forEach((column, i) => {
      const cell = cells[i]!;
      if (cell !== "-") payload[column] = column === "emotional_weight" ? Number(cell) : cell;
    });
    return { id: `m${String(index + 1).padStart(3, "0")}`, text: cells[MEMORY_COLUMNS.length]!, payload };
  });
}

/** The train and first held-out queries (split by `splitOf`). */
export const QUERIES_FILE = "queries.txt";
/** The second held-out split, written later by other authors (HELDOUT-2.md): every query held out. */
export const HELDOUT2_QUERIES_FILE = "queries-heldout2.txt";
/** The third held-out split (HELDOUT-3.md): every query held out. */
export const HELDOUT3_QUERIES_FILE = "queries-heldout3.txt";

/** `S|intent|query` or `F|regex|query`; the middle part may itself contain `|` (regex alternation). */
export function readSourceQueries(file: string = QUERIES_FILE): SourceQuery[] {
  return sourceLines(file).map((line) => {
    const first = line.indexOf("|");
    const last = line.lastIndexOf("|");
    const kind = line.slice(0, first);
    const middle = line.slice(first + 1, last);
    const query = line.slice(last + 1).trim();
    if (kind === "S") return { query, type: "significance", intent: parseIntent(middle) };
    if (kind === "F") return { query, type: "factual", pattern: middle };
    throw new Error(`${file}: bad line ${JSON.stringify(line)}`);
  });
}

export function parseIntent(spec: string): Intent {
  const intent: Intent = { fields: {}, min_weight: DEFAULT_MIN_WEIGHT, text: null };
  for (const part of spec.split(";")) {
    const eq = part.indexOf("=");
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (key === "min") intent.min_weight = Number(value);
    else if (key === "text") intent.text = value;
    else if (key in INTENT_FIELDS) intent.fields[INTENT_FIELDS[key as IntentKey]] = value.split(",");
    else throw new Error(`queries.txt: unknown intent key '${key}' in ${spec}`);
  }
  return intent;
}

/** Does a memory answer a significance intent? */
export function satisfiesIntent(memory: SourceMemory, intent: Intent): boolean {
  if (Number(memory.payload.emotional_weight ?? 0) < intent.min_weight) return false;
  for (const [field, accepted] of Object.entries(intent.fields)) {
    const value = memory.payload[field];
    if (!accepted.includes(value === undefined ? "none" : String(value))) return false;
  }
  return intent.text === null || new RegExp(intent.text, "i").test(memory.text);
}

/** Every relevant memory id of a query, in corpus order. */
export function relevantIds(query: SourceQuery, memories: readonly SourceMemory[]): string[] {
  const pattern = query.pattern === undefined ? null : new RegExp(query.pattern, "i");
  return memories
    .filter((memory) => (query.intent ? satisfiesIntent(memory, query.intent) : pattern!.test(memory.text)))
    .map((memory) => memory.id);
}

/** 4 of every 9 queries of each type are held out (44 %), spread evenly through the file. */
export function splitOf(indexWithinType: number): "train" | "heldout" {
  return [1, 3, 5, 7].includes(indexWithinType % 9) ? "heldout" : "train";
}
