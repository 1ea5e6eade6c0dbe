/** The linear models: features, scoring, contributions, and how `classify` and `explain` use them. */
import { describe, expect, it } from "vitest";
import { analyze } from "./analyze.js";
import { linearFeatures, isDenseFeature } from "./features.js";
import { explain } from "./index.js";
import { contributions, loadLinearModel, predictLinear } from "./linear.js";
import { SHIPPED_MODELS } from "./params.js";
import { predictFields } from "./predict.js";

// Stored in hundredths: bias 0.5, weights 2, 1.5 and 1.
const toy = loadLinearModel({
  classes: ["a", "b", "c"],
  bias: [0, 0, 50],
  weights: { "w:free": [200, 0, 0], "w:trust": [0, 150, 0], "arc:grief": [0, 0, 100] },
});

describe("features", () => {
  it("lists stemmed words, adjacent pairs, capped cue evidence and form", () => {
    const x = linearFeatures(analyze("when my father died and I felt lost"));
    expect(x.names).toContain("w:father");
    expect(x.names).toContain("b:father die");
    expect(x.names).toContain("arc:grief");
    expect(x.names).toContain("form:when_clause");
    expect(x.names.some((n) => n.startsWith("c:"))).toBe(true);
    for (let i = 0; i < x.names.length; i++) if (isDenseFeature(x.names[i]!)) expect(x.values[i]).toBeLessThanOrEqual(4);
    expect(new Set(x.names).size).toBe(x.names.length);
  });
  it("lists each word, pair and cluster once, in short queries (scanned) and long texts (sets) alike", () => {
    const short = "my dad and my dad and the sea";
    const long = Array.from({ length: 12 }, () => short).join(" "); // 96 words: past the scan limit
    const sparse = (text: string, kind: string) => linearFeatures(analyze(text)).names.filter((n) => n.startsWith(kind));
    for (const text of [short, long]) {
      const names = linearFeatures(analyze(text)).names;
      expect(new Set(names).size).toBe(names.length);
      expect(sparse(text, "w:")).toEqual(sparse(short, "w:"));
      expect(sparse(text, "c:")).toEqual(sparse(short, "c:"));
    }
    expect(sparse(short, "b:")).toHaveLength(5); // my dad, dad and, and my, and the, the sea
    expect(sparse(long, "b:")).toEqual([...sparse(short, "b:"), "b:sea my"]);
  });
  it("is empty-safe", () => {
    expect(linearFeatures(analyze("")).names).toEqual(["no_arc_cue"]);
  });
});

describe("linear model", () => {
  it("scores by softmax of bias + weights, best first", () => {
    const p = predictLinear(toy, { names: ["w:free", "w:unknown"], values: [1, 1] });
    expect(p.ranked.map((r) => r.value)).toEqual(["a", "c", "b"]);
    expect(p.ranked.reduce((s, r) => s + r.p, 0)).toBeCloseTo(1, 9);
    expect(predictLinear(toy, { names: [], values: [] }).ranked[0]!.value).toBe("c");
  });
  it("explains a class by the features that moved it most", () => {
    const x = { names: ["w:free", "w:trust"], values: [1, 1] };
    expect(contributions(toy, x, "b")[0]).toEqual({ feature: "w:trust", contribution: 1 });
    expect(contributions(toy, x, "a")[0]).toEqual({ feature: "w:free", contribution: 1.333 });
    expect(contributions(toy, x, "missing" as never)).toEqual([]);
  });
});

describe("the shipped models in the pipeline", () => {
  it("score a query exactly as the models score its named features (one traversal, no names built)", () => {
    const queries = [
      "when my father died and I felt lost", "the diary mum read behind my back", "times i felt most like myself",
      "sunday roasts at nans house every week", "moving up to glasgow after the divorce", "the the the the", "my my my dad dad",
      "as a new dad, those 3am feeds", "", "🙂 weird unicode ✓ and numbers 1999", "when when i i was was free free",
    ];
    for (const query of queries) {
      const a = analyze(query);
      const fast = predictFields(a, SHIPPED_MODELS);
      const x = linearFeatures(a);
      for (const [field, model] of [["arc", SHIPPED_MODELS.arc], ["tether", SHIPPED_MODELS.tether], ["valence", SHIPPED_MODELS.valence]] as const) {
        const slow = predictLinear(model as typeof SHIPPED_MODELS.arc, x).ranked;
        const got = fast[field].ranked;
        expect(got.map((r) => r.value), `${field}: ${query}`).toEqual(slow.map((r) => r.value));
        got.forEach((r, i) => expect(r.p).toBeCloseTo(slow[i]!.p, 12));
      }
      expect(fast.features).toEqual(x);
    }
  });

  it("choose at most three arcs, the first the most probable", () => {
    const p = predictFields(analyze("the day my brother lied to me and i finally walked away"), SHIPPED_MODELS);
    expect(p.arcs.length).toBeGreaterThan(0);
    expect(p.arcs.length).toBeLessThanOrEqual(3);
    expect(p.arcs[0]).toBe(p.arc.ranked[0]!.value);
  });
  it("explain lists the model features behind every arc, the tether and the valence", () => {
    const e = explain("baking bread with my grandmother every sunday");
    expect(e.arcs[0]!.arc).toBe(e.result.arc_types[0]);
    expect(e.arcs[0]!.features.length).toBeGreaterThan(0);
    for (const f of e.arcs.flatMap((x) => x.features)) if (f.feature.startsWith("c:")) expect(f.feature).toMatch(/^c:\d+ \(.+\)$/);
    for (const field of ["arc_type", "tether_type", "valence"]) {
      const f = e.filters.find((x) => x.field === field)!;
      expect(f.source).toBe("model");
      expect(f.features!.length).toBeGreaterThan(0);
    }
    expect(e.filters.find((x) => x.field === "tether_type")!.cues.map((c) => c.phrase)).toContain("every sunday");
  });
});
