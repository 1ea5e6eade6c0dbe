import { describe, expect, it } from "vitest";
import { createRetriever, hardFieldsOf, matchPlan, ROBUST_ROUTING, satisfiesAll, type Candidate, type SearchRequest } from "../../src/retrieve/index.js";
import type { FieldFilter } from "../../src/schema/activation.js";
import { activation } from "./support/activation.js";
import { fakeStore } from "./support/fake-store.js";

// The classifier guessed the tether wrong: the grief memory that matters most is about a place.
const griefGuessedPerson: FieldFilter[] = [
  { field: "arc_type", operator: "eq", value: "grief", weight: 1 },
  { field: "tether_type", operator: "eq", value: "person", weight: 0.8 },
  { field: "emotional_weight", operator: "gte", value: 0.5, weight: 0.4 },
];

const docs = [
  { id: "errand", score: 0.95, payload: { arc_type: "grief", tether_type: "person", emotional_weight: 0.1 } },
  { id: "place", score: 0.9, payload: { arc_type: "grief", tether_type: "place", emotional_weight: 0.9 } },
  { id: "person2", score: 0.3, payload: { arc_type: "grief", tether_type: "person", emotional_weight: 0.8 } },
  { id: "person1", score: 0.2, payload: { arc_type: "grief", tether_type: "person", emotional_weight: 0.8 } },
  { id: "bond", score: 0.5, payload: { arc_type: "bond", tether_type: "person", emotional_weight: 0.8 } },
];

describe("hardFieldsOf", () => {
  const fields = [
    { field: "arc_type", weight: 1 },
    { field: "tether_type", weight: 0.8 },
    { field: "valence", weight: 0.3 },
    { field: "emotional_weight", weight: 0.4 },
  ];

  it('"all" keeps every field, "core" the arc types and numeric thresholds, a list exactly those', () => {
    expect(hardFieldsOf("all", fields)).toEqual(fields);
    expect(hardFieldsOf("core", fields).map((f) => f.field)).toEqual(["arc_type", "emotional_weight"]);
    expect(hardFieldsOf(["valence", "tether_type"], fields).map((f) => f.field)).toEqual(["tether_type", "valence"]);
  });

  it("makes every field hard when the option selects no categorical field (a threshold alone routes nowhere)", () => {
    const noArc = [{ field: "valence", weight: 0.3 }, { field: "emotional_weight", weight: 0.4 }, { field: "tether_type", weight: 0.8 }];
    expect(hardFieldsOf("core", noArc)).toEqual(noArc);
    expect(hardFieldsOf(["relational_dynamics"], fields)).toEqual(fields);
    expect(hardFieldsOf(["emotional_weight"], fields)).toEqual(fields);
    expect(hardFieldsOf("core", [])).toEqual([]);
  });

  it("rejects anything else", () => {
    expect(() => hardFieldsOf("some" as "core", fields)).toThrow(/hardFields must be "all", "core" or a list/);
    expect(() => hardFieldsOf([1] as unknown as string[], fields)).toThrow(/hardFields/);
  });
});

