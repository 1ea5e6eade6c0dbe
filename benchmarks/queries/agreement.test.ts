import { describe, expect, it } from "vitest";
import { agreement } from "./agreement.js";
import type { LabeledQuery } from "./load.js";

const q = (id: string, over: Partial<LabeledQuery>): LabeledQuery => ({
  id, split: "heldout2", group: "significance", query: `query ${id}`, gate: true,
  arc_types: ["grief", "bond"], tether_type: "person", valence: "mixed", intensity: "medium", ...over,
});

describe("annotator agreement", () => {
  it("scores the second annotator like a prediction: top arc within the author's arcs, tether and valence over both-gate-true queries", () => {
    const authors = [q("1", {}), q("2", {}), q("3", {}), q("4", { group: "task", gate: false, arc_types: [], tether_type: null, valence: null, intensity: null })];
    const second = [
      q("1", {}),
      q("2", { arc_types: ["bond"], tether_type: "event" }), // runner-up arc first: top arc agrees, first arc does not
      q("3", { arc_types: ["exile"], valence: "negative" }),
      q("4", {}), // opened a gate the author closed
    ];
    expect(agreement(authors, second)).toEqual({ queries: 4, gate: 3, bothGateTrue: 3, topArcInLabels: 2, sameFirstArc: 1, tether: 2, valence: 2 });
  });

  it("refuses a second annotation that lacks a query or changed its text", () => {
    expect(() => agreement([q("1", {})], [])).toThrow(/lacks 1/);
    expect(() => agreement([q("1", {})], [{ ...q("1", {}), query: "other" }])).toThrow(/changed its text/);
  });
});
