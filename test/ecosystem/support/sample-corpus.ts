/** The sample memory corpus shipped in examples/ (30 memories with flat EDM payloads, written for this project). */
import { readFileSync } from "node:fs";

export interface SampleMemory {
  id: string;
  text: string;
  arc_type: string | null;
  tether_type: string | null;
  emotional_weight: number;
  valence: string | null;
  emotion_primary: string | null;
  temporal_context: string | null;
  relational_dynamics: string | null;
  memory_type: string | null;
}

export function readSampleCorpus(): SampleMemory[] {
  return readFileSync(new URL("../../../examples/sample-corpus.jsonl", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as SampleMemory);
}