describe('createRetriever hardFields: "core"', () => {
  it("filters by arc and weight only, so a wrong tether guess reorders instead of hiding", async () => {
    const strict = fakeStore(docs);
    const all = await createRetriever({ search: strict.search, translate: strict.translate, k: 2 }).retrieve("q", { activation: activation(griefGuessedPerson) });
    expect(all.results.map((r) => r.id)).toEqual(["person2", "person1"]);

    const store = fakeStore(docs);
    const core = await createRetriever({ search: store.search, translate: store.translate, k: 2, hardFields: "core" }).retrieve("q", { activation: activation(griefGuessedPerson) });
    // One search, default fetchK 3·k, with the arc and weight filters only.
    expect(store.calls).toEqual([{ filter: [griefGuessedPerson[0], griefGuessedPerson[2]], k: 6 }]);
    expect(core.stages).toEqual([{ source: "filtered", fields: ["arc_type", "emotional_weight"], returned: 3 }]);
    // Fusion still uses the tether (total weight 2.2): place 0.45 + 0.5·1.4/2.2 ≈ 0.768, person2 0.15 + 0.5 = 0.65.
    expect(core.results.map((r) => r.id)).toEqual(["place", "person2"]);
    expect(core.results[0]!.matchScore).toBeCloseTo(1.4 / 2.2, 10);
    // The mundane errand never passes the weight threshold.
    expect(core.results.some((r) => r.id === "errand")).toBe(false);
  });

  it("asks for k, not 3·k, when every field of the activation ends up hard (as with hardFields: \"all\")", async () => {
    const arcAndWeight = [griefGuessedPerson[0]!, griefGuessedPerson[2]!];
    for (const hardFields of ["core", ["arc_type", "emotional_weight"], "all"] as const) {
      const store = fakeStore(docs);
      await createRetriever({ search: store.search, translate: store.translate, k: 2, hardFields }).retrieve("q", { activation: activation(arcAndWeight) });
      expect(store.calls[0]!.k, JSON.stringify(hardFields)).toBe(2);
    }
  });

  it("keeps the arc alternatives hard together (several filters on one field are alternatives)", async () => {
    const store = fakeStore(docs);
    const filters: FieldFilter[] = [...griefGuessedPerson, { field: "arc_type", operator: "eq", value: "bond", weight: 0.2 }];
    const { results } = await createRetriever({ search: store.search, translate: store.translate, k: 4, hardFields: "core" }).retrieve("q", { activation: activation(filters) });
    expect(store.calls[0]!.filter!.filter((f) => f.field === "arc_type").map((f) => f.value)).toEqual(["grief", "bond"]);
    expect(results.map((r) => r.id)).toContain("bond");
  });

  it("relaxes the hard fields only, lowest weight first", async () => {
    const store = fakeStore(docs.filter((d) => d.id === "errand" || d.id === "bond"));
    const { stages } = await createRetriever({ search: store.search, translate: store.translate, k: 2, hardFields: "core" }).retrieve("q", { activation: activation(griefGuessedPerson) });
    expect(stages.map((s) => [s.source, s.fields])).toEqual([
      ["filtered", ["arc_type", "emotional_weight"]],
      ["relaxed", ["arc_type"]],
      ["fallback", []],
    ]);
  });
});

describe("createRetriever routeFields", () => {
  const scared: FieldFilter[] = [
    { field: "arc_type", operator: "eq", value: "threshold", weight: 0.9 },
    { field: "emotion_primary", operator: "eq", value: "fear", weight: 0.6 },
    { field: "emotional_weight", operator: "gte", value: 0.5, weight: 0.4 },
  ];
  const memories = [
    { id: "threshold-hope", score: 0.5, payload: { arc_type: "threshold", emotion_primary: "hope", emotional_weight: 0.8 } },
    { id: "resistance-fear", score: 0.6, payload: { arc_type: "resistance", emotion_primary: "fear", emotional_weight: 0.9 } },
    { id: "errand-fear", score: 0.9, payload: { arc_type: "bond", emotion_primary: "fear", emotional_weight: 0.1 } },
    { id: "grief-sad", score: 0.95, payload: { arc_type: "grief", emotion_primary: "sadness", emotional_weight: 0.9 } },
  ];

  it("adds a search by the route field and the thresholds, so the named emotion's memories of another arc compete", async () => {
    const store = fakeStore(memories);
    const retriever = createRetriever({ search: store.search, translate: store.translate, k: 2, relax: false, hardFields: "core", routeFields: ["emotion_primary"] });
    const { results, stages } = await retriever.retrieve("q", { activation: activation(scared) });
    expect(stages).toEqual([
      { source: "filtered", fields: ["arc_type", "emotional_weight"], returned: 1 },
      { source: "relaxed", fields: ["emotion_primary", "emotional_weight"], returned: 1 },
    ]);
    // No fallback needed: the route filled k; the mundane errand fails the weight threshold.
    expect(results.map((r) => [r.id, r.source])).toEqual([
      ["threshold-hope", "filtered"],
      ["resistance-fear", "relaxed"],
    ]);
  });

  it("does nothing for a query without the route field, and is refused when not a list", async () => {
    const store = fakeStore(memories);
    const retriever = createRetriever({ search: store.search, translate: store.translate, k: 1, hardFields: "core", routeFields: ["emotion_primary"] });
    const { stages } = await retriever.retrieve("q", { activation: activation([scared[0]!, scared[2]!]) });
    expect(stages.map((s) => s.fields)).toEqual([["arc_type", "emotional_weight"]]);
    expect(() => createRetriever({ search: store.search, translate: store.translate, routeFields: "emotion_primary" as unknown as string[] })).toThrow(/routeFields/);
  });
});

