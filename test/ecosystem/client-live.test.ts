/** arcroute/client against the real handler set over a socket. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArcrouteError, createClient } from "../../src/client/index.js";
import { startLiveApi, type LiveApi } from "./support/live-api.js";


const SIGNIFICANT = "when was I most afraid of losing her";
let api: LiveApi;

beforeAll(async () => {
  api = await startLiveApi();
});
afterAll(async () => {
  await api?.close();
});

describe("client ↔ handler set", () => {
  it("activates, reads the event back, sends feedback, and sees the charge in usage", async () => {
    const client = createClient({ baseUrl: api.url, apiKey: await api.key("acme", "growth", ["extract"], "live") });
    const { data, meta } = await client.activate({ query: SIGNIFICANT, subject_vp_id: "vp_1", top_k: 7 }, { idempotencyKey: "req-1" });
    expect(data.significance_gate).toBe(true);
    expect(meta.top_k).toBe(7);
    const replay = await client.activate({ query: SIGNIFICANT, subject_vp_id: "vp_1", top_k: 7 }, { idempotencyKey: "req-1" });
    expect(replay.data.activation_id).toBe(data.activation_id);

    const event = await client.activation(data.activation_id!);
    expect(event.data).toMatchObject({ id: data.activation_id, subject_vp_id: "vp_1", billed: true });
    const feedback = await client.feedback({ activation_id: data.activation_id!, hit: true, memory_id: "m22" });
    expect(feedback.data).toMatchObject({ activation_id: data.activation_id, hit: true, memory_id: "m22" });
    const usage = await client.usage();
    expect(usage.data).toMatchObject({ billed_queries: 1, amount_micros: 1000 });
  });

  it("throws ArcrouteError with the contract's status and message", async () => {
    const noScope = createClient({ baseUrl: api.url, apiKey: await api.key("acme", "growth", ["verify"]) });
    await expect(noScope.activate({ query: SIGNIFICANT })).rejects.toMatchObject({
      name: "ArcrouteError",
      status: 403,
      message: "API key does not have 'extract' scope",
    });
    const unknown = createClient({ baseUrl: api.url, apiKey: "ar_live_" + "q".repeat(32) });
    const error = await unknown.usage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArcrouteError);
    expect(error).toMatchObject({ status: 401, message: "Unauthorized" });
    const bad = createClient({ baseUrl: api.url, apiKey: await api.key("acme", "growth", ["extract"]) });
    await expect(bad.activate({ query: "   " })).rejects.toMatchObject({ status: 400, message: "'query' field is required" });
  });

  it("reports a 429 with the server's Retry-After when the wait exceeds maxRetryDelayMs", async () => {
    const client = createClient({ baseUrl: api.url, apiKey: await api.key("tiny", "free", ["extract"]), maxRetryDelayMs: 500 });
    for (let i = 0; i < 10; i++) await client.activate({ query: "what time is it" });
    const error = await client.activate({ query: "what time is it" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, message: "Rate limit exceeded" });
    expect((error as ArcrouteError).retryAfter).toBeGreaterThanOrEqual(1);
  });
});
