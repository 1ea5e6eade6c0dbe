import { describe, expect, it } from "vitest";
import type { LabeledQuery } from "./load.js";
import { dropNearDuplicates, jaccard, wordSet } from "./near-duplicates.js";

const query = (id: string, text: string): LabeledQuery => ({
  id, split: "heldout", group: "chitchat", query: text, gate: false, arc_types: [], tether_type: null, valence: null, intensity: null,
});

describe("near-duplicate removal", () => {
  it("reads words as lowercase letters and digits with apostrophes removed", () => {
    expect([...wordSet("When I couldn't SLEEP in 2019!")]).toEqual(["when", "i", "couldnt", "sleep", "in", "2019"]);
    expect(jaccard(wordSet("a b c"), wordSet("a b d"))).toBeCloseTo(2 / 4);
  });

  it("drops a one-word variant of a reference and of an earlier kept candidate, keeps the rest", () => {
    const references = [query("tr-1", "the night my nan passed away in the hospice")];
    const candidates = [
      query("h2-1", "the night my gran passed away in the hospice"), // 7 of 9 words shared with tr-1 → 0.78
      query("h2-2", "standing up to my boss in front of everyone"),
      query("h2-3", "standing up to my manager in front of everyone"), // a variant of h2-2 → 0.8
      query("h2-4", "the first morning in my own flat"),
    ];
    const { kept, dropped } = dropNearDuplicates(candidates, references);
    expect(kept.map((q) => q.id)).toEqual(["h2-2", "h2-4"]);
    expect(dropped.map((d) => [d.id, d.closest.id])).toEqual([["h2-1", "tr-1"], ["h2-3", "h2-2"]]);
  });
});
