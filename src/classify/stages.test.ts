import { describe, expect, it } from "vitest";
import { analyze } from "./analyze.js";
import { rankArcs } from "./arcs.js";
import { calibrate, rawMargin } from "./calibration.js";
import { ALTERNATIVE_RATIO, buildFilters, buildModelFilters, primaryDomain, withAlternatives } from "./filters.js";
import { SHIPPED_PARAMS } from "./params.js";
import { predictFields } from "./predict.js";
import { gateScore, GATE_THRESHOLD } from "./gate.js";
import { matchCues } from "./match.js";
import { normalize } from "./normalize.js";
import { stem, tokenize } from "./tokenize.js";

describe("normalize", () => {
  it("folds case, width, contractions, family words and misspellings", () => {
    expect(normalize("When Mum DIDN'T  rember…")).toBe("when mother did not remember");
    expect(normalize("ｆｕｌｌ width")).toBe("full width");
    expect(normalize("my nan's ring")).toBe("my grandmother ring");
  });
  it("reads a question word's 's as 'is', not as a possessive", () => {
    expect(normalize("When's Clare's birthday")).toBe("when is clare birthday");
    expect(normalize("whens the bin day")).toBe("when is the bin day");
    expect(normalize("where’s nan's house")).toBe("where is grandmother house");
    expect(normalize("who's gone, how's dad")).toBe("who is gone how is father");
  });
  it("expands every regular contraction so none loses its 'not' or its verb", () => {
    expect(normalize("they aren't close, she hasn't called")).toBe("they are not close she has not called");
    expect(normalize("I could've stayed; we'll see; you're right")).toBe("i could have stayed we will see you are right");
    expect(normalize("she'd gone, we'd left, theyd")).toBe("she gone we left they");
    expect(normalize("arent hasnt couldve")).toBe("are not has not could have");
    expect(normalize("who'd guess, the dog'd bark")).toBe("whod guess the dogd bark");
    expect(normalize("won't can't shan't")).toBe("will not can not shall not");
  });
  it("drops control characters and lone surrogates", () => {
    expect(normalize("a\u0000b\u0007 \uD800c")).toBe("a b c");
    expect(normalize("")).toBe("");
  });
});

describe("tokenize / stem", () => {
  it("reduces inflections and irregular forms to one stem", () => {
    expect(stem("leaving")).toBe(stem("leave"));
    expect(stem("left")).toBe(stem("leave"));
    expect(stem("stopped")).toBe("stop");
    expect(stem("news")).not.toBe(stem("new"));
    expect(tokenize("times were hard")).toEqual(["time", "be", "hard"]);
    expect(tokenize("")).toEqual([]);
  });
});

describe("matchCues", () => {
  it("finds multi-word phrases and marks negated cues", () => {
    const phrases = matchCues(tokenize(normalize("he stabbed me in the back"))).map((m) => m.cue.phrase);
    expect(phrases).toContain("stabbed me in the back");
    const afraid = matchCues(tokenize(normalize("i was not afraid"))).find((m) => m.cue.phrase === "afraid" && m.cue.target.kind === "emotion");
    expect(afraid?.negated).toBe(true);
    expect(afraid!.weight).toBeLessThan(afraid!.cue.weight);
  });
  it("reads the negation of a contraction the table does not name", () => {
    const afraid = matchCues(tokenize(normalize("we aren't afraid"))).find((m) => m.cue.phrase === "afraid" && m.cue.target.kind === "emotion");
    expect(afraid?.negated).toBe(true);
  });
});

describe("prefix cues", () => {
  it("lets long single-stem cues match as prefixes", () => {
    const m = matchCues(tokenize(normalize("my graduation"))).map((x) => x.cue.phrase);
    expect(m).toContain("graduat");
    expect(matchCues(tokenize(normalize("new"))).length).toBe(0);
  });
  it("does not read a word that only starts like a cue as that cue (belongings are not belonging)", () => {
    const cuesOf = (text: string) => matchCues(tokenize(normalize(text))).map((x) => `${x.cue.key}=${x.cue.phrase}`);
    expect(cuesOf("sorting through the belongings")).toEqual(["tether:object=belongings"]);
    expect(cuesOf("never felt I belonged")).toContain("tether:identity=belong");
    expect(cuesOf("a sense of belonging")).toContain("tether:identity=belong");
    expect(analyze("belongings that still hurt to hold after someone passed").tether.object?.score).toBeGreaterThan(2);
  });
});

describe("gate", () => {
  it("opens on memory frames with significance content and closes on lookups", () => {
    expect(gateScore(analyze("times dad was proud of me"))).toBeGreaterThan(GATE_THRESHOLD);
    expect(gateScore(analyze("when is mum's dentist appointment"))).toBeLessThanOrEqual(GATE_THRESHOLD);
    expect(gateScore(analyze("what's the weather tomorrow"))).toBeLessThanOrEqual(GATE_THRESHOLD);
  });
});

describe("arc scoring", () => {
  it("ranks the best-supported arc first and falls back on emotion", () => {
    expect(rankArcs(analyze("when my sister betrayed me"))[0]).toBe("betrayal");
    expect(rankArcs(analyze("i felt so relieved"))[0]).toBe("liberation");
    expect(rankArcs(analyze("nothing here")).length).toBe(0);
  });
});

