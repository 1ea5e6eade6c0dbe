import { describe, expect, it } from "vitest";
import { createRetriever, ROBUST_ROUTING } from "../retrieve/index.js";
import type { FieldFilter } from "../schema/activation.js";
import { fakeStore } from "../../test/retrieve/support/fake-store.js";
import { lexicalClassifier } from "./index.js";
import { primaryDomain } from "./filters.js";
import { withPeople } from "./people.js";
import { peopleFromMemories } from "./people-from-memories.js";
import { withLlmHook } from "./llm/index.js";

const ties = (filters: readonly FieldFilter[]) => filters.filter((f) => f.field === "relational_dynamics").map((f) => [f.value, f.weight]);

describe("withPeople", () => {
  const classifier = withPeople(lexicalClassifier, { Clare: "sibling_bond", "Aunt Jo": "family", Tom: ["friendship"] });

  it("routes a named person by the tie they stand for, weighted as a relation the query names", async () => {
    const plain = await lexicalClassifier.classify("good times with clare");
    expect(ties(plain.field_filters)).toEqual([]);
    for (const query of ["good times with clare", "Good times with CLARE", "the best moments at Clare's wedding"]) {
      const result = await classifier.classify(query);
      expect(ties(result.field_filters)).toEqual([["sibling_bond", 0.9]]);
      // Everything the base said stays, in its order; the domain follows the new weights.
      expect(result.field_filters.slice(0, -1)).toEqual((await lexicalClassifier.classify(query)).field_filters);
      expect(result.primary_domain).toBe(primaryDomain(result.field_filters));
    }
    expect(classifier.model).toBe("arcroute-lexicon@1+people");
    expect((await classifier.classifyWithModel!("good times with clare")).model).toBe("arcroute-lexicon@1+people");
  });

  it("matches whole names only, multi-word names as a phrase, and covers the ties a tie covers", async () => {
    expect(ties((await classifier.classify("the worst fight with clarence")).field_filters)).toEqual([]);
    expect(ties((await classifier.classify("the saddest day for jo")).field_filters)).toEqual([]);
    // "family" asks for any family tie, as the classifier's own "my family" does.
    expect(ties((await classifier.classify("the saddest day for aunt jo")).field_filters)).toEqual([["family", 0.9], ["parent_child", 0.9], ["sibling_bond", 0.9], ["grandparent_grandchild", 0.9]]);
    expect(ties((await classifier.classify("when tom and clare made me laugh so hard")).field_filters).map(([v]) => v).sort()).toEqual(["friend", "friendship", "sibling_bond"]);
  });

  it("keeps a tie the query already names once, at the larger weight", async () => {
    const query = "the day my sister clare left";
    const before = ties((await lexicalClassifier.classify(query)).field_filters);
    expect(before).toEqual([["sibling_bond", 0.9]]);
    expect(ties((await classifier.classify(query)).field_filters)).toEqual(before);
  });

  it("leaves lookups alone: a name does not open the gate", async () => {
    const result = await classifier.classify("clare's phone number");
    expect(result.significance_gate).toBe(false);
    expect(result).toEqual(await lexicalClassifier.classify("clare's phone number"));
  });

  it("keeps naming the path a varying base took", async () => {
    const hooked = withPeople(withLlmHook(lexicalClassifier, async () => { throw new Error("down"); }), { Clare: "sibling_bond" });
    const { result, model } = await hooked.classifyWithModel!("good times with clare");
    expect(model).toMatch(/^arcroute-lexicon@1\+llm-fallback:error\+people$/);
    expect(ties(result.field_filters)).toEqual([["sibling_bond", 0.9]]);
  });

  it("lets the named tie find the memory the emotion alone ranks below an unrelated one (ROBUST_ROUTING)", async () => {
    const store = fakeStore([
      { id: "friend-laughing", score: 0.82, payload: { arc_type: "bond", tether_type: "person", valence: "positive", relational_dynamics: "friendship", emotional_weight: 0.7 } },
      { id: "sister-beach", score: 0.74, payload: { arc_type: "bond", tether_type: "person", valence: "positive", relational_dynamics: "sibling_bond", emotional_weight: 0.7 } },
    ]);
    const retriever = createRetriever({ search: store.search, translate: store.translate, k: 2, ...ROBUST_ROUTING });
    const ranked = async (c: typeof lexicalClassifier | typeof classifier) => (await retriever.retrieve("q", { activation: await c.classify("good times with clare") })).results.map((r) => r.id);
    expect(await ranked(lexicalClassifier)).toEqual(["friend-laughing", "sister-beach"]);
    expect(await ranked(classifier)).toEqual(["sister-beach", "friend-laughing"]);
  });

  it("refuses a map it could not use, naming the entry", async () => {
    expect(() => withPeople(lexicalClassifier, { Clare: "sister" as never })).toThrow(/the tie of "Clare" must be a relational_dynamics value .*got "sister"/);
    expect(() => withPeople(lexicalClassifier, { Clare: [] as never })).toThrow(/non-empty array/);
    expect(() => withPeople(lexicalClassifier, { "!!": "friendship" })).toThrow(/"!!" is not a name/);
    expect(() => withPeople(lexicalClassifier, { "a b c d e": "friendship" })).toThrow(/is not a name/);
    expect(() => withPeople(lexicalClassifier, { ["x".repeat(65)]: "friendship" })).toThrow(/is not a name/);
    expect(() => withPeople(lexicalClassifier, { Will: "friendship" })).toThrow(/"Will" is also the word "will", which most queries use: write a longer name \("Uncle Will"\)/);
    const uncle = withPeople(lexicalClassifier, { "Uncle Will": "family" });
    expect(ties((await uncle.classify("will i ever stop missing how it felt to be loved")).field_filters).map(([v]) => v)).not.toContain("family");
    expect(ties((await uncle.classify("the happiest summers with uncle will")).field_filters)).toContainEqual(["family", 0.9]);
    expect(() => withPeople(lexicalClassifier, [] as never)).toThrow(/people must be a plain object/);
    expect(() => withPeople(lexicalClassifier, null as never)).toThrow(/people must be a plain object/);
    expect(() => withPeople(lexicalClassifier, new Map([["Clare", "sibling_bond"]]) as never)).toThrow(/got a Map \(pass Object\.fromEntries\(map\)\)/);
    expect(() => withPeople(lexicalClassifier, Object.assign(Object.create(null), { Clare: "sibling_bond" }))).not.toThrow();
    expect(() => withPeople(lexicalClassifier, JSON.parse('{"__proto__": "friendship"}'))).toThrow(/__proto__/);
  });
});

