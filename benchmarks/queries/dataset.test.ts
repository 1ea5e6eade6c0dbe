/**
 * The shipped query sets together meet the minimums, and the two splits stay honest:
 * unique ids, no query text in both splits (after case and whitespace folding), canonical labels.
 */
import { existsSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { ARC_TYPES } from "../../src/schema/vocabulary.js";
import { loadQueries, queriesPath, QUERY_GROUPS } from "./load.js";
import { dropNearDuplicates } from "./near-duplicates.js";

const fold = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

describe.skipIf(!existsSync(queriesPath("heldout")))("train + held-out query sets", () => {
  // loadQueries validates every line against the canonical vocabulary (file:line on failure).
  const train = loadQueries("train");
  const heldout = loadQueries("heldout");
  const all = [...train, ...heldout];

  it("has at least 600 queries, 25 per arc type and every group", () => {
    expect(all.length).toBeGreaterThanOrEqual(600);
    for (const arc of ARC_TYPES) {
      expect(all.filter((q) => q.gate && q.arc_types[0] === arc).length, arc).toBeGreaterThanOrEqual(25);
    }
    for (const group of QUERY_GROUPS) expect(all.filter((q) => q.group === group).length, group).toBeGreaterThan(0);
    expect(heldout.length).toBeGreaterThan(0);
  });

  it("covers every arc type in the held-out split", () => {
    for (const arc of ARC_TYPES) expect(heldout.some((q) => q.gate && q.arc_types.includes(arc)), arc).toBe(true);
  });

  it("has ids unique across both splits", () => {
    const ids = all.map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("never has the same query text in both splits", () => {
    const trainTexts = new Set(train.map((q) => fold(q.query)));
    const shared = heldout.filter((q) => trainTexts.has(fold(q.query))).map((q) => q.id);
    expect(shared).toEqual([]);
  });
});

/**
 * The later held-out splits (HELDOUT-2.md … -5), each against every split written before it, with
 * how often each arc type must lead (the fifth, of requests and questions, asks for none).
 */
const LATER_SPLITS = [
  ["heldout2", ["train", "heldout"], 8],
  ["heldout3", ["train", "heldout", "heldout2"], 8],
  ["heldout4", ["train", "heldout", "heldout2", "heldout3"], 8],
  ["heldout5", ["train", "heldout", "heldout2", "heldout3", "heldout4"], 0],
] as const;
for (const [split, earlierSplits, minFirstArcs] of LATER_SPLITS) {
  describe.skipIf(!existsSync(queriesPath(split)))(`the later held-out split ${split}`, () => {
    // Read when a test runs: vitest collects a skipped describe's body too, and the file may not exist.
    let earlier: ReturnType<typeof loadQueries> = [];
    let queries: ReturnType<typeof loadQueries> = [];
    beforeAll(() => {
      earlier = earlierSplits.flatMap((s) => loadQueries(s));
      queries = loadQueries(split);
    });

    it(minFirstArcs > 0 ? `has ids of its own and every arc type first at least ${minFirstArcs} times` : "has ids of its own", () => {
      const ids = new Set(earlier.map((q) => q.id));
      expect(queries.filter((q) => ids.has(q.id)).map((q) => q.id)).toEqual([]);
      expect(new Set(queries.map((q) => q.id)).size).toBe(queries.length);
      for (const arc of ARC_TYPES) {
        expect(queries.filter((q) => q.gate && q.arc_types[0] === arc).length, arc).toBeGreaterThanOrEqual(minFirstArcs);
      }
    });

    it("holds no near duplicate of a query of an earlier split, nor of its own earlier queries", () => {
      const { dropped } = dropNearDuplicates(queries, earlier);
      expect(dropped.map((d) => `${d.id} ~ ${d.closest.id}`)).toEqual([]);
    });
  });
}
