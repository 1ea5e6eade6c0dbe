import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ActivationResultSchema } from "../schema/activation.js";
import type { Classification } from "../classify/types.js";
import { feedbackExamples, learnWeights, type FeedbackExample } from "./learn.js";
import { createMemoryStore } from "../stores/memory/index.js";
import { createApiKey } from "../keys/index.js";
import { withLlmHook } from "../classify/llm/index.js";
import { classifyWithModel } from "../classify/llm/classify-with-model.js";
import { applyLearnedWeights, readLearnedWeights, withLearnedWeights, writeLearnedWeights, type LearnedWeights } from "./weights.js";

const result = (withValence: boolean): Classification => ({
  activation_id: null,
  arc_types: ["grief"],
  primary_domain: "constellation",
  field_filters: [
    { field: "arc_type", operator: "eq", value: "grief", weight: 1 },
    { field: "tether_type", operator: "eq", value: "person", weight: 0.8 },
    ...(withValence ? [{ field: "valence" as const, operator: "eq" as const, value: "negative", weight: 0.9 }] : []),
  ],
  confidence: 0.7,
  significance_gate: true,
});

/** Activations with a valence filter miss 4 times in 5; without it they hit 4 times in 5. */
function simulatedFeedback(): FeedbackExample[] {
  const examples: FeedbackExample[] = [];
  for (let i = 0; i < 100; i++) {
    examples.push({ result: result(true), hit: i % 5 === 0 });
    examples.push({ result: result(false), hit: i % 5 !== 0 });
  }
  return examples;
}

