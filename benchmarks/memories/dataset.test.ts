/**
 * The labelled memories stay usable and independent of the retrieval benchmark they are tested
 * on: canonical labels, unique ids and texts, six authors, and no text shared with the corpus.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ARC_TYPES } from "../../src/schema/vocabulary.js";
import { authorOf, loadMemories } from "./load.js";

describe("labelled memories", () => {
  const memories = loadMemories(); // throws file:line on a non-canonical label

  it("has 1,560 memories by six authors, a third mundane, every arc type among the significant ones", () => {
    expect(memories).toHaveLength(1560);
    expect(new Set(memories.map((m) => authorOf(m.id))).size).toBe(6);
    expect(memories.filter((m) => !m.significant)).toHaveLength(480);
    for (const arc of ARC_TYPES) expect(memories.filter((m) => m.significant && m.arc_type === arc).length, arc).toBeGreaterThanOrEqual(50);
  });

  it("has unique ids and texts, none of them in the retrieval corpus", () => {
    expect(new Set(memories.map((m) => m.id)).size).toBe(memories.length);
    expect(new Set(memories.map((m) => m.text)).size).toBe(memories.length);
    const corpus = readFileSync(new URL("../retrieval/corpus.jsonl", import.meta.url), "utf8").split("\n").filter(Boolean).map((l) => (JSON.parse(l) as { text: string }).text);
    expect(corpus.filter((text) => memories.some((m) => m.text === text))).toEqual([]);
  });

  it("names the file, line and field of a bad label", () => {
    const path = join(mkdtempSync(join(tmpdir(), "arcroute-memories-")), "bad.jsonl");
    const good = JSON.stringify(memories[0]);
    writeFileSync(path, `${good}\n${JSON.stringify({ ...memories[1], tether_type: "house" })}\n`);
    expect(() => loadMemories(path)).toThrow(`${path}:2: tether_type: house is not a canonical value`);
    writeFileSync(path, `${JSON.stringify({ ...memories[0], significant: false })}\n`);
    expect(() => loadMemories(path)).toThrow(/:1: emotional_weight: .* outside 0.1–0.25 for a mundane memory/);
  });
});
