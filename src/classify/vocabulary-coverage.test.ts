/**
 * The emotion and relation lexicons are the only source of the `emotion_primary` and
 * `relational_dynamics` filters, so a value without cues can never be asked for, and a common
 * word missing from its value's cues leaves a query that names it unrouted on that field.
 */
import { describe, expect, it } from "vitest";
import { EMOTIONS_PRIMARY, RELATIONAL_DYNAMICS, type RelationalDynamic } from "../schema/vocabulary.js";
import { LEXICON } from "./lexicon.js";
import { analyze, best } from "./analyze.js";
import { classify } from "./index.js";

const cuedValues = (kind: "emotion" | "relation"): Set<string> =>
  new Set(LEXICON.flatMap((group) => (group.target.kind === kind ? [group.target.value] : [])));

/**
 * Relations no query word asks for by itself: `friend` and `couple` come with their near-synonyms
 * (RELATIONS_COVERED), and "grief", "professional" and "service" are what a memory is about, not a
 * tie a question names (a cue for them would fire on every grief or work query).
 */
const UNCUED_RELATIONS: readonly RelationalDynamic[] = ["couple", "friend", "grief", "professional", "service"];

const filterValues = (query: string, field: string): unknown[] =>
  classify(query).field_filters.filter((f) => f.field === field).map((f) => f.value);

describe("emotion and relation vocabulary", () => {
  it("has cues for every emotion_primary value", () => {
    const cued = cuedValues("emotion");
    expect(EMOTIONS_PRIMARY.filter((value) => !cued.has(value))).toEqual([]);
  });

  it("has cues for every relational_dynamics value but the ones a query cannot name alone", () => {
    const cued = cuedValues("relation");
    expect(RELATIONAL_DYNAMICS.filter((value) => !cued.has(value))).toEqual(UNCUED_RELATIONS);
  });

  it.each([
    ["the scariest moments of my life", "fear"],
    ["the most terrifying night I can remember", "fear"],
    ["when the unfairness of it all made my blood boil", "anger"],
    ["places where I felt pure happiness", "joy"],
    ["when I was sick with worry about the baby", "anxiety"],
    ["the sigh of relief when the tests came back clear", "relief"],
    ["the guilt I carried after the funeral", "shame"],
    ["standing in the cathedral feeling real reverence", "reverence"],
    ["the crushing disappointment of not getting in", "disappointment"],
  ])("reads the emotion a query names in any of its forms: %s → %s", (query, emotion) => {
    expect(best(analyze(query).emotion)).toBe(emotion);
  });

  it.each([
    ["my mates who stood by me when it all fell apart", "friendship"],
    ["the people I worked with who went behind my back", "colleague"],
    ["the hardest years of our marriage", "romantic_partnership"],
    ["when my grandkids first stayed the night", "grandparent_grandchild"],
    ["what my counsellor helped me see", "therapeutic"],
    ["the boy who bullied me at school", "adversarial"],
    ["the day we were finally reunited", "reunion"],
  ])("reads the relation a query names: %s → %s", (query, relation) => {
    expect(best(analyze(query).relation)).toBe(relation);
  });

  it("routes on what it reads once the gate opens", () => {
    expect(filterValues("the scariest moments of my life", "emotion_primary")).toEqual(["fear"]);
    expect(filterValues("good times with my mates", "relational_dynamics")).toContain("friendship");
  });
});
