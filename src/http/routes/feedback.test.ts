import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { learnFromStore } from "../../feedback/learn.js";
import type { ActivationEvent, ArcStore, Feedback } from "../../stores/types.js";
import { handleFeedback } from "./feedback.js";
import { parseFeedbackRequest } from "./feedback-core.js";

/**
 * The three store methods the feedback route and the learning step use, over plain arrays,
 * with the ownership rule of the store contract (getActivation returns only the org's own events).
 */
function feedbackStore(): ArcStore & { feedback: Feedback[] } {
  const events: ActivationEvent[] = [];
  const feedback: Feedback[] = [];
  const store = {
    feedback,
    async recordActivation(event: ActivationEvent) {
      events.push(event);
      return { state: "recorded" as const };
    },
    async getActivation(id: string, orgId: string) {
      return events.find((e) => e.id === id && e.org_id === orgId) ?? null;
    },
    async recordFeedback(item: Feedback) {
      feedback.push(item);
    },
    async listFeedback(orgId: string | null) {
      return feedback.filter((f) => orgId === null || f.org_id === orgId);
    },
    async listApiKeys() {
      return [];
    },
  };
  return store as unknown as ArcStore & { feedback: Feedback[] };
}

function event(orgId: string, withValence: boolean): ActivationEvent {
  return {
    id: randomUUID(),
    org_id: orgId,
    key_id: `key_${orgId}`,
    query: "when I lost my mother",
    subject_vp_id: null,
    result: {
      activation_id: null,
      arc_types: ["grief"],
      primary_domain: "constellation",
      field_filters: [
        { field: "arc_type", operator: "eq", value: "grief", weight: 1 },
        ...(withValence ? [{ field: "valence" as const, operator: "eq" as const, value: "negative", weight: 0.8 }] : []),
      ],
      confidence: 0.8,
      significance_gate: true,
    },
    classifier_model: "arcroute-lexicon@1",
    top_k: 10,
    billed: false,
    created_at: new Date().toISOString(),
  };
}

describe("POST /v1/feedback", () => {
  it("stores feedback on the organization's own activation", async () => {
    const store = feedbackStore();
    const own = event("acme", true);
    await store.recordActivation(own, null, null);
    const answer = await handleFeedback(store, "acme", { activation_id: own.id.toUpperCase(), hit: false, memory_id: "mem_42", source: "sdk" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, error: null, data: { activation_id: own.id, hit: false, memory_id: "mem_42" } });
    expect(store.feedback).toEqual([expect.objectContaining({ org_id: "acme", activation_id: own.id, hit: false, memory_id: "mem_42" })]);
  });

  it("answers 404 for unknown, malformed and other organizations' ids, and stores nothing", async () => {
    const store = feedbackStore();
    const foreign = event("globex", true);
    await store.recordActivation(foreign, null, null);
    for (const id of [foreign.id, randomUUID(), "not-a-uuid", "'; drop table feedback; --"]) {
      const answer = await handleFeedback(store, "acme", { activation_id: id, hit: true });
      expect(answer).toEqual({ status: 404, body: { success: false, error: "Activation not found", data: null, code: "not_found" } });
    }
    expect(store.feedback).toEqual([]);
  });

  it.each([
    [[], "Request body must be a JSON object"],
    [null, "Request body must be a JSON object"],
    [{ hit: true }, "'activation_id' field is required"],
    [{ activation_id: 7, hit: true }, "'activation_id' must be a string"],
    [{ activation_id: "   ", hit: true }, "'activation_id' field is required"],
    [{ activation_id: "x", hit: true, memory_id: "a\ud800b" }, "'memory_id' must not contain NUL characters or unpaired surrogates"],
    [{ activation_id: "x" }, "'hit' field is required"],
    [{ activation_id: "x", hit: "yes" }, "'hit' must be a boolean"],
    [{ activation_id: "x", hit: true, memory_id: 12 }, "'memory_id' must be a string"],
    [{ activation_id: "x", hit: true, memory_id: "" }, "'memory_id' must not be empty (omit it or send null when no memory was picked)"],
    [{ activation_id: "x", hit: true, memory_id: " \t" }, "'memory_id' must not be empty (omit it or send null when no memory was picked)"],
    [{ activation_id: "x", hit: true, memory_id: "m".repeat(257) }, "'memory_id' must be at most 256 characters"],
    [{ activation_id: "x", hit: true, memory_id: "😀".repeat(257) }, "'memory_id' must be at most 256 characters"],
  ])("answers 400 for a bad body %j", async (body, message) => {
    const answer = await handleFeedback(feedbackStore(), "acme", body);
    expect(answer).toEqual({ status: 400, body: { success: false, error: message, data: null, code: "invalid_request" } });
  });

  it("counts a memory id's characters as code points (256 emoji pass, 257 do not)", () => {
    expect(parseFeedbackRequest({ activation_id: "x", hit: true, memory_id: "😀".repeat(256) })).toMatchObject({ ok: true });
  });

  it("learns per organization: one organization's feedback does not move another's weights", async () => {
    const store = feedbackStore();
    for (let i = 0; i < 60; i++) {
      for (const [org, withValence, hit] of [
        ["acme", true, i % 5 === 0],
        ["acme", false, i % 5 !== 0],
        ["globex", true, true],
        ["globex", false, true],
      ] as const) {
        const e = event(org, withValence);
        await store.recordActivation(e, null, null);
        expect((await handleFeedback(store, org, { activation_id: e.id, hit })).status).toBe(200);
      }
    }
    const acme = await learnFromStore(store, "acme");
    const globex = await learnFromStore(store, "globex");
    expect(acme.learned_from).toEqual({ feedback: 120, hits: 60, organizations: 1 });
    expect(acme.fields.valence).toBeLessThan(0.5);
    expect(globex.fields.valence).toBe(1);
    expect((await learnFromStore(store, null)).learned_from.organizations).toBe(2);
  });
});
