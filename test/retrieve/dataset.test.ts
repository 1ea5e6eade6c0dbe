import { describe, expect, it } from "vitest";
import { buildRetrievalSet, loadRetrievalSet } from "../../benchmarks/retrieval/dataset.js";
import { wordOverlap } from "../../benchmarks/retrieval/overlap.js";
import { dropNearDuplicates } from "../../benchmarks/queries/near-duplicates.js";
import { ARC_TYPES } from "../../src/schema/vocabulary.js";
import { isCanonicalValue, type CategoricalField } from "../../src/schema/vocabulary.js";

const { memories, queries } = loadRetrievalSet();

describe("the retrieval set", () => {
  it("is exactly what the hand-written sources derive (labels are not edited by hand after the fact)", () => {
    expect(buildRetrievalSet()).toEqual({ memories, queries });
  });

  it("has at least 300 memories, a third mundane, canonical EDM payloads", () => {
    expect(memories.length).toBeGreaterThanOrEqual(300);
    expect(new Set(memories.map((m) => m.id)).size).toBe(memories.length);
    const mundane = memories.filter((m) => Number(m.payload.emotional_weight) < 0.5);
    expect(mundane.length / memories.length).toBeGreaterThanOrEqual(1 / 3);
    for (const m of memories) {
      const weight = m.payload.emotional_weight as number;
      // A clear gap between the two kinds: mundane ≤ 0.25, significant ≥ 0.65.
      expect(weight <= 0.25 || weight >= 0.65, `${m.id} weight ${weight}`).toBe(true);
      for (const [field, value] of Object.entries(m.payload)) {
        if (field === "emotional_weight") continue;
        expect(isCanonicalValue(field as CategoricalField, value), `${m.id} ${field}=${String(value)}`).toBe(true);
      }
      expect(m.payload.arc_type, `${m.id} has an arc type`).toBeDefined();
    }
  });

  it("has ≥ 100 significance and ≥ 50 factual queries, each with relevant memories, ≥ 40 % of the first source held out", () => {
    const ids = new Set(memories.map((m) => m.id));
    for (const type of ["significance", "factual"] as const) {
      const ofType = queries.filter((q) => q.type === type);
      expect(ofType.length).toBeGreaterThanOrEqual(type === "significance" ? 100 : 50);
      const first = ofType.filter((q) => q.split === "train" || q.split === "heldout");
      expect(first.filter((q) => q.split === "heldout").length / first.length).toBeGreaterThanOrEqual(0.4);
    }
    for (const q of queries) {
      expect(q.relevant.length, q.id).toBeGreaterThan(0);
      expect(q.relevant.every((id) => ids.has(id))).toBe(true);
      // Recall@10 can reach 1 for every query.
      expect(q.relevant.length, q.id).toBeLessThanOrEqual(10);
    }
  });

  it("significance queries share far fewer words with their answers than factual ones", () => {
    const texts = new Map(memories.map((m) => [m.id, m.text]));
    const significance = wordOverlap(queries.filter((q) => q.type === "significance"), texts);
    const factual = wordOverlap(queries.filter((q) => q.type === "factual"), texts);
    expect(significance.mean_jaccard).toBeLessThan(0.05);
    expect(significance.mean_jaccard * 5).toBeLessThan(factual.mean_jaccard);
  });

  it("tells mundane memories about the same people, places and objects as the significant ones", () => {
    // The cast, places and objects of benchmarks/retrieval/README.md.
    const named = ["Mum", "Dad", "Nan", "Grandad", "Clare", "Anna", "Joe", "Tom", "Dev", "Priya", "Malcolm", "Mrs Okafor", "Biscuit",
      "Whitby", "Leeds", "Elm Road", "Carver Street", "Market Street", "allotment", "harbour", "St James", "library", "bakery", "Rotterdam",
      "Lisbon", "Church Lane", "hospice", "care home", "terrace house", "mapping business", "flood", "Roundhay", "stroke ward", "regatta",
      "quilt", "watch", "blue bicycle", "Fiesta", "fishing rod", "green notebook", "sewing machine", "piano", "binoculars", "records", "pottery", "accordion"];
    const mentions = (text: string) => named.filter((name) => text.toLowerCase().includes(name.toLowerCase()));
    const significantMentions = new Set(memories.filter((m) => Number(m.payload.emotional_weight) >= 0.5).flatMap((m) => mentions(m.text)));
    const mundane = memories.filter((m) => Number(m.payload.emotional_weight) < 0.5);
    const sharing = mundane.filter((m) => mentions(m.text).some((name) => significantMentions.has(name)));
    expect(sharing.length / mundane.length).toBeGreaterThanOrEqual(0.85);
  });

  it("never labels a mundane memory relevant to a significance query", () => {
    const weight = new Map(memories.map((m) => [m.id, Number(m.payload.emotional_weight)]));
    for (const q of queries.filter((q) => q.type === "significance")) {
      for (const id of q.relevant) expect(weight.get(id), `${q.id} → ${id}`).toBeGreaterThanOrEqual(0.5);
    }
  });

  describe("the second held-out split (benchmarks/retrieval/HELDOUT-2.md)", () => {
    const second = queries.filter((q) => q.split === "heldout2");
    const earlier = queries.filter((q) => q.split === "train" || q.split === "heldout");

    it("comes from its own source file, after every query of the first two splits, ids r2-…", () => {
      expect(second.length).toBeGreaterThanOrEqual(60);
      expect(second.every((q) => /^r2-\d{3}$/.test(q.id))).toBe(true);
      expect(queries.slice(earlier.length, earlier.length + second.length)).toEqual(second);
    });

    it("passed the protocol's mechanical filters: no near duplicate of an earlier or a new query", () => {
      expect(dropNearDuplicates(second, earlier).dropped).toEqual([]);
    });

    it("leads with every arc type at least twice and has significance queries led by no arc", () => {
      const significance = second.filter((q) => q.type === "significance");
      for (const arc of ARC_TYPES) expect(significance.filter((q) => q.intent?.fields.arc_type?.includes(arc)).length, arc).toBeGreaterThanOrEqual(2);
      expect(significance.filter((q) => !q.intent?.fields.arc_type).length).toBeGreaterThanOrEqual(7);
      expect(second.filter((q) => q.type === "factual").length).toBeGreaterThanOrEqual(20);
    });
  });

  describe("the third held-out split (benchmarks/retrieval/HELDOUT-3.md)", () => {
    const third = queries.filter((q) => q.split === "heldout3");
    const earlier = queries.filter((q) => q.split !== "heldout3");

    it("comes from its own source file, after every earlier query, ids r3-…", () => {
      expect(third.length).toBeGreaterThanOrEqual(90);
      expect(third.every((q) => /^r3-\d{3}$/.test(q.id))).toBe(true);
      expect(queries.slice(earlier.length)).toEqual(third);
    });

    it("passed the protocol's mechanical filters: no near duplicate of an earlier or a new query", () => {
      expect(dropNearDuplicates(third, earlier).dropped).toEqual([]);
    });

    it("leads with every arc type at least three times and has ≥ 18 significance queries led by no arc", () => {
      const significance = third.filter((q) => q.type === "significance");
      for (const arc of ARC_TYPES) expect(significance.filter((q) => q.intent?.fields.arc_type?.includes(arc)).length, arc).toBeGreaterThanOrEqual(3);
      expect(significance.filter((q) => !q.intent?.fields.arc_type).length).toBeGreaterThanOrEqual(18);
      expect(third.filter((q) => q.type === "factual").length).toBeGreaterThanOrEqual(20);
    });
  });
});

