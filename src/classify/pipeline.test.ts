/** Tests of the stages added for the fitted classifier: form, anchored cues, overlaps, priors, fitted gate, calibration. */
import { describe, expect, it } from "vitest";
import { analyze } from "./analyze.js";
import { calibrate, rawMargin } from "./calibration.js";
import { chooseWithPrior } from "./filters.js";
import { queryForm } from "./form.js";
import { gateContributions, gateFeatures, gateScore, GATE_FEATURES } from "./gate.js";
import { classify, explain, explainWith } from "./index.js";
import { matchCues } from "./match.js";
import { normalize } from "./normalize.js";
import { SHIPPED_PARAMS, type ClassifierParams } from "./params.js";
import { stem, tokenize } from "./tokenize.js";

const cues = (text: string) => {
  const n = normalize(text);
  return matchCues(tokenize(n), n.split(" "));
};

describe("normalize: family words, chat spellings", () => {
  it("folds plural/possessive family words written without an apostrophe", () => {
    expect(normalize("my dads flat")).toBe("my father flat");
    expect(normalize("nans kitchen")).toBe("grandmother kitchen");
  });
  it("expands chat spellings and contractions", () => {
    expect(normalize("me n my bro til 3am")).toBe("me and my brother until 3am");
    expect(normalize("shes gone, wasnt she")).toBe("she is gone was not she");
  });
});

describe("stem: morphology", () => {
  it("gives short consonant-vowel-consonant bases their e back", () => {
    expect(stem("faced")).toBe(stem("face"));
    expect(stem("loving")).toBe(stem("love"));
    expect(stem("hiding")).toBe(stem("hide"));
    expect(stem("fixed")).toBe("fix");
    expect(stem("stopped")).toBe("stop");
    expect(stem("hopped")).toBe("hop");
  });
  it("keeps past 'felt' apart from present 'feel', folds numbers and irregular forms", () => {
    expect(stem("felt")).not.toBe(stem("feel"));
    expect(stem("40")).toBe("num");
    expect(stem("2015")).toBe("num");
    expect(stem("became")).toBe(stem("becoming"));
    expect(stem("took")).toBe("take");
  });
});

describe("matchCues: anchors and overlaps", () => {
  it("matches anchored command cues only at the start and only in the exact form", () => {
    const task = (text: string) => cues(text).some((m) => m.cue.target.kind === "block" && m.cue.phrase === "^call");
    expect(task("call dad")).toBe(true);
    expect(task("calling my old friend to say sorry")).toBe(false);
    expect(task("why did he call me")).toBe(false);
  });
  it("counts overlapping cues of one target once (longest phrase wins)", () => {
    const arc = cues("finally free").filter((m) => m.cue.target.kind === "arc");
    expect(arc.map((m) => m.cue.phrase)).toEqual(["finally free"]);
    const betrayal = cues("betrayal").filter((m) => m.cue.target.kind === "arc");
    expect(betrayal).toHaveLength(1);
    // Different targets may share words: "free" still counts for valence.
    expect(cues("finally free").some((m) => m.cue.target.kind === "valence")).toBe(true);
  });
  it("reads 'stopped to <verb>' as a pause, not a negation", () => {
    const help = (text: string) => cues(text).find((m) => m.cue.target.kind === "arc" && m.cue.phrase.startsWith("help"));
    expect(help("the man who stopped to help me")?.negated ?? false).toBe(false);
    expect(help("they stopped helping me")?.negated).toBe(true);
  });
  it("stays linear on very long repetitive input", () => {
    const long = "grief betrayal freedom ".repeat(5000);
    expect(cues(long).length).toBeGreaterThan(1000);
  });
});

describe("queryForm", () => {
  it("reads first person, scene-like openings and past tense", () => {
    expect(queryForm(normalize("baking with nan on sundays"))).toMatchObject({ gerundOpening: true, personal: 1 });
    expect(queryForm(normalize("morning coffee")).gerundOpening).toBe(false);
    expect(queryForm(normalize("when nan passed")).whenClause).toBe(true);
    expect(queryForm(normalize("when was i most afraid")).whenClause).toBe(true);
    expect(queryForm(normalize("when is mum's appointment")).whenClause).toBe(false);
    expect(queryForm(normalize("he lied and i walked away")).past).toBe(2);
    expect(queryForm("").words).toBe(0);
  });
  it("marks queries that point at nobody's life as impersonal", () => {
    expect(queryForm(normalize("bond yields today")).impersonal).toBe(true);
    expect(queryForm(normalize("threshold for paying tax")).impersonal).toBe(true);
    for (const q of ["his empty chair at the table", "the strike at the factory", "my wedding", "no more night shifts", "he lied"]) {
      expect(queryForm(normalize(q)).impersonal, q).toBe(false);
    }
  });
  it("keeps topic queries that merely name an arc shut", () => {
    for (const q of ["bond strength of covalent molecules", "resistance of a copper wire formula", "gratitude meditation app"]) {
      expect(classify(q).significance_gate, q).toBe(false);
    }
  });
});

