/**
 * The labelled memories `tag()`'s document model is fitted on (`train.jsonl`; see README.md here):
 * loaded and checked line by line, a bad line failing with `file:line: field: message`.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isCanonicalValue, type CategoricalField } from "../../src/schema/vocabulary.js";

export const MEMORIES_PATH = fileURLToPath(new URL("./train.jsonl", import.meta.url));

export interface LabelledMemory {
  /** `mem-<author letter>-<n>`. */
  id: string;
  significant: boolean;
  text: string;
  arc_type: string;
  tether_type: string;
  valence: string;
  emotional_weight: number;
  emotion_primary: string | null;
  relational_dynamics: string | null;
  temporal_context: string;
}

/** Fields every memory names, and those it may leave null. */
const REQUIRED = ["arc_type", "tether_type", "valence", "temporal_context"] as const satisfies readonly CategoricalField[];
const OPTIONAL = ["emotion_primary", "relational_dynamics"] as const satisfies readonly CategoricalField[];

function check(m: LabelledMemory): string | null {
  if (!/^mem-[a-z]-\d{3}$/.test(m.id)) return "id: expected mem-<letter>-<nnn>";
  if (typeof m.text !== "string" || m.text.trim() === "") return "text: empty";
  if (typeof m.significant !== "boolean") return "significant: expected true or false";
  for (const field of REQUIRED) if (!isCanonicalValue(field, m[field])) return `${field}: ${String(m[field])} is not a canonical value`;
  for (const field of OPTIONAL) if (m[field] !== null && !isCanonicalValue(field, m[field])) return `${field}: ${String(m[field])} is not a canonical value`;
  const [low, high] = m.significant ? [0.65, 0.95] : [0.1, 0.25];
  if (!(m.emotional_weight >= low && m.emotional_weight <= high)) return `emotional_weight: ${m.emotional_weight} outside ${low}–${high} for a ${m.significant ? "significant" : "mundane"} memory`;
  return null;
}

export function loadMemories(path = MEMORIES_PATH): LabelledMemory[] {
  return readFileSync(path, "utf8").split("\n").flatMap((line, i) => {
    if (line.trim() === "") return [];
    let memory: LabelledMemory;
    try {
      memory = JSON.parse(line) as LabelledMemory;
    } catch {
      throw new Error(`${path}:${i + 1}: not JSON`);
    }
    const problem = check(memory);
    if (problem !== null) throw new Error(`${path}:${i + 1}: ${problem}`);
    return [memory];
  });
}

/** Who wrote a memory: its id's letter (one invented life per author). */
export const authorOf = (id: string): string => id.split("-")[1]!;
