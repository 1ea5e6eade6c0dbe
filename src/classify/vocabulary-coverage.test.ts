/**
 * The emotion, relation and life-stage lexicons are the only source of the `emotion_primary`,
 * `relational_dynamics` and `temporal_context` filters, so a value without cues can never be asked
 * for, and a common phrase missing from its value's cues leaves a query that names it unrouted on
 * that field.
 */
import { describe, expect, it } from "vitest";
import { EMOTIONS_PRIMARY, RELATIONAL_DYNAMICS, TEMPORAL_CONTEXTS, type RelationalDynamic, type TemporalContext } from "../schema/vocabulary.js";
import { LEXICON } from "./lexicon.js";
import { analyze, best, type Scores } from "./analyze.js";
import { classify } from "./index.js";

const cuedValues = (kind: "emotion" | "relation" | "temporal"): Set<string> =>
  new Set(LEXICON.flatMap((group) => (group.target.kind === kind ? [group.target.value] : [])));

/**
 * Relations no query word asks for by itself: `friend` and `couple` come with their near-synonyms
 * (RELATIONS_COVERED), and "grief", "professional" and "service" are what a memory is about, not a
 * tie a question names (a cue for them would fire on every grief or work query).
 */
const UNCUED_RELATIONS: readonly RelationalDynamic[] = ["couple", "friend", "grief", "professional", "service"];

/** Times of life a memory query does not ask for: memories are not of the future, nor of no time. */
const UNCUED_TIMES: readonly TemporalContext[] = ["future", "timeless"];

const filterValues = (query: string, field: string): unknown[] =>
  classify(query).field_filters.filter((f) => f.field === field).map((f) => f.value);

describe("emotion, relation and life-stage vocabulary", () => {
  it("has cues for every emotion_primary value", () => {
    const cued = cuedValues("emotion");
    expect(EMOTIONS_PRIMARY.filter((value) => !cued.has(value))).toEqual([]);
  });

  it("has cues for every relational_dynamics value but the ones a query cannot name alone", () => {
    const cued = cuedValues("relation");
    expect(RELATIONAL_DYNAMICS.filter((value) => !cued.has(value))).toEqual(UNCUED_RELATIONS);
  });

  it("has cues for every temporal_context a memory query can name", () => {
    const cued = cuedValues("temporal");
    expect(TEMPORAL_CONTEXTS.filter((value) => !cued.has(value))).toEqual(UNCUED_TIMES);
  });

  /** What the analysis reads in each query, by the field its cues fill. */
  const READINGS: ["emotion" | "relation" | "temporal", string, string][] = [
    ["emotion", "the scariest moments of my life", "fear"],
    ["emotion", "the most terrifying night I can remember", "fear"],
    ["emotion", "when the unfairness of it all made my blood boil", "anger"],
    ["emotion", "places where I felt pure happiness", "joy"],
    ["emotion", "when I was sick with worry about the baby", "anxiety"],
    ["emotion", "the sigh of relief when the tests came back clear", "relief"],
    ["emotion", "the guilt I carried after the funeral", "shame"],
    ["emotion", "standing in the cathedral feeling real reverence", "reverence"],
    ["emotion", "the crushing disappointment of not getting in", "disappointment"],
    ["relation", "my mates who stood by me when it all fell apart", "friendship"],
    ["relation", "the people I worked with who went behind my back", "colleague"],
    ["relation", "the hardest years of our marriage", "romantic_partnership"],
    ["relation", "when my grandkids first stayed the night", "grandparent_grandchild"],
    ["relation", "what my counsellor helped me see", "therapeutic"],
    ["relation", "the boy who bullied me at school", "adversarial"],
    ["relation", "the day we were finally reunited", "reunion"],
    ["temporal", "what changed for me in recent years", "recent"],
    ["temporal", "how I've been these last few years", "recent"],
    ["temporal", "the games we played when I was small", "childhood"],
    ["temporal", "friends I made in my teens", "early_adulthood"],
    ["temporal", "the flats I lived in as a student", "early_adulthood"],
    ["temporal", "what I learned in my middle years", "midlife"],
    ["temporal", "the trips we took since I retired", "late_life"],
  ];
  it.each(READINGS)("reads the %s a query names in any of its forms: %s → %s", (field, query, value) => {
    expect(best(analyze(query)[field] as Scores<string>)).toBe(value);
  });

  it("routes on what it reads once the gate opens", () => {
    expect(filterValues("the scariest moments of my life", "emotion_primary")).toEqual(["fear"]);
    expect(filterValues("good times with my mates", "relational_dynamics")).toContain("friendship");
  });
});
