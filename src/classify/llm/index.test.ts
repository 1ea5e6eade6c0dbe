import { describe, expect, it } from "vitest";
import type { Classification, Classifier } from "../types.js";
import { classifyWithModel } from "./classify-with-model.js";
import { withLlmHook, type LlmFallbackReason } from "./index.js";

const lexicalResult: Classification = {
  activation_id: null,
  arc_types: ["grief"],
  primary_domain: "constellation",
  field_filters: [{ field: "arc_type", operator: "eq", value: "grief", weight: 1 }],
  confidence: 0.6,
  significance_gate: true,
};

const base: Classifier = { model: "arcroute-lexicon@1", classify: () => structuredClone(lexicalResult) };

const refined = {
  activation_id: "8d5f3a52-0d5f-4b8a-9d3c-2f0e1f1f9a10", // a hook cannot choose the event id
  arc_types: ["betrayal", "grief"],
  primary_domain: "constellation",
  field_filters: [
    { field: "arc_type", operator: "eq", value: "betrayal", weight: 0.9 },
    { field: "tether_type", operator: "eq", value: "person", weight: 0.7 },
  ],
  confidence: 0.8,
  significance_gate: true,
};

describe("withLlmHook", () => {
  it("uses a valid hook answer, forces activation_id to null and names the llm path", async () => {
    let seen: { query: string; base: Classification } | undefined;
    const classifier = withLlmHook(base, async (query, baseResult) => {
      seen = { query, base: baseResult };
      return refined;
    });
    const { result, model } = await classifyWithModel(classifier, "when she lied to me");
    expect(model).toBe("arcroute-lexicon@1+llm");
    expect(result).toEqual({ ...refined, activation_id: null });
    expect(seen).toEqual({ query: "when she lied to me", base: lexicalResult });
    expect(classifier.model).toBe("arcroute-lexicon@1+llm");
  });

  it.each([
    ["a non-canonical arc type", { ...refined, arc_types: ["heartbreak"] }],
    ["a filter weight above 1", { ...refined, field_filters: [{ field: "arc_type", operator: "eq", value: "grief", weight: 2 }] }],
    ["filters while the gate is false", { ...refined, significance_gate: false, primary_domain: null, arc_types: [] }],
    ["a string", "grief"],
    ["null", null],
    ["an array", [refined]],
  ])("falls back to the base result on invalid output: %s", async (_name, output) => {
    const reasons: LlmFallbackReason[] = [];
    const classifier = withLlmHook(base, async () => output, { onFallback: (reason) => reasons.push(reason) });
    const { result, model } = await classifyWithModel(classifier, "q");
    expect(model).toBe("arcroute-lexicon@1+llm-fallback:invalid");
    expect(result).toEqual(lexicalResult);
    expect(reasons).toEqual(["invalid"]);
  });

  it("falls back on a slow hook and aborts its signal", async () => {
    let signal: AbortSignal | undefined;
    const classifier = withLlmHook(
      base,
      (_query, _base, context) => {
        signal = context.signal;
        return new Promise((resolve) => setTimeout(() => resolve(refined), 5_000));
      },
      { timeoutMs: 20 },
    );
    const { result, model } = await classifyWithModel(classifier, "q");
    expect(model).toBe("arcroute-lexicon@1+llm-fallback:timeout");
    expect(result).toEqual(lexicalResult);
    expect(signal?.aborted).toBe(true);
  });

  it("reports a timeout, not an error, when the hook rejects the moment its signal aborts", async () => {
    const reasons: string[] = [];
    const abortAware = withLlmHook(
      base,
      (_query, _base, { signal }) => new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
      { timeoutMs: 20, onFallback: (reason) => void reasons.push(reason) },
    );
    expect((await classifyWithModel(abortAware, "q")).model).toBe("arcroute-lexicon@1+llm-fallback:timeout");
    expect(reasons).toEqual(["timeout"]);
  });

  it("falls back when the hook throws or rejects", async () => {
    const throwing = withLlmHook(base, () => {
      throw new Error("provider down");
    });
    const rejecting = withLlmHook(base, async () => Promise.reject(new Error("429 from provider")));
    for (const classifier of [throwing, rejecting]) {
      const { result, model } = await classifyWithModel(classifier, "q");
      expect(model).toBe("arcroute-lexicon@1+llm-fallback:error");
      expect(result).toEqual(lexicalResult);
    }
  });

  it("falls back, never rejects, when reading the hook's output throws or the fallback callback throws", async () => {
    const getter = withLlmHook(base, async () => ({
      get arc_types(): string[] {
        throw new Error("boom");
      },
    }), { onFallback: () => { throw new Error("logger down"); } });
    const proxy = withLlmHook(base, async () => new Proxy({}, { ownKeys: () => { throw new Error("boom"); } }));
    for (const classifier of [getter, proxy]) {
      expect(await classifyWithModel(classifier, "q")).toEqual({ result: lexicalResult, model: "arcroute-lexicon@1+llm-fallback:invalid" });
    }
  });

  it("refuses a timeout setTimeout cannot honour (it would time out every call at once)", () => {
    for (const timeoutMs of [Infinity, 3e9, Number.NaN, 0, -1]) {
      expect(() => withLlmHook(base, async () => refined, { timeoutMs }), String(timeoutMs)).toThrow(/timeoutMs must be/);
    }
  });

  it("keeps the fallback intact when the hook mutates what it was given", async () => {
    const classifier = withLlmHook(base, async (_q, given) => {
      given.arc_types.push("bond");
      return { nonsense: true };
    });
    expect(await classifier.classify("q")).toEqual(lexicalResult);
  });

  it("classifyWithModel reports the static model of a plain classifier", async () => {
    expect(await classifyWithModel(base, "q")).toEqual({ result: lexicalResult, model: "arcroute-lexicon@1" });
  });
});
