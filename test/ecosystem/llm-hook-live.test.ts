/**
 * The LLM hook behind the handler set: `meta.classifier_model` and the persisted event name the
 * path that produced each answer (the hook, or the lexical fallback and why), and a hook's
 * invalid answer never reaches the client.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lexicalClassifier } from "../../src/classify/index.js";
import { withLlmHook } from "../../src/classify/llm/index.js";
import { startLiveApi, type LiveApi } from "./support/live-api.js";

let api: LiveApi;
let key: string;

/** The hook answers by the query: a valid result, garbage, a hang, or a throw. */
const hooked = withLlmHook(
  lexicalClassifier,
  async (query, lexical, { signal }) => {
    if (query.startsWith("valid")) return { ...lexical, arc_types: ["gratitude"], field_filters: [{ field: "arc_type", operator: "eq", value: "gratitude", weight: 0.9 }], significance_gate: true, primary_domain: "constellation" };
    if (query.startsWith("invalid")) return { arc_types: ["not-an-arc"], significance_gate: "yes" };
    if (query.startsWith("slow")) return new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));
    throw new Error("provider down");
  },
  { timeoutMs: 200 },
);

beforeAll(async () => {
  api = await startLiveApi({ classifier: hooked });
  key = await api.key("acme", "scale", ["extract"]);
});
afterAll(async () => {
  await api?.close();
});

async function activate(query: string) {
  const response = await fetch(`${api.url}/activate`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ query }) });
  expect(response.status).toBe(200);
  return (await response.json()) as { data: { activation_id: string; arc_types: string[] }; meta: { classifier_model: string } };
}

describe("an LLM-hooked classifier behind POST /v1/activate", () => {
  it.each([
    ["valid: the day my sister thanked me", "arcroute-lexicon@1+llm"],
    ["invalid: the day my sister thanked me", "arcroute-lexicon@1+llm-fallback:invalid"],
    ["slow: the day my sister thanked me", "arcroute-lexicon@1+llm-fallback:timeout"],
    ["throwing: the day my sister thanked me", "arcroute-lexicon@1+llm-fallback:error"],
  ])("%s → %s in meta and in the event", async (query, model) => {
    const envelope = await activate(query);
    expect(envelope.meta.classifier_model).toBe(model);
    const event = await api.store.getActivation(envelope.data.activation_id, "acme");
    expect(event?.classifier_model).toBe(model);
    if (model.endsWith("+llm")) expect(envelope.data.arc_types).toEqual(["gratitude"]);
    else expect(envelope.data.arc_types).not.toContain("not-an-arc");
  });
});
