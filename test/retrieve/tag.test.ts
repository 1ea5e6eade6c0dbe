import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCanonicalValue, type CategoricalField } from "../../src/schema/vocabulary.js";
import { analyze } from "../../src/classify/analyze.js";
import { cueWeight, emotionalWeight, significanceOf, tag } from "../../src/tag/index.js";

const CATEGORICAL: CategoricalField[] = ["arc_type", "tether_type", "valence", "emotion_primary", "relational_dynamics", "temporal_context"];

function expectCanonical(tags: ReturnType<typeof tag>): void {
  for (const field of CATEGORICAL) {
    const value = (tags as unknown as Record<string, unknown>)[field];
    if (value !== undefined) expect(isCanonicalValue(field, value), `${field}=${String(value)}`).toBe(true);
  }
  for (const arc of tags.secondary_arc_types ?? []) expect(isCanonicalValue("arc_type", arc)).toBe(true);
  expect(tags.emotional_weight).toBeGreaterThanOrEqual(0.1);
  expect(tags.emotional_weight).toBeLessThan(0.95);
}

describe("tag", () => {
  it("tags a significant memory with the classifier's vocabulary", () => {
    const tags = tag("Nan died on a Tuesday morning in the hospice while I was holding her hand.");
    expect(tags).toMatchObject({ arc_type: "grief", tether_type: "person", valence: "negative", relational_dynamics: "grandparent_grandchild" });
    expect(tags.emotional_weight).toBeGreaterThanOrEqual(0.5);
    expectCanonical(tags);
  });

  it("gives an errand no arc and a low weight", () => {
    const tags = tag("Bought milk, bread and batteries at the corner shop.");
    expect(tags.arc_type).toBeUndefined();
    expect(tags.emotional_weight).toBeLessThan(0.5);
  });

  it("weighs significance above the mundane for the same person", () => {
    expect(tag("The day dad finally said sorry and we forgave each other").emotional_weight).toBeGreaterThan(tag("Dad's watch strap was replaced in 2009").emotional_weight);
  });

  it("keeps a mundane note below 0.5 even when it carries emotional words (the document model decides the side)", () => {
    for (const text of ["Booked the grief counselling session for Tuesday at 3pm.", "Picked up Nan from the hospice reception at 4, parking was 2.50."]) {
      const a = analyze(text);
      expect(cueWeight(a), text).toBeGreaterThanOrEqual(0.5); // the cues alone would route it as significant
      expect(significanceOf(a), text).toBeLessThan(0.5);
      expect(tag(text).emotional_weight, text).toBeLessThan(0.5);
    }
  });

  it("lifts a quiet significant memory over 0.5 and gives it arc, tether and valence", () => {
    const text = "Mum stood at the school gate in her work apron the morning I started big school.";
    const a = analyze(text);
    expect(cueWeight(a)).toBeLessThan(0.5);
    expect(significanceOf(a)).toBeGreaterThan(0.5);
    const tags = tag(text);
    expect(tags.emotional_weight).toBeGreaterThanOrEqual(0.5);
    expect(tags.relational_dynamics).toBe("parent_child");
    for (const field of ["arc_type", "tether_type", "valence"] as const) expect(tags[field], field).toBeDefined();
  });

  it("places the weight on the model's side of 0.5 and by the cues within it", () => {
    const intense = analyze("the worst night of my life, when dad died");
    expect(emotionalWeight(intense, 0.9)).toBe(Math.max(cueWeight(intense), 0.74));
    expect(emotionalWeight(intense, 0.2)).toBe(0.45);
    const quiet = analyze("the green notebook");
    expect(emotionalWeight(quiet, 0.5)).toBe(0.5);
    expect(emotionalWeight(quiet, 0.99)).toBeCloseTo(0.79, 9);
    expect(emotionalWeight(quiet, 0.1)).toBe(Math.min(cueWeight(quiet), 0.45));
  });

  it("agrees with classify on the arc of a memory-shaped text", () => {
    expect(tag("the day I finally walked out and felt free").arc_type).toBe("liberation");
  });

  it("reads a document with the document models: a broken promise is a betrayal by a person", () => {
    // The cue ranking alone read "swearing" as resistance.
    const text = "Tom told the whole class about the letter I'd written, after swearing he wouldn't.";
    expect(tag(text)).toMatchObject({ arc_type: "betrayal", tether_type: "person", valence: "negative" });
  });

  it("never throws and emits only canonical values on any input", () => {
    expect(tag("")).toEqual({ emotional_weight: 0.1 });
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (text) => {
        expectCanonical(tag(text));
      }),
      { numRuns: 300 },
    );
    expectCanonical(tag("grief ".repeat(5000)));
  });
});