describe("peopleFromMemories", () => {
  const memory = (text: string, relational_dynamics?: string | string[] | null) => ({ text, relational_dynamics });
  const corpus = [
    ...["Clare rang me crying.", "Clare's wedding.", "Beach day with Clare.", "Clare and I fell out.", "Clare moved to Leeds."].map((t) => memory(t, "sibling_bond")),
    memory("Clare and Mum at the market.", "family"),
    memory("Clare's old car.", null),
    // A place: many memories, many ties.
    ...["Leeds station with Tom.", "Leeds market with Ben.", "Work in Leeds.", "Leeds again."].map((t, i) => memory(t, ["friendship", "romantic_partnership", "colleague", null][i]!)),
    // Written in lower case elsewhere: not a name.
    ...["Market day.", "Market day.", "Market day.", "Market day."].map((t) => memory(t, "family")),
    memory("the market was shut", null),
    // Anna: only three memories with a tie.
    memory("Anna laughed.", "romantic_partnership"),
    memory("Anna's flat.", ["romantic_partnership", "couple"]),
    memory("Anna again.", "romantic_partnership"),
    // Two ties as common as each other.
    ...["Priya at work.", "Priya at lunch.", "Priya's party.", "Priya's leaving do."].map((t, i) => memory(t, i % 2 ? "friendship" : "colleague")),
    memory("Priya and the tie that is not one.", "best_mates"),
  ];

  it("keeps the names whose memories mostly carry one tie", () => {
    expect(peopleFromMemories(corpus)).toEqual({ Clare: "sibling_bond" });
    expect(peopleFromMemories(corpus, { minMemories: 3 })).toEqual({ Anna: "romantic_partnership", Clare: "sibling_bond" });
    expect(peopleFromMemories(corpus, { minShare: 0.9 })).toEqual({});
    // A map withPeople takes as it is.
    expect(() => withPeople(lexicalClassifier, peopleFromMemories(corpus))).not.toThrow();
  });

  it("reads capitalised words side by side as one name, and the last of them as a name too", async () => {
    const teacher = ["Mrs Okafor marked my essay.", "Mrs Okafor's book club.", "Lift from Mrs Okafor.", "Mrs Okafor retired."].map((t) => memory(t, "mentorship"));
    const aunt = ["Yesterday Jo rang.", "Yesterday Aunt Jo phoned.", "Aunt Jo came over.", "Aunt Jo's garden.", "Aunt Jo laughed. Mrs Patel waved."].map((t) => memory(t, "family"));
    const people = peopleFromMemories([...teacher, ...aunt, memory("yesterday was long", null)]);
    // "Mrs" never stands alone: it is not a name by itself; "Yesterday" is written in lower case elsewhere.
    expect(people).toEqual({ "Aunt Jo": "family", Jo: "family", "Mrs Okafor": "mentorship", Okafor: "mentorship" });
    // The sentence break keeps "Jo" and "Mrs Patel" apart.
    expect(Object.keys(peopleFromMemories([...aunt, ...aunt], { minMemories: 1 }))).not.toContain("Jo Mrs Patel");
    const classifier = withPeople(lexicalClassifier, people);
    expect(ties((await classifier.classify("the kindest things mrs okafor did for me")).field_filters)).toContainEqual(["mentorship", 0.9]);
  });

  it("refuses options and memories it cannot read", () => {
    expect(() => peopleFromMemories(corpus, { minMemories: 0 })).toThrow(/minMemories must be a positive integer/);
    expect(() => peopleFromMemories(corpus, { minShare: 1.5 })).toThrow(/minShare must be a number in \(0, 1\]/);
    expect(() => peopleFromMemories(corpus, { min_share: 0.5 } as never)).toThrow(/unknown option 'min_share'/);
    expect(() => peopleFromMemories([memory("fine"), { text: 42 } as never])).toThrow(/memories\[1\]\.text must be a string, got 42/);
  });
});
