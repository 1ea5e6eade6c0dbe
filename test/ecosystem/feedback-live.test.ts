/**
 * POST /v1/feedback over a real socket against the handler set and the in-memory store: own
 * organization only (another organization's activation is indistinguishable from an unknown id),
 * bad ids and bodies, the scope, no charge and no quota, and learning from what was stored.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnFromStore } from "../../src/feedback/learn.js";
import { startLiveApi, type LiveApi } from "./support/live-api.js";

let api: LiveApi;
let acme: string;
let globex: string;

beforeAll(async () => {
  api = await startLiveApi();
  acme = await api.key("acme", "growth", ["extract"], "live");
  globex = await api.key("globex", "growth", ["extract"], "live");
});
afterAll(async () => {
  await api?.close();
});

async function call(method: string, path: string, key: string | null, body?: unknown): Promise<{ status: number; body: Record<string, unknown> & { data: any } }> {
  const response = await fetch(api.url + path, {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { data: any } };
}

async function activate(key: string, query: string): Promise<string> {
  const answer = await call("POST", "/activate", key, { query });
  expect(answer.status).toBe(200);
  return answer.body.data.activation_id as string;
}

const notFound = { success: false, error: "Activation not found", data: null };

describe("POST /v1/feedback against the handler set", () => {
  it("stores feedback on the caller's own activation, free of charge", async () => {
    const id = await activate(acme, "when was I most afraid of losing her");
    const before = await call("GET", "/usage", acme);
    const answer = await call("POST", "/feedback", acme, { activation_id: id, hit: true, memory_id: "m22" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, error: null, data: { activation_id: id, hit: true, memory_id: "m22" } });
    expect(answer.body.data.feedback_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call("GET", "/usage", acme)).body.data).toEqual(before.body.data);
    expect(await api.store.listFeedback("acme")).toEqual([expect.objectContaining({ activation_id: id, org_id: "acme", hit: true, memory_id: "m22" })]);
  });

  it("answers 404 for another organization's activation, an unknown id and a malformed id, and stores nothing", async () => {
    const foreign = await activate(acme, "the day my grandmother died");
    const stored = (await api.store.listFeedback(null)).length;
    for (const id of [foreign, foreign.toUpperCase(), randomUUID(), "not-a-uuid", "' OR 1=1 --"]) {
      const answer = await call("POST", "/feedback", globex, { activation_id: id, hit: false });
      expect(answer, id).toEqual({ status: 404, body: expect.objectContaining(notFound) });
    }
    expect(await api.store.listFeedback("globex")).toEqual([]);
    expect((await api.store.listFeedback(null)).length).toBe(stored);
    // And the owner still can.
    expect((await call("POST", "/feedback", acme, { activation_id: foreign, hit: false })).status).toBe(200);
  });

  it("answers 400 with the documented message for bad bodies", async () => {
    const id = await activate(acme, "times dad was proud of me");
    const cases: [unknown, string][] = [
      [[1], "Request body must be a JSON object"],
      [{ hit: true }, "'activation_id' field is required"],
      [{ activation_id: 7, hit: true }, "'activation_id' must be a string"],
      [{ activation_id: id }, "'hit' field is required"],
      [{ activation_id: id, hit: "yes" }, "'hit' must be a boolean"],
      [{ activation_id: id, hit: true, memory_id: 12 }, "'memory_id' must be a string"],
      [{ activation_id: id, hit: true, memory_id: "m".repeat(257) }, "'memory_id' must be at most 256 characters"],
    ];
    for (const [body, message] of cases) {
      const answer = await call("POST", "/feedback", acme, body);
      expect(answer, JSON.stringify(body).slice(0, 60)).toEqual({ status: 400, body: expect.objectContaining({ success: false, error: message, data: null }) });
    }
    const invalidJson = await call("POST", "/feedback", acme, "{not json");
    expect(invalidJson.status).toBe(400);
    expect(invalidJson.body.success).toBe(false);
  });

  it("requires a key with the extract scope", async () => {
    const id = await activate(acme, "the moment I knew I had to leave");
    expect((await call("POST", "/feedback", null, { activation_id: id, hit: true })).status).toBe(401);
    const verifyOnly = await api.key("acme", "growth", ["verify"]);
    const answer = await call("POST", "/feedback", verifyOnly, { activation_id: id, hit: true });
    expect(answer).toEqual({ status: 403, body: expect.objectContaining({ error: "API key does not have 'extract' scope" }) });
  });

  it("feeds the learning step, per organization", async () => {
    const id = await activate(globex, "the summer my father finally forgave me");
    expect((await call("POST", "/feedback", globex, { activation_id: id, hit: true })).status).toBe(200);
    const acmeWeights = await learnFromStore(api.store, "acme");
    const globexWeights = await learnFromStore(api.store, "globex");
    expect(acmeWeights.learned_from).toMatchObject({ feedback: 2, hits: 1, organizations: 1 });
    expect(globexWeights.learned_from).toMatchObject({ feedback: 1, hits: 1, organizations: 1 });
    expect((await learnFromStore(api.store, null)).learned_from.organizations).toBe(2);
  });
});
