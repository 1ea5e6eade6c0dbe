import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ActivationResultSchema } from "../schema/activation.js";
import { analyze, classify, CLASSIFIER_MODEL, classifyWithProbabilities, explain, lexicalClassifier } from "./index.js";
import { ALTERNATIVE_RATIO } from "./filters.js";
import { tag } from "../tag/index.js";

/** Query → the arc types a careful reader could name first (LABELLING.md §3); most have one. */
const significant: [string, string | string[]][] = [
  ["times dad was proud of me", "bond"],
  // Leaving what? Crossing into a new stage (threshold), facing the truth of one's situation
  // (reckoning) or getting free (liberation) are all readings of the issue's own example.
  ["the moment I knew I had to leave", ["threshold", "reckoning", "liberation"]],
  ["when was I most afraid of losing her", "grief"],
  ["the day I stopped being afraid of him", "liberation"],
  ["when my best friend lied to me behind my back", "betrayal"],
  ["that time i stood up to my boss", "resistance"],
  ["grateful for my teacher who believed in me", "gratitude"],
  ["when we made up after years of not speaking", "reconciliation"],
  ["the first time i saw the ocean", "discovery"],
  ["moving to a new country where nobody talked to me", "exile"],
  ["the night i realised it was wrong", "moral_awakening"],
  ["when i got sober everything changed", "transformation"],
  ["had to face the mess i made", "reckoning"],
  ["finally being myself after coming out", "authenticity"],
];
const negatives = [
  "when is mum's dentist appointment", "what does nostalgia mean", "songs about betrayal",
  "grief counselling opening hours", "play Happy by Pharrell", "capital of france", "hi how are you", "remind me to call mom",
  "when's my sister's birthday", "the hospice visiting hours",
];

describe("classify", () => {
  it("reports the model name", () => {
    expect(CLASSIFIER_MODEL).toBe("arcroute-lexicon@1");
    expect(lexicalClassifier.model).toBe(CLASSIFIER_MODEL);
  });
  it.each(significant)("opens the gate and finds the arc: %s", (query, arcs) => {
    const r = classify(query);
    expect(r.significance_gate).toBe(true);
    expect([arcs].flat()).toContain(r.arc_types[0]);
    expect(r.field_filters[0]).toMatchObject({ field: "arc_type", operator: "eq", value: r.arc_types[0] });
    expect(ActivationResultSchema.safeParse(r).success).toBe(true);
  });
  it.each(negatives)("keeps the gate shut: %s", (query) => {
    const r = classify(query);
    expect(r).toMatchObject({ significance_gate: false, arc_types: [], field_filters: [], primary_domain: null });
  });
  it("reads negation: 'stopped being afraid' is positive liberation", () => {
    const r = classify("the day I stopped being afraid of him");
    expect(r.field_filters.find((f) => f.field === "valence")?.value).toBe("positive");
  });
  it("refuses a text that is not a string instead of reading 'undefined' or 'nan' as words", () => {
    for (const bad of [undefined, null, Number.NaN, 42, ["when nan died"]]) {
      expect(() => classify(bad as unknown as string), String(bad)).toThrow(TypeError);
      expect(() => explain(bad as unknown as string)).toThrow(TypeError);
      expect(() => tag(bad as unknown as string)).toThrow(TypeError);
    }
  });

  it("is deterministic", () => {
    expect(classify("when nan passed away")).toEqual(classify("when nan passed away"));
  });
  it("explains gate, arcs and filters with their cues", () => {
    const e = explain("the worst night after grandpa died");
    expect(e.result.significance_gate).toBe(true);
    expect(e.arcs[0]!.arc).toBe("grief");
    expect(e.arcs[0]!.cues.map((c) => c.phrase)).toContain("died");
    expect(e.filters.find((f) => f.field === "emotional_weight")!.cues.map((c) => c.phrase)).toContain("worst");
    expect(e.gate.opened_by.length).toBeGreaterThan(0);
    expect(explain("songs about betrayal").gate.closed_by.map((c) => c.phrase)).toContain("songs about");
    expect(classify("x", { debug: true }).result).toEqual(classify("x"));
  });
  it("explains a relation a named relation covers by that relation's cue, not as an emotion fallback", () => {
    const relations = explain("times my family was there for me").filters.filter((f) => f.field === "relational_dynamics");
    expect(relations.map((f) => f.value)).toEqual(["family", "parent_child", "sibling_bond", "grandparent_grandchild"]);
    for (const filter of relations) {
      expect(filter.source, String(filter.value)).toBe("cue");
      expect(filter.cues.map((c) => c.phrase), String(filter.value)).toContain("my family");
    }
  });
  it("analyze works without the gate", () => {
    const a = analyze("Grandma's quilt that she made every winter");
    expect(a.tether.object?.cues.map((c) => c.phrase)).toContain("quilt");
    expect(analyze("songs about betrayal").arcRanking[0]).toBe("betrayal");
  });
});

