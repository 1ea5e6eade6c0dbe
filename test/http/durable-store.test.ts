/**
 * The handler set on the durable stores (PGlite embedded, PostgreSQL and Redis when they run here): the same
 * requests as with the memory store must leave exactly the same rows — one event per activation,
 * charges only for live significance queries, one event and one charge for concurrent duplicates
 * of an Idempotency-Key, and reads confined to the caller's organization.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { createRedisLimiter } from "../../src/stores/redis/index.js";
import type { RateLimiter } from "../../src/stores/types.js";
import { hasRedis, REDIS_URL } from "../support/services.js";
import { pgliteBackend, postgresBackend, type StoreBackend } from "./support/backends.js";
import { activate, call, expectFailure, FACTUAL, SIGNIFICANT, startServer, type TestServer } from "./support/server.js";

function describeBackend(name: string, open: () => Promise<StoreBackend | null>) {
  describe(name, () => {
    let backend: StoreBackend | null;
    let server: TestServer;
    beforeAll(async () => {
      backend = await open();
      if (backend) server = await startServer({ store: backend.store });
    });
    afterAll(async () => {
      await server?.close();
      await backend?.dispose();
    });

    it("bills live significance queries only, one event per activation, atomically", async (ctx) => {
      if (!backend) return ctx.skip();
      const live = await server.key("acme", "scale", ["extract"], { mode: "live" });
      const test = await server.key("acme", "scale", ["extract"], { mode: "test" });
      await activate(server, live, { query: SIGNIFICANT });
      await activate(server, live, { query: FACTUAL });
      await activate(server, test, { query: SIGNIFICANT });
      expect(await backend.count("activation_events")).toBe(3);
      expect(await backend.count("billing_records")).toBe(1);
      expect((await call(`${server.url}/usage`, { key: live })).body.data).toMatchObject({ billed_queries: 1, amount_micros: 1000 });
    });

    it("20 concurrent duplicates of an Idempotency-Key: one event, one charge, one answer", async (ctx) => {
      if (!backend) return ctx.skip();
      const key = await server.key("idem", "scale", ["extract"], { mode: "live" });
      const events = await backend.count("activation_events");
      const charges = await backend.count("billing_records");
      const answers = await Promise.all(Array.from({ length: 20 }, () => activate(server, key, { query: SIGNIFICANT }, { "idempotency-key": "dup-1" })));
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
      expect(await backend.count("activation_events")).toBe(events + 1);
      expect(await backend.count("billing_records")).toBe(charges + 1);
      expectFailure(await activate(server, key, { query: FACTUAL }, { "idempotency-key": "dup-1" }), 422, "Idempotency-Key was already used for a different request");
    });

    it("refuses a NUL character or a lone surrogate (which PostgreSQL cannot store as sent) with a 400 and records nothing", async (ctx) => {
      if (!backend) return ctx.skip();
      const key = await server.key("nul", "scale", ["extract"], { mode: "live" });
      const before = await backend.count("activation_events");
      expectFailure(await activate(server, key, { query: "my wedding day\u0000 with my sister" }), 400, "'query' must not contain NUL characters or unpaired surrogates");
      expectFailure(await activate(server, key, { query: SIGNIFICANT, subject_vp_id: "vp\u0000" }), 400, "'subject_vp_id' must not contain NUL characters or unpaired surrogates");
      expect(await backend.count("activation_events")).toBe(before);
      const id = (await activate(server, key, { query: SIGNIFICANT })).body.data.activation_id as string;
      expectFailure(await call(`${server.url}/feedback`, { key, body: { activation_id: id, hit: true, memory_id: "m\u0000" } }), 400, "'memory_id' must not contain NUL characters or unpaired surrogates");
      // A lone surrogate would be stored as U+FFFD: refused the same way, on every field.
      expectFailure(await activate(server, key, { query: "I lost my mother \ud800 last year" }), 400, "'query' must not contain NUL characters or unpaired surrogates");
      expectFailure(await activate(server, key, { query: SIGNIFICANT, subject_vp_id: "vp\udc00" }), 400, "'subject_vp_id' must not contain NUL characters or unpaired surrogates");
      expectFailure(await call(`${server.url}/feedback`, { key, body: { activation_id: id, hit: true, memory_id: "a\ud800b" } }), 400, "'memory_id' must not contain NUL characters or unpaired surrogates");
      expect((await activate(server, key, { query: "the day my son was born 😀" })).status).toBe(200); // a paired surrogate is fine
    });

    it("reads activations of the caller's organization only", async (ctx) => {
      if (!backend) return ctx.skip();
      const mine = await server.key("iso-a", "scale", ["extract"]);
      const theirs = await server.key("iso-b", "scale", ["extract"]);
      const id = (await activate(server, mine, { query: SIGNIFICANT, subject_vp_id: "vp_1" })).body.data.activation_id as string;
      expect((await call(`${server.url}/activations/${id}`, { key: mine })).body.data).toMatchObject({ id, subject_vp_id: "vp_1" });
      expectFailure(await call(`${server.url}/activations/${id}`, { key: theirs }), 404, "Activation not found");
      expectFailure(await call(`${server.url}/activations/not-a-uuid`, { key: mine }), 404, "Activation not found");
    });
  });
}

describeBackend("PGlite (embedded)", pgliteBackend);
describeBackend("PostgreSQL", () => postgresBackend("http"));

describe("Redis limiter", () => {
  let server: TestServer | null = null;
  let limiter: RateLimiter | null = null;
  beforeAll(async () => {
    if (!(await hasRedis())) return;
    limiter = await createRedisLimiter({ url: REDIS_URL, prefix: `arc_test_http_${randomBytes(5).toString("hex")}:` });
    server = await startServer({ limiter });
  });
  afterAll(async () => {
    await server?.close();
    await limiter?.close();
  });

  it("Free: 60 concurrent requests → exactly 10 succeed; Scale: 400 at concurrency 50 → exactly 300", async (ctx) => {
    if (!server) return ctx.skip();
    const s = server;
    const free = await s.key("redis-free", "free", ["extract"]);
    const freeAnswers = await Promise.all(Array.from({ length: 60 }, () => activate(s, free, { query: FACTUAL })));
    expect(freeAnswers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(freeAnswers.filter((a) => a.status === 429).every((a) => Number(a.headers.get("retry-after")) >= 1)).toBe(true);

    const scale = await s.key("redis-scale", "scale", ["extract"]);
    let next = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < 400) {
          next++;
          statuses.push((await activate(s, scale, { query: FACTUAL })).status);
        }
      }),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(300);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100);
  });
});