describe("learnWeights", () => {
  it("scales down the field that goes with misses (and drops it when asked), keeps the others", () => {
    const rescaled = applyLearnedWeights(result(true), learnWeights(simulatedFeedback(), 1));
    // By default nothing is dropped: the valence filter stays, lighter than before.
    expect(rescaled.field_filters.map((f) => f.field)).toEqual(["arc_type", "tether_type", "valence"]);
    expect(rescaled.field_filters.find((f) => f.field === "valence")!.weight).toBeLessThan(0.9 * 0.2);
    const weights = learnWeights(simulatedFeedback(), 1, { dropBelow: 0.5 });
    expect(weights.learned_from).toEqual({ feedback: 200, hits: 100, organizations: 1 });
    // The field and its one value share the blame (they always co-occur): together well below 0.2.
    expect(weights.fields.valence! * (weights.values["valence=negative"] ?? 1)).toBeLessThan(0.2);
    expect(weights.fields.arc_type).toBeGreaterThan(0.9);
    expect(weights.fields.tether_type).toBeGreaterThan(0.9);
    expect(weights.fusion).toBeLessThan(0.5);

    const applied = applyLearnedWeights(result(true), weights);
    expect(ActivationResultSchema.safeParse(applied).success).toBe(true);
    expect(applied.field_filters.map((f) => f.field)).toEqual(["arc_type", "tether_type"]);
  });

  it("moves a weight little on a little feedback, and further as more feedback says the same", () => {
    const all = simulatedFeedback(); // 200 items: valence filters miss 4 times in 5
    const valenceAfter = (items: FeedbackExample[]) => {
      const weights = learnWeights(items, 1);
      return weights.fields.valence! * (weights.values["valence=negative"] ?? 1);
    };
    // The same proportions in 10, 40 and 200 items: the more there are, the further the weight moves.
    const few = valenceAfter(all.slice(0, 10)), some = valenceAfter(all.slice(0, 40)), many = valenceAfter(all);
    expect(few).toBeGreaterThan(some);
    expect(some).toBeGreaterThan(many);
    expect(few).toBeGreaterThan(0.5);
    expect(many).toBeLessThan(0.2);
    // More shrinkage, less movement on the same items.
    expect(learnWeights(all, 1, { shrinkage: 100 }).fields.valence!).toBeGreaterThan(learnWeights(all, 1).fields.valence!);
  });

  it("learns a value that goes with misses without punishing its field", () => {
    const withTether = (tether: "self" | "person"): Classification => ({
      ...result(false),
      field_filters: [
        { field: "arc_type", operator: "eq", value: "grief", weight: 1 },
        { field: "tether_type", operator: "eq", value: tether, weight: 0.8 },
      ],
    });
    const examples: FeedbackExample[] = [];
    for (let i = 0; i < 100; i++) {
      examples.push({ result: withTether("self"), hit: i % 5 === 0 });
      examples.push({ result: withTether("person"), hit: i % 5 !== 0 });
    }
    const weights = learnWeights(examples, 1, { dropBelow: 0.5 });
    expect(weights.fields.tether_type).toBe(1); // in every activation: not to blame as a field
    expect(weights.values["tether_type=self"]).toBeLessThan(0.5);
    expect(weights.values["tether_type=person"]).toBeUndefined(); // never hurts: not written down
    expect(applyLearnedWeights(withTether("self"), weights).field_filters.map((f) => f.field)).toEqual(["arc_type"]);
    expect(applyLearnedWeights(withTether("person"), weights).field_filters.map((f) => f.field)).toEqual(["arc_type", "tether_type"]);
    // A value seen fewer times than minValueSupport gets no multiplier of its own.
    expect(learnWeights(examples.slice(0, 12), 1, { minValueSupport: 10 }).values).toEqual({});
  });

  it("gives arc type values no multiplier of their own unless asked to (the arc is the route)", () => {
    const withArc = (arc: "grief" | "bond"): Classification => ({
      ...result(false),
      arc_types: [arc],
      field_filters: [
        { field: "arc_type", operator: "eq", value: arc, weight: 1 },
        { field: "emotional_weight", operator: "gte", value: 0.5, weight: 0.4 },
      ],
    });
    const examples: FeedbackExample[] = [];
    for (let i = 0; i < 100; i++) {
      examples.push({ result: withArc("grief"), hit: i % 5 === 0 });
      examples.push({ result: withArc("bond"), hit: i % 5 !== 0 });
    }
    expect(learnWeights(examples, 1).values).toEqual({});
    expect(applyLearnedWeights(withArc("grief"), learnWeights(examples, 1, { dropBelow: 0.5 })).field_filters.map((f) => f.field)).toEqual(["arc_type", "emotional_weight"]);
    expect(learnWeights(examples, 1, { skipValuesOf: [] }).values["arc_type=grief"]).toBeLessThan(0.5);
  });

  it("changes nothing without feedback, and little with a few examples", () => {
    const none = learnWeights([], 0);
    expect(none.fields).toEqual({});
    expect(none.fusion).toBe(0.5);
    expect(applyLearnedWeights(result(true), none)).toEqual(result(true));
    const few = learnWeights(simulatedFeedback().slice(0, 4), 1);
    expect(few.fields.valence).toBeGreaterThan(0.5);
    expect(few.values).toEqual({});
  });

  it("moves nothing when every item is a miss, or every one a hit (no filter can be told from another)", () => {
    for (const hit of [false, true]) {
      const weights = learnWeights(simulatedFeedback().map((e) => ({ ...e, hit })), 1);
      expect(weights.fields).toEqual({ arc_type: 1, tether_type: 1, valence: 1 });
      expect(weights.values).toEqual({});
      expect(weights.fusion).toBe(0.5);
    }
  });

  it("leaves results without the gate untouched", () => {
    const weights = learnWeights(simulatedFeedback(), 1);
    const gateFalse: Classification = { activation_id: null, arc_types: [], primary_domain: null, field_filters: [], confidence: 0.9, significance_gate: false };
    expect(applyLearnedWeights(gateFalse, weights)).toBe(gateFalse);
  });

  it("round-trips through a weights file and wraps a classifier", async () => {
    const dir = mkdtempSync(join(tmpdir(), "arcroute-weights-"));
    try {
      const path = join(dir, "weights.json");
      const weights = learnWeights(simulatedFeedback(), 1, { dropBelow: 0.5 });
      writeLearnedWeights(path, weights);
      expect(readLearnedWeights(path)).toEqual(weights);
      const classifier = withLearnedWeights({ model: "arcroute-lexicon@1", classify: () => result(true) }, readLearnedWeights(path));
      expect(classifier.model).toBe("arcroute-lexicon@1+learned");
      expect((await classifier.classify("q")).field_filters.map((f) => f.field)).not.toContain("valence");

      // Files written before value multipliers existed still load.
      const { values: _values, ...older } = weights;
      writeFileSync(path, JSON.stringify(older));
      expect(readLearnedWeights(path).values).toEqual({});

      writeFileSync(path, JSON.stringify({ ...weights, fusion: 3 }));
      expect(() => readLearnedWeights(path)).toThrow(/is not an arcroute-learned-weights@1 file/);
      // Keys that would do nothing, or be dropped by the parser, are refused too.
      for (const text of [
        JSON.stringify({ ...weights, values: { "valence=happy": 0.1 } }),
        JSON.stringify({ ...weights, values: { "foo=bar": 0.1 } }),
        JSON.stringify(weights).replace('"fields":{', '"fields":{"__proto__":{"x":1},'),
        JSON.stringify(weights).replace('"values":{', '"values":{"__proto__":0.1,'),
        // A misspelt field would load as weights without it.
        JSON.stringify({ ...weights, values: undefined, value: { "valence=negative": 0.1 } }),
        JSON.stringify({ ...weights, learned_from: { ...weights.learned_from, org: "acme" } }),
      ]) {
        writeFileSync(path, text);
        expect(() => readLearnedWeights(path), text).toThrow(/is not an arcroute-learned-weights@1 file/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("validates weights built in code and learning options: no filter weight above 1 or NaN", () => {
    const weights = learnWeights(simulatedFeedback(), 1);
    for (const bad of [{ ...weights, fields: { valence: 5 } }, { ...weights, fields: { valence: Number.NaN } }, { ...weights, fusion: -1 }, { ...weights, dropBelow: 0.5 }] as LearnedWeights[]) {
      expect(() => applyLearnedWeights(result(true), bad)).toThrow(/is not an arcroute-learned-weights@1 file/);
      expect(() => withLearnedWeights({ model: "m", classify: () => result(true) }, bad)).toThrow(/is not an arcroute-learned-weights@1 file/);
    }
    expect(() => learnWeights(simulatedFeedback(), 1, { shrinkage: -1 })).toThrow(/shrinkage/);
    expect(() => learnWeights(simulatedFeedback(), 1, { dropBelow: 5 })).toThrow(/dropBelow/);
    expect(() => learnWeights(simulatedFeedback(), 1, { baseFusion: -1 })).toThrow(/baseFusion/);
  });

  it("refuses value keys that could never match a filter value", () => {
    const base = learnWeights([], 0);
    for (const key of ["emotional_weight=0x10", "emotional_weight= ", "emotional_weight=1e0", "emotional_weight=Infinity", "tether_type=martian", "arc_type=Grief"]) {
      expect(() => applyLearnedWeights(result(true), { ...base, values: { [key]: 0.5 } }), key).toThrow(/is not an arcroute-learned-weights@1 file: values\./);
    }
    expect(applyLearnedWeights(result(true), { ...base, values: { "emotional_weight=0.7": 0.5 } }).field_filters).toHaveLength(3);
  });

  it("recomputes primary_domain from the reweighted filters (the domain carrying most filter weight)", () => {
    const weights = { ...learnWeights([], 0), fields: { arc_type: 0.1 } } as LearnedWeights;
    const gravityHeavy = { ...result(true), field_filters: [...result(true).field_filters, { field: "emotional_weight" as const, operator: "gte" as const, value: 0.7, weight: 0.9 }] };
    expect(applyLearnedWeights(gravityHeavy, weights).primary_domain).toBe("gravity");
  });

  it("never raises a filter weight: a multiplier of 1 keeps any weight, the floor does not lift a lighter one", async () => {
    // An LLM hook may answer weights in (0, 1] of any precision; all-hit feedback writes multipliers of 1.
    const hookResult: Classification = {
      ...result(true),
      primary_domain: "constellation",
      field_filters: [
        { field: "arc_type", operator: "eq", value: "grief", weight: 0.02 },
        { field: "tether_type", operator: "eq", value: "self", weight: 0.04 },
        { field: "valence", operator: "eq", value: "negative", weight: 0.123 },
      ],
    };
    const ones = learnWeights(simulatedFeedback().map((e) => ({ ...e, hit: true })), 1);
    expect(ones.fields).toEqual({ arc_type: 1, tether_type: 1, valence: 1 });
    expect(applyLearnedWeights(hookResult, ones)).toEqual(hookResult);
    expect(await withLearnedWeights({ model: "m", classify: () => hookResult }, ones).classify("q")).toEqual(hookResult);
    // Lowered: scaled, floored at 0.05, but not above what the filter had.
    const lowered = applyLearnedWeights(hookResult, { ...ones, fields: { arc_type: 0.5, tether_type: 0.5, valence: 0.5 } });
    expect(lowered.field_filters.map((f) => f.weight)).toEqual([0.02, 0.04, 0.06]);
  });

  it("names the path an LLM hook took, through the learned-weights wrapper", async () => {
    const hooked = withLlmHook({ model: "arcroute-lexicon@1", classify: () => result(true) }, () => new Promise(() => {}), { timeoutMs: 20 });
    const wrapped = withLearnedWeights(hooked, learnWeights([], 0));
    expect((await classifyWithModel(wrapped, "q")).model).toBe("arcroute-lexicon@1+llm-fallback:timeout+learned");
  });
});

describe("feedbackExamples", () => {
  it("counts one item per activation and memory (the latest), and leaves test-key activations out unless asked", async () => {
    const store = createMemoryStore();
    const live = await createApiKey(store, { org: "acme", tier: "scale", scopes: ["extract"], mode: "live" });
    const test = await createApiKey(store, { org: "acme", tier: "scale", scopes: ["extract"], mode: "test" });
    const activation = async (keyId: string) => {
      const id = crypto.randomUUID();
      const event = { id, org_id: "acme", key_id: keyId, query: "q", subject_vp_id: null, result: { ...result(true), activation_id: id }, classifier_model: "m", top_k: 10, billed: false, created_at: new Date().toISOString() };
      await store.recordActivation(event, null, null);
      return id;
    };
    const feedback = (activation_id: string, hit: boolean, memory_id: string | null, second: number) =>
      store.recordFeedback({ id: crypto.randomUUID(), org_id: "acme", activation_id, hit, memory_id, created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString() });
    const a = await activation(live.record.id);
    for (let i = 0; i < 100; i++) await feedback(a, false, null, i); // one client's hundred posts
    await feedback(a, true, null, 200); // its correction, the latest
    await feedback(a, false, "m1", 1);
    await feedback(a, true, "m2", 2);
    await feedback(await activation(test.record.id), false, null, 3);

    const found = await feedbackExamples(store, "acme");
    expect(found.examples.map((e) => e.hit).sort()).toEqual([false, true, true]);
    expect(found).toMatchObject({ organizations: 1, repeated: 100, testKeys: 1 });
    const all = await feedbackExamples(store, null, { includeTestKeys: true });
    expect(all.examples).toHaveLength(4);
    expect(all.testKeys).toBe(0);
  });
});