describe("gate (fitted logistic)", () => {
  it("exposes every feature and contributions that sum to the score", () => {
    const a = analyze("when my sister stopped speaking to me");
    const x = gateFeatures(a);
    expect(Object.keys(x).sort()).toEqual([...GATE_FEATURES].sort());
    const sum = gateContributions(a).reduce((s, c) => s + c.contribution, SHIPPED_PARAMS.gate.bias);
    expect(sum).toBeCloseTo(gateScore(a), 2);
  });
  it("closes on form alone: questions, commands and chit-chat about emotional things", () => {
    for (const q of ["what time does grief support group start", "remind me to buy flowers for the funeral", "hi there", "define betrayal"]) {
      expect(classify(q).significance_gate, q).toBe(false);
    }
    for (const q of ["fishing trips with grandpa", "when papa broke his promise", "turning 40"]) {
      expect(classify(q).significance_gate, q).toBe(true);
    }
  });
  it("uses the parameters it is given (explainWith)", () => {
    const closed: ClassifierParams = { ...SHIPPED_PARAMS, gate: { ...SHIPPED_PARAMS.gate, bias: -100 } };
    expect(explainWith("the day nan died", closed).result.significance_gate).toBe(false);
    expect(explainWith("the day nan died", SHIPPED_PARAMS).result).toEqual(classify("the day nan died"));
  });
  it("explains the gate features", () => {
    const e = explain("the night i left home");
    expect(e.gate.features.find((f) => f.feature === "frame")!.value).toBeGreaterThan(0);
  });
});

describe("tether and valence priors", () => {
  const prior = { person: Math.log(0.7), place: Math.log(0.2), self: Math.log(0.1) };
  it("lets a cue win over the prior and the prior break ties", () => {
    expect(chooseWithPrior(["person", "place", "self"] as const, { place: { score: 2, cues: [] } }, prior, 0.5)).toEqual({ value: "place", source: "cue" });
    expect(chooseWithPrior(["person", "place", "self"] as const, {}, prior, 0.5)).toEqual({ value: "person", source: "arc-default" });
    expect(chooseWithPrior(["person", "place", "self"] as const, { self: { score: 1, cues: [] } }, undefined, 0.5).value).toBe("self");
  });
  it("scales each value's cue evidence, so a specific anchor can outrank a generic one", () => {
    const cues = { person: { score: 1, cues: [] }, place: { score: 0.6, cues: [] } };
    const types = ["person", "place", "self"] as const;
    expect(chooseWithPrior(types, cues, undefined, 0.5).value).toBe("person");
    expect(chooseWithPrior(types, cues, undefined, 0.5, { person: 1, place: 2, self: 1 }).value).toBe("place");
    expect(chooseWithPrior(types, cues, prior, 0.5, { person: 1, place: 3, self: 1 })).toEqual({ value: "place", source: "cue" });
  });
  it("gives the arc's usual anchor when the query names none", () => {
    const r = classify("the years i couldnt go home");
    expect(r.arc_types[0]).toBe("exile");
    expect(r.field_filters.find((f) => f.field === "tether_type")?.value).toBe("place");
  });
});

describe("calibration", () => {
  it("is monotone in each margin term when the gate is open", () => {
    const p = SHIPPED_PARAMS.calibration;
    expect(rawMargin(3, true, 1, p, 3)).toBeGreaterThanOrEqual(rawMargin(3, true, 1, p, 1));
    expect(rawMargin(3, true, 2, p, 3)).toBeGreaterThanOrEqual(rawMargin(3, true, 0, p, 3));
    expect(rawMargin(5, false, 0, p)).toBeGreaterThan(rawMargin(1, false, 0, p));
    expect(calibrate(rawMargin(8, false, 0, p))).toBeGreaterThan(calibrate(rawMargin(0.1, false, 0, p)));
  });
  it("reports lower confidence for a lone weak arc cue than for strong evidence", () => {
    expect(classify("my first pottery class").confidence).toBeLessThan(classify("the day my grandfather died at the hospice").confidence);
  });
});

describe("descriptive filters: relations and life stages", () => {
  const filtersOf = (text: string, field: string) =>
    classify(text).field_filters.filter((f) => f.field === field).map((f) => [f.value, f.weight]);

  it("turns a family cue into equal alternatives for every family tie, the cue's own value first", () => {
    const relations = filtersOf("how grateful I am to my family", "relational_dynamics");
    expect(relations.map(([value]) => value)).toEqual(["family", "parent_child", "sibling_bond", "grandparent_grandchild"]);
    expect(new Set(relations.map(([, weight]) => weight)).size).toBe(1);
  });

  it("covers the vocabulary's near-synonyms of a partner", () => {
    expect(filtersOf("gentle moments with the love of my life", "relational_dynamics").map(([value]) => value)).toEqual(["romantic_partnership", "couple"]);
  });

  it("reads young adulthood and middle age as temporal contexts", () => {
    expect(filtersOf("when my eyes were opened to injustice as a young adult", "temporal_context").map(([value]) => value)).toEqual(["early_adulthood"]);
    expect(filtersOf("moments of huge relief in middle age", "temporal_context").map(([value]) => value)).toEqual(["midlife"]);
    expect(filtersOf("losing my independence in old age", "temporal_context").map(([value]) => value)).toEqual(["late_life"]);
  });
});