describe("anchor position", () => {
  it("records the tether cues of the opening phrase and the earliest one", () => {
    const diary = analyze("the diary mum read behind my back");
    expect(diary.anchor.first).toBe("object");
    expect(diary.anchor.opening.object).toBeGreaterThan(0);
    // "show me" and the determiner are skipped: the funeral opens the memory, dad only owns it.
    const funeral = analyze("show me dad's funeral at the crematorium");
    expect(funeral.anchor.opening.event).toBeGreaterThan(0);
    // A cue after the opening phrase counts for the tether, not for the opening.
    const late = analyze("when i finally talked to my brother about the letter");
    expect(late.tether.object?.score).toBeGreaterThan(0);
    expect(late.anchor.opening.object).toBeUndefined();
  });

  it("knows place names from the word clusters and ignores weak cues", () => {
    expect(analyze("moving up to glasgow").tether.place?.score).toBeGreaterThan(0);
    expect(analyze("i did it with them").anchor.first).toBeNull();
  });
});

describe("filters", () => {
  it("emits canonical filters with weights in (0,1] and raises emotional_weight on intensity", () => {
    const a = analyze("the happiest day of my life with my grandma");
    const { filters } = buildFilters(a, rankArcs(a));
    for (const f of filters) expect(f.weight > 0 && f.weight <= 1).toBe(true);
    const ew = filters.find((f) => f.field === "emotional_weight")!;
    expect(ew.value as number).toBeGreaterThanOrEqual(0.7);
    expect(filters.find((f) => f.field === "valence")?.value).toBe("positive");
    expect(filters.find((f) => f.field === "relational_dynamics")?.value).toBe("grandparent_grandchild");
    expect(primaryDomain(filters)).not.toBeNull();
    expect(primaryDomain([])).toBeNull();
  });
  it("falls back to the arc's typical tether when no anchor is named", () => {
    const a = analyze("when i finally came out");
    const { filters, sources } = buildFilters(a, rankArcs(a));
    expect(filters.find((f) => f.field === "tether_type")?.value).toBe("identity");
    expect(sources.tether).toBe("cue");
  });
  it("weighs a field the query names by a cue (emotion, relation, life stage) above what a model can give a guessed tether or valence", () => {
    const a = analyze("times I was scared as a kid with my brother");
    const weightOf = (field: string) => buildFilters(a, rankArcs(a)).filters.find((f) => f.field === field)?.weight;
    // A sole cue holds its field's whole evidence: 0.45 + 0.45 (0.45 + 0.3 for the time of life).
    expect(weightOf("emotion_primary")).toBe(0.9);
    expect(weightOf("relational_dynamics")).toBe(0.9);
    expect(weightOf("temporal_context")).toBe(0.75);
    // The models' tether and valence filters top out at 0.3 + 0.5 = 0.8.
    const { filters } = buildModelFilters(a, predictFields(a, SHIPPED_PARAMS.models));
    for (const f of filters.filter((f) => f.field === "tether_type" || f.field === "valence")) expect(f.weight).toBeLessThanOrEqual(0.8);
  });
  it("keeps runner-up tether types and valences as weaker alternatives, at most three values", () => {
    const ranked = [
      { value: "self", p: 0.5 },
      { value: "identity", p: 0.25 },
      { value: "person", p: 0.1 },
      { value: "event", p: 0.5 * ALTERNATIVE_RATIO - 0.001 },
    ];
    expect(withAlternatives("tether_type", ranked, 0.6)).toEqual([
      { field: "tether_type", operator: "eq", value: "self", weight: 0.6 },
      { field: "tether_type", operator: "eq", value: "identity", weight: 0.3 },
      { field: "tether_type", operator: "eq", value: "person", weight: 0.12 },
    ]);
    // Below the ratio: no alternative; a sure top value stands alone.
    expect(withAlternatives("valence", [{ value: "negative", p: 0.96 }, { value: "mixed", p: 0.04 }], 0.78)).toEqual([{ field: "valence", operator: "eq", value: "negative", weight: 0.78 }]);
    expect(withAlternatives("valence", [], 0.5)).toEqual([]);
  });
  it("counts a field once, at its heaviest alternative, when choosing the primary domain", () => {
    const filters = [
      { field: "arc_type", operator: "eq", value: "grief", weight: 0.9 },
      { field: "tether_type", operator: "eq", value: "person", weight: 0.5 },
      { field: "tether_type", operator: "eq", value: "self", weight: 0.4 },
      { field: "tether_type", operator: "eq", value: "event", weight: 0.3 },
      { field: "valence", operator: "eq", value: "negative", weight: 0.3 },
    ] as const;
    // Summed, gravity's alternatives (1.5) would outweigh constellation (0.9); counted once, 0.8 does not.
    expect(primaryDomain(filters.map((f) => ({ ...f })))).toBe("constellation");
  });
  it("gives a tie of the primary domain to the first domain in filter order, whatever the floating-point sums say", () => {
    // Constellation 0.72 + 0.75 = 1.47 and gravity 0.56 + 0.51 + 0.4 = 1.47 in hundredths, but
    // 1.4700000000000002 in binary (the filters of "stuff that made me cry this year").
    const filters = [
      { field: "arc_type", operator: "eq", value: "transformation", weight: 0.72 },
      { field: "tether_type", operator: "eq", value: "self", weight: 0.56 },
      { field: "valence", operator: "eq", value: "negative", weight: 0.51 },
      { field: "emotional_weight", operator: "gte", value: 0.5, weight: 0.4 },
      { field: "temporal_context", operator: "eq", value: "recent", weight: 0.75 },
    ] as const;
    expect(primaryDomain(filters.map((f) => ({ ...f })))).toBe("constellation");
  });
});

describe("calibration", () => {
  it("is monotone in the margin and stays in [0,1]", () => {
    expect(calibrate(rawMargin(3, true, 2))).toBeGreaterThan(calibrate(rawMargin(0.2, true, 0)));
    for (const m of [-100, 0, 100]) expect(calibrate(m)).toBeGreaterThanOrEqual(0);
    expect(calibrate(1e9)).toBeLessThanOrEqual(1);
  });
});
