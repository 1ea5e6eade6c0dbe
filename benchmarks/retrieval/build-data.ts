/**
 * Writes benchmarks/retrieval/corpus.jsonl and queries.jsonl from the hand-written sources.
 * Run after editing a source file: `npx tsx benchmarks/retrieval/build-data.ts` (`--list` also
 * prints every query with its relevant memories, for checking labels by hand).
 */
import { writeFileSync } from "node:fs";
import { benchmarkPath } from "../paths.js";
import { buildRetrievalSet } from "./dataset.js";

const { memories, queries } = buildRetrievalSet();
const jsonl = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).join("\n") + "\n";
writeFileSync(benchmarkPath("retrieval", "corpus.jsonl"), jsonl(memories));
writeFileSync(benchmarkPath("retrieval", "queries.jsonl"), jsonl(queries));
if (process.argv.includes("--list")) {
  const text = new Map(memories.map((m) => [m.id, m.text]));
  for (const q of queries) {
    console.log(`\n${q.id} [${q.type}/${q.split}] ${q.query}  (${q.relevant.length})`);
    for (const id of q.relevant) console.log(`   ${id} ${text.get(id)}`);
  }
}
console.log(`${memories.length} memories, ${queries.length} queries written`);