function checkResult(query: string): void {
  const r = classify(query);
  expect(ActivationResultSchema.safeParse(r).success).toBe(true);
  if (!r.significance_gate) expect(r.field_filters.length + r.arc_types.length).toBe(0);
}

describe("properties", () => {
  it("never throws and always validates on arbitrary unicode", () => {
    fc.assert(fc.property(fc.string({ unit: "binary" }), (q) => checkResult(q)), { numRuns: 300 });
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (q) => checkResult(q)), { numRuns: 300 });
  });
  it("handles empty, whitespace, control characters, lone surrogates and 100k chars", () => {
    for (const q of ["", "   \t\n", "\u0000\u0001\u001f\u007f", "\uD800", "\uDC00 times", "grief ".repeat(20_000).slice(0, 100_000)]) checkResult(q);
  });
  it("mixes of lexicon words always validate", () => {
    const words = ["the", "day", "mum", "betrayed", "free", "happiest", "never", "not", "forget", "play", "song", "me", "i", "when", "grief", "ring", "christmas"];
    fc.assert(fc.property(fc.array(fc.constantFrom(...words), { maxLength: 30 }), (ws) => checkResult(ws.join(" "))), { numRuns: 500 });
  });
});

describe("classifyWithProbabilities", () => {
  it("reports the models' distributions behind the answer, whose top values are the answer's", () => {
    const { result, probabilities } = classifyWithProbabilities("the day my grandmother died and I held her hand");
    expect(result).toEqual(classify("the day my grandmother died and I held her hand"));
    for (const field of ["arc_type", "tether_type", "valence"] as const) {
      const distribution = Object.entries(probabilities![field]);
      expect(distribution.reduce((sum, [, p]) => sum + p, 0)).toBeCloseTo(1, 6);
      const top = distribution.sort((a, b) => b[1] - a[1])[0]![0];
      if (field === "arc_type") expect(top).toBe(result.arc_types[0]);
      else expect(result.field_filters.find((f) => f.field === field)?.value).toBe(top);
    }
  });

  it("offers a close runner-up tether type as a weaker alternative filter, in proportion to its probability", () => {
    // Person and self trade places most often; this query is split between them.
    const query = "times I felt I let everyone down";
    const { result, probabilities } = classifyWithProbabilities(query);
    const tethers = result.field_filters.filter((f) => f.field === "tether_type");
    const ranked = Object.entries(probabilities!.tether_type).sort((a, b) => b[1] - a[1]);
    expect(tethers.map((f) => f.value)).toEqual(ranked.filter(([, p]) => p >= ALTERNATIVE_RATIO * ranked[0]![1]).slice(0, 3).map(([v]) => v));
    expect(tethers.length).toBeGreaterThan(1);
    for (const f of tethers.slice(1)) expect(f.weight).toBeCloseTo(Math.max(0.05, (tethers[0]!.weight * probabilities!.tether_type[f.value as string]!) / ranked[0]![1]), 2);
  });

  it("has none when the gate is closed", () => {
    expect(classifyWithProbabilities("what is the capital of france").probabilities).toBeNull();
  });
});
