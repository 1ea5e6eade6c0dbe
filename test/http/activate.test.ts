/**
 * POST /v1/activate end to end: the persisted event, billing (gate true and live keys only, 1000
 * micro-dollars, atomically with the event), idempotent replay (sequential and concurrent), the 500
 * path with nothing billed, and the classifier hook.
 */
import { afterEach, describe, expect, it } from "vitest";
import { classify, CLASSIFIER_MODEL } from "../../src/classify/index.js";
import type { Classifier } from "../../src/classify/types.js";
import type { ArcStore } from "../../src/stores/types.js";
import { activate, call, expectFailure, FACTUAL, ledgerOf, SIGNIFICANT, startServer, type Ledger, type TestServer } from "./support/server.js";

let server: TestServer;
let ledger: Ledger;
afterEach(async () => {
  await server?.close();
});

async function start(options: Parameters<typeof startServer>[0] = {}) {
  ledger = { events: [], charges: [] };
  server = await startServer({ ...options, decorateStore: (store) => ledgerOf(ledger)(options.decorateStore ? options.decorateStore(store) : store) });
}

describe("the activation and its event", () => {
  it("answers with the classifier's result and meta as received, and persists one matching event", async () => {
    await start({ manualClock: true });
    const { key, id: keyId } = await server.keyRecord("acme", "growth");
    const query = `  ${SIGNIFICANT}\t`;
    const answer = await activate(server, key, { query, subject_vp_id: "vp_123", top_k: 7, extra: "ignored" });
    expect(answer.status).toBe(200);
    const expected = classify(SIGNIFICANT);
    const { activation_id, ...data } = answer.body.data;
    expect(data).toEqual({ ...expected, activation_id: undefined });
    expect(answer.body.meta).toEqual({ query, classifier_model: CLASSIFIER_MODEL, activated_at: "2026-11-23T10:00:00.000Z", top_k: 7 });

    expect(ledger.events).toHaveLength(1);
    const event = ledger.events[0]!;
    expect(event).toEqual({
      id: activation_id,
      org_id: "acme",
      key_id: keyId,
      query,
      subject_vp_id: "vp_123",
      result: { ...expected, activation_id },
      classifier_model: CLASSIFIER_MODEL,
      top_k: 7,
      billed: true,
      created_at: "2026-11-23T10:00:00.000Z",
    });
    expect(await server.store.getActivation(activation_id, "acme")).toEqual(event);
  });

  it("counts the 4000-character limit on the query as received: whitespace around a short text is not stored past it", async () => {
    await start();
    const key = await server.key("acme", "growth");
    // A short text in ~64 KiB of whitespace: under the limit once trimmed, but stored and echoed as sent.
    const padded = `${" ".repeat(30_000)}${SIGNIFICANT}${" ".repeat(30_000)}`;
    for (const query of [padded, `${"x".repeat(3999)}  `]) {
      const refused = await activate(server, key, { query }, { "idempotency-key": `k-${query.length}` });
      expectFailure(refused, 400, "'query' must be at most 4000 characters");
    }
    expect(ledger.events).toEqual([]);
    // Exactly 4000 as received, whitespace included: accepted and echoed untrimmed.
    const edge = `  ${"x".repeat(3996)}  `;
    const answer = await activate(server, key, { query: edge });
    expect(answer.status).toBe(200);
    expect(answer.body.meta.query).toBe(edge);
    expect(ledger.events.map((event) => event.query)).toEqual([edge]);
  });

  it("defaults top_k to 10 and subject_vp_id to null", async () => {
    await start();
    const answer = await activate(server, await server.key("acme", "growth"), { query: FACTUAL });
    expect(answer.body.meta.top_k).toBe(10);
    expect(ledger.events[0]).toMatchObject({ subject_vp_id: null, top_k: 10 });
    expect(answer.body.meta.activated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe("billing", () => {
  it("bills 1000 micro-dollars per significance query on live keys, never factual ones, never test keys", async () => {
    await start();
    const live = await server.key("acme", "scale", ["extract"], { mode: "live" });
    const test = await server.key("acme", "scale", ["extract"], { mode: "test" });
    for (let i = 0; i < 3; i++) expect((await activate(server, live, { query: SIGNIFICANT })).body.data.significance_gate).toBe(true);
    for (let i = 0; i < 4; i++) expect((await activate(server, live, { query: FACTUAL })).body.data.significance_gate).toBe(false);
    for (let i = 0; i < 2; i++) await activate(server, test, { query: SIGNIFICANT });

    expect(ledger.events).toHaveLength(9);
    expect(ledger.events.filter((e) => e.billed)).toHaveLength(3);
    expect(ledger.charges).toHaveLength(3);
    for (const charge of ledger.charges) {
      expect(charge.amount_micros).toBe(1000);
      const event = ledger.events.find((e) => e.id === charge.activation_id)!;
      expect(event).toMatchObject({ billed: true, org_id: "acme" });
      expect(event.result.significance_gate).toBe(true);
      expect(charge.key_id).toBe(event.key_id);
    }
    const usage = await call(`${server.url}/usage`, { key: test });
    expect(usage.body.data).toMatchObject({ org_id: "acme", billed_queries: 3, amount_micros: 3000 });
  });

  it("a failing store answers 500 Activation failed and bills nothing; onError sees the cause", async () => {
    const errors: unknown[] = [];
    await start({
      onError: (error) => errors.push(error),
      decorateStore: (store) => ({
        ...store,
        recordActivation: async () => {
          throw new Error("deadlock detected");
        },
      }),
    });
    const key = await server.key("acme", "scale");
    expectFailure(await activate(server, key, { query: SIGNIFICANT }), 500, "Activation failed");
    expect(ledger.charges).toEqual([]);
    expect((await server.store.usage("acme", "2000-01-01T00:00:00.000Z", "2100-01-01T00:00:00.000Z")).billed_queries).toBe(0);
    expect(errors).toEqual([new Error("deadlock detected")]);
  });

  it("a store that refuses the charged write leaves no charge, and later factual calls still work", async () => {
    await start({
      decorateStore: (store) => ({
        ...store,
        recordActivation: async (event, charge, write) => {
          if (charge) throw new Error("write failed");
          return store.recordActivation(event, charge, write);
        },
      }),
    });
    const key = await server.key("acme", "scale");
    expectFailure(await activate(server, key, { query: SIGNIFICANT }), 500, "Activation failed");
    expect((await activate(server, key, { query: FACTUAL })).status).toBe(200);
    const usage = await call(`${server.url}/usage`, { key });
    expect(usage.body.data).toMatchObject({ billed_queries: 0, amount_micros: 0 });
  });

  it("a classifier that throws or breaks the schema answers 500 and bills nothing", async () => {
    const broken: Classifier = { model: "broken@1", classify: () => ({ ...classify(SIGNIFICANT), confidence: 7 }) };
    await start({ classifier: broken });
    const key = await server.key("acme", "scale");
    expectFailure(await activate(server, key, { query: SIGNIFICANT }), 500, "Activation failed");
    await server.close();
    await start({ classifier: { model: "x@1", classify: () => Promise.reject(new Error("model offline")) } });
    expectFailure(await activate(server, await server.key("acme", "scale"), { query: SIGNIFICANT }), 500, "Activation failed");
    expect(ledger.events).toEqual([]);
  });

  it("meta.classifier_model names the model that answered (classifyWithModel)", async () => {
    const hooked: Classifier = {
      model: "arcroute-lexicon@1+llm",
      classify: (q) => classify(q),
      classifyWithModel: async (q) => ({ result: classify(q), model: "arcroute-lexicon@1+llm-fallback:timeout" }),
    };
    await start({ classifier: hooked });
    const answer = await activate(server, await server.key("acme", "scale"), { query: SIGNIFICANT });
    expect(answer.body.meta.classifier_model).toBe("arcroute-lexicon@1+llm-fallback:timeout");
    expect(ledger.events[0]!.classifier_model).toBe("arcroute-lexicon@1+llm-fallback:timeout");
  });
});

describe("Idempotency-Key", () => {
  it("replays the first response for 24 hours: no second event, no second charge", async () => {
    await start({ manualClock: true });
    const key = await server.key("acme", "scale");
    const first = await activate(server, key, { query: SIGNIFICANT, top_k: 3 }, { "idempotency-key": "req-1" });
    server.clock!.advance(60_000);
    // Same request, keys reordered and spaced differently: the same request.
    const again = await activate(server, key, '{ "top_k": 3,  "query": "times dad was proud of me" }', { "idempotency-key": "req-1" });
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(ledger.events).toHaveLength(1);
    expect(ledger.charges).toHaveLength(1);
    // Fields the API ignores do not make another request; an explicit default top_k is the same too.
    const padded = await activate(server, key, { query: SIGNIFICANT, top_k: 3, client_note: { deep: [[[1]]] } }, { "idempotency-key": "req-1" });
    expect(padded.text).toBe(first.text);
    const spaced = await activate(server, key, { query: ` ${SIGNIFICANT}`, top_k: 3 }, { "idempotency-key": "req-1" });
    expect(spaced.status).toBe(422); // meta.query echoes the query as received: another answer

    server.clock!.advance(24 * 60 * 60 * 1000);
    const later = await activate(server, key, { query: SIGNIFICANT, top_k: 3 }, { "idempotency-key": "req-1" });
    expect(later.body.data.activation_id).not.toBe(first.body.data.activation_id);
    expect(ledger.charges).toHaveLength(2);
  });

  it("the same key with a different body is 422 and writes nothing", async () => {
    await start();
    const key = await server.key("acme", "scale");
    await activate(server, key, { query: SIGNIFICANT }, { "idempotency-key": "req-2" });
    const other = await activate(server, key, { query: FACTUAL }, { "idempotency-key": "req-2" });
    expectFailure(other, 422, "Idempotency-Key was already used for a different request");
    expect(other.body.code).toBe("idempotency_mismatch");
    expect(ledger.events).toHaveLength(1);
  });

  it("a test key's answer is never replayed to a live key of the organization (it would be a live answer, unbilled)", async () => {
    await start();
    const test = await server.key("acme", "scale", ["extract"], { mode: "test" });
    const live = await server.key("acme", "scale", ["extract"], { mode: "live" });
    expect((await activate(server, test, { query: SIGNIFICANT }, { "idempotency-key": "mode-1" })).status).toBe(200);
    expectFailure(await activate(server, live, { query: SIGNIFICANT }, { "idempotency-key": "mode-1" }), 422, "Idempotency-Key was already used for a different request");
    expect(ledger.charges).toHaveLength(0);
    // Live first, then test: the live answer (already billed) is not handed to the test key either.
    expect((await activate(server, live, { query: SIGNIFICANT }, { "idempotency-key": "mode-2" })).status).toBe(200);
    expect((await activate(server, test, { query: SIGNIFICANT }, { "idempotency-key": "mode-2" })).status).toBe(422);
    expect(ledger.charges).toHaveLength(1);
  });

  it("keys are per organization", async () => {
    await start();
    const a = await activate(server, await server.key("a", "scale"), { query: SIGNIFICANT }, { "idempotency-key": "shared" });
    const b = await activate(server, await server.key("b", "scale"), { query: SIGNIFICANT }, { "idempotency-key": "shared" });
    expect(b.body.data.activation_id).not.toBe(a.body.data.activation_id);
    expect(ledger.charges.map((c) => c.org_id).sort()).toEqual(["a", "b"]);
  });

  it("20 concurrent duplicates: one event, one charge, every answer identical", async () => {
    await start();
    const key = await server.key("acme", "scale");
    const answers = await Promise.all(Array.from({ length: 20 }, () => activate(server, key, { query: SIGNIFICANT }, { "idempotency-key": "burst" })));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(ledger.events).toHaveLength(1);
    expect(ledger.charges).toHaveLength(1);
  });

  it("concurrent duplicates that race past the lookup are settled by the store's duplicate outcome", async () => {
    // Hold every lookup until all requests have made one, so they all reach recordActivation.
    let waiting: (() => void)[] = [];
    const barrier = (store: ArcStore): ArcStore => ({
      ...store,
      lookupIdempotency: async (...args) => {
        const result = await store.lookupIdempotency(...args);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (waiting.length === 5) {
            waiting.forEach((r) => r());
            waiting = [];
          }
        });
        return result;
      },
    });
    await start({ decorateStore: barrier });
    const key = await server.key("acme", "scale");
    const answers = await Promise.all(Array.from({ length: 5 }, () => activate(server, key, { query: SIGNIFICANT }, { "idempotency-key": "race" })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.activation_id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get("idempotent-replayed") === "true")).toHaveLength(4);
    expect(ledger.events).toHaveLength(1);
    expect(ledger.charges).toHaveLength(1);
  });

  it("failures are not stored: a retry after a 400 or a 500 runs again", async () => {
    let fail = true;
    await start({
      decorateStore: (store) => ({
        ...store,
        recordActivation: async (...args) => {
          if (fail) throw new Error("down");
          return store.recordActivation(...args);
        },
      }),
    });
    const key = await server.key("acme", "scale");
    expect((await activate(server, key, { query: SIGNIFICANT }, { "idempotency-key": "retry" })).status).toBe(500);
    fail = false;
    expect((await activate(server, key, { query: SIGNIFICANT }, { "idempotency-key": "retry" })).status).toBe(200);
    expect(ledger.charges).toHaveLength(1);
    // A 400 under a key is not kept either: the corrected body runs (no 422 for a different body).
    expectFailure(await activate(server, key, { query: SIGNIFICANT, top_k: 0 }, { "idempotency-key": "retry-400" }), 400, "'top_k' must be an integer from 1 to 100");
    const corrected = await activate(server, key, { query: SIGNIFICANT }, { "idempotency-key": "retry-400" });
    expect(corrected.status).toBe(200);
    expect(corrected.headers.get("idempotent-replayed")).toBeNull();
    expect(ledger.charges).toHaveLength(2);
  });

  it("a malformed key is 400", async () => {
    await start();
    const key = await server.key("acme", "scale");
    const message = "Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces)";
    expectFailure(await activate(server, key, { query: SIGNIFICANT }, { "idempotency-key": "k".repeat(256) }), 400, message);
    expectFailure(await activate(server, key, { query: SIGNIFICANT }, { "idempotency-key": "two words" }), 400, message);
    expect(ledger.events).toEqual([]);
  });
});