describe("ROBUST_ROUTING", () => {
  it("routes by a named relation too: that tie's memories under another arc compete with the guessed arc's", async () => {
    const nan: FieldFilter[] = [
      { field: "arc_type", operator: "eq", value: "bond", weight: 0.95 },
      { field: "relational_dynamics", operator: "eq", value: "grandparent_grandchild", weight: 0.6 },
      { field: "emotional_weight", operator: "gte", value: 0.5, weight: 0.4 },
    ];
    const store = fakeStore([
      { id: "bond-friend", score: 0.9, payload: { arc_type: "bond", relational_dynamics: "friendship", emotional_weight: 0.8 } },
      { id: "gratitude-nan", score: 0.2, payload: { arc_type: "gratitude", relational_dynamics: "grandparent_grandchild", emotional_weight: 0.9 } },
      { id: "grief-dad", score: 0.95, payload: { arc_type: "grief", relational_dynamics: "parent_child", emotional_weight: 0.9 } },
    ]);
    const { results, stages } = await createRetriever({ search: store.search, translate: store.translate, k: 2, ...ROBUST_ROUTING }).retrieve("q", { activation: activation(nan) });
    expect(stages.map((s) => s.fields)).toContainEqual(["relational_dynamics", "emotional_weight"]);
    expect(results.map((r) => r.id)).toEqual(["bond-friend", "gratitude-nan"]);
  });
});

describe("createRetriever belowThresholds", () => {
  it("lets the nearest candidates that fail only the thresholds compete in fusion", async () => {
    const plain = fakeStore(docs);
    const routed = await createRetriever({ search: plain.search, translate: plain.translate, k: 2, hardFields: "core" }).retrieve("q", { activation: activation(griefGuessedPerson) });
    expect(routed.results.map((r) => r.id)).not.toContain("errand");

    const store = fakeStore(docs);
    const hedged = await createRetriever({ search: store.search, translate: store.translate, k: 2, hardFields: "core", belowThresholds: 1 }).retrieve("q", { activation: activation(griefGuessedPerson) });
    expect(hedged.stages.at(-1)).toEqual({ source: "relaxed", fields: ["arc_type"], returned: 1 });
    expect(store.calls.at(-1)).toEqual({ filter: [griefGuessedPerson[0]], k: 1 });
    // The mundane errand (arc and tether match, weight fails: 0.475 + 0.5·1.8/2.2 ≈ 0.884) now leads.
    expect(hedged.results.map((r) => [r.id, r.source])).toEqual([
      ["errand", "relaxed"],
      ["place", "filtered"],
    ]);
  });

  it("needs both a threshold and a categorical hard field, and a non-negative integer", async () => {
    const store = fakeStore(docs);
    const onlyArc = await createRetriever({ search: store.search, translate: store.translate, k: 2, hardFields: "core", belowThresholds: 3 }).retrieve("q", { activation: activation([griefGuessedPerson[0]!]) });
    expect(onlyArc.stages.map((s) => s.fields)).toEqual([["arc_type"]]);
    expect(() => createRetriever({ search: store.search, translate: store.translate, belowThresholds: -2 })).toThrow(/belowThresholds must be a non-negative integer/);
  });
});

describe("createRetriever keepNearest", () => {
  it("keeps the nearest unfiltered neighbours in the k results, a hedge for a wrongly opened gate", async () => {
    const store = fakeStore(docs);
    const retriever = createRetriever({ search: store.search, translate: store.translate, k: 2, hardFields: "core", keepNearest: 1 });
    const { results, stages } = await retriever.retrieve("q", { activation: activation(griefGuessedPerson) });
    expect(stages.at(-1)).toEqual({ source: "fallback", fields: [], returned: 1 });
    // The errand fails the weight filter but is the nearest neighbour: it keeps one of the two
    // places (fused 0.475 + 0.5·1.8/2.2 ≈ 0.884, ahead of place ≈ 0.768); person2 (0.65) is out.
    expect(results.map((r) => [r.id, r.source])).toEqual([
      ["errand", "fallback"],
      ["place", "filtered"],
    ]);
  });

  it("is refused when negative, fractional, or not less than k (at construction and per call)", async () => {
    const store = fakeStore(docs);
    expect(() => createRetriever({ search: store.search, translate: store.translate, k: 5, keepNearest: 5 })).toThrow(/keepNearest must be less than k \(5\)/);
    const retriever = createRetriever({ search: store.search, translate: store.translate, k: 5, keepNearest: 2 });
    await expect(retriever.retrieve("times I lost someone", { k: 2 })).rejects.toThrow(/keepNearest must be less than k \(2\)/);
    expect(() => createRetriever({ search: store.search, translate: store.translate, keepNearest: -1 })).toThrow(/keepNearest/);
    expect(() => createRetriever({ search: store.search, translate: store.translate, keepNearest: 0.5 })).toThrow(/keepNearest/);
    expect(() => createRetriever({ search: store.search, translate: store.translate, hardFields: "none" as "all" })).toThrow(/hardFields/);
  });
});
