import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCanonicalValue, type CategoricalField } from "../../src/schema/vocabulary.js";
import { classify } from "../../src/classify/index.js";
import { tag } from "../../src/tag/index.js";

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

  it("agrees with classify on the arc of a memory-shaped text", () => {
    expect(tag("the day I finally walked out and felt free").arc_type).toBe("liberation");
  });

  it("reads a document with classify's own models: arc, tether and valence are classify's answer", () => {
    // The cue ranking alone read "swearing" as resistance; the arc model reads a broken promise.
    const text = "Tom told the whole class about the letter I'd written, after swearing he wouldn't.";
    const answer = classify(text);
    const top = (field: string) => answer.field_filters.filter((f) => f.field === field).sort((a, b) => b.weight - a.weight)[0]?.value;
    expect(tag(text)).toMatchObject({ arc_type: answer.arc_types[0], tether_type: top("tether_type"), valence: top("valence") });
    expect(tag(text).arc_type).toBe("betrayal");
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
