/**
 * Rate limits (SPEC section 5, contract 8.1): per organization and plan, exact sliding 60-second
 * window, sequential and under 50 concurrent requests; Retry-After bounds; RateLimit headers;
 * anonymous /verify per client IP. A manual clock drives the window (API and limiter share it).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Tier } from "../../src/stores/types.js";
import { activate, call, expectFailure, startServer, type Answer, type TestServer } from "./support/server.js";

const QUERY = { query: "what time is it" };
let server: TestServer;
afterEach(async () => {
  await server?.close();
});

/** `total` requests with at most `concurrency` in flight. */
async function burst(total: number, concurrency: number, send: () => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  let started = 0;
  async function worker() {
    while (started < total) {
      started++;
      answers.push(await send());
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return answers;
}

const statuses = (answers: Answer[]) => answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});

const PLANS: { tier: Tier; limit: number; rpm?: number }[] = [
  { tier: "free", limit: 10 },
  { tier: "payg", limit: 30 },
  { tier: "growth", limit: 60 },
  { tier: "scale", limit: 300 },
  { tier: "enterprise", limit: 120, rpm: 120 },
];

describe("plan limits", () => {
  it.each(PLANS)("$tier: $limit sequential requests pass, the next is refused", async ({ tier, limit, rpm }) => {
    server = await startServer({ manualClock: true });
    const key = await server.key("org", tier, ["extract"], rpm ? { rpm } : {});
    for (let i = 0; i < limit; i++) {
      const answer = await call(`${server.url}/usage`, { key });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("ratelimit-remaining")).toBe(String(limit - i - 1));
    }
    const refused = await call(`${server.url}/usage`, { key });
    expectFailure(refused, 429, "Rate limit exceeded");
    expect(refused.body.code).toBe("rate_limited");
  });

  it.each(PLANS)("$tier: under 50 concurrent requests exactly $limit of limit+60 succeed", async ({ tier, limit, rpm }) => {
    server = await startServer({ manualClock: true });
    const key = await server.key("org", tier, ["extract"], rpm ? { rpm } : {});
    const answers = await burst(limit + 60, 50, () => activate(server, key, QUERY));
    expect(statuses(answers)).toEqual({ 200: limit, 429: 60 });
  });

  it("organizations have separate windows; keys of one organization share one", async () => {
    server = await startServer({ manualClock: true });
    const a1 = await server.key("a", "free");
    const a2 = await server.key("a", "free");
    const b = await server.key("b", "free");
    for (let i = 0; i < 5; i++) await activate(server, a1, QUERY);
    for (let i = 0; i < 5; i++) expect((await activate(server, a2, QUERY)).status).toBe(200);
    expect((await activate(server, a1, QUERY)).status).toBe(429);
    expect((await activate(server, a2, QUERY)).status).toBe(429);
    expect((await activate(server, b, QUERY)).status).toBe(200);
  });

  it("refused requests are not counted, and the window slides exactly", async () => {
    server = await startServer({ manualClock: true });
    const clock = server.clock!;
    const key = await server.key("org", "free");
    for (let i = 0; i < 5; i++) await activate(server, key, QUERY); // t = 0
    clock.advance(30_000);
    for (let i = 0; i < 5; i++) await activate(server, key, QUERY); // t = 30 s
    for (let i = 0; i < 3; i++) expect((await activate(server, key, QUERY)).status).toBe(429);
    clock.advance(29_999); // t = 59.999 s: the first five are still inside the window
    expect((await activate(server, key, QUERY)).status).toBe(429);
    clock.advance(1); // t = 60 s: they left it
    for (let i = 0; i < 5; i++) expect((await activate(server, key, QUERY)).status).toBe(200);
    expect((await activate(server, key, QUERY)).status).toBe(429);
  });
});

describe("Retry-After and RateLimit headers", () => {
  it("Retry-After is the whole seconds until a slot frees up, within [1, 60]", async () => {
    server = await startServer({ manualClock: true });
    const clock = server.clock!;
    const key = await server.key("org", "free");
    for (let i = 0; i < 10; i++) await activate(server, key, QUERY);
    const retryAfter = async () => {
      const answer = await activate(server, key, QUERY);
      expect(answer.status).toBe(429);
      return Number(answer.headers.get("retry-after"));
    };
    expect(await retryAfter()).toBe(60);
    clock.advance(20_500);
    expect(await retryAfter()).toBe(40); // 39.5 s rounded up
    clock.advance(39_400);
    expect(await retryAfter()).toBe(1); // 100 ms left: never 0
    clock.advance(100);
    expect((await activate(server, key, QUERY)).status).toBe(200);
  });

  it("Retry-After stays within [1, 60] at every point of the window", async () => {
    server = await startServer({ manualClock: true });
    const clock = server.clock!;
    const key = await server.key("org", "free");
    for (let i = 0; i < 10; i++) {
      await activate(server, key, QUERY);
      clock.advance(997);
    }
    for (let step = 0; step < 60; step++) {
      const answer = await activate(server, key, QUERY);
      if (answer.status === 429) {
        const value = answer.headers.get("retry-after")!;
        expect(value).toMatch(/^\d+$/);
        expect(Number(value)).toBeGreaterThanOrEqual(1);
        expect(Number(value)).toBeLessThanOrEqual(60);
      }
      clock.advance(1_013);
    }
  });

  it("every authenticated response carries RateLimit-Limit/-Remaining/-Reset, failures included", async () => {
    server = await startServer({ manualClock: true });
    const key = await server.key("org", "growth");
    const first = await activate(server, key, QUERY);
    expect([first.headers.get("ratelimit-limit"), first.headers.get("ratelimit-remaining"), first.headers.get("ratelimit-reset")]).toEqual(["60", "59", "60"]);
    server.clock!.advance(15_000);
    const bad = await activate(server, key, "{oops");
    expect(bad.status).toBe(400);
    expect([bad.headers.get("ratelimit-limit"), bad.headers.get("ratelimit-remaining"), bad.headers.get("ratelimit-reset")]).toEqual(["60", "58", "45"]);
    const missing = await call(`${server.url}/activations/5f0c6d0e-8d4b-4c38-9a55-2b3f2a0f4f11`, { key });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("ratelimit-remaining")).toBe("57");
    const noScope = await server.key("org", "growth", ["verify"]);
    const forbidden = await activate(server, noScope, QUERY);
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get("ratelimit-remaining")).toBe("56"); // same organization, same window
  });

  it("403 wins over 429 when a key lacks the scope and the window is full", async () => {
    server = await startServer({ manualClock: true });
    const key = await server.key("org", "free", ["extract"]);
    const noScope = await server.key("org", "free", ["verify"]);
    for (let i = 0; i < 10; i++) await activate(server, key, QUERY);
    const answer = await activate(server, noScope, QUERY);
    expectFailure(answer, 403, "API key does not have 'extract' scope");
    expect(answer.headers.get("ratelimit-remaining")).toBe("0");
  });

  it("unauthenticated answers carry no RateLimit headers", async () => {
    server = await startServer();
    const answer = await activate(server, null, QUERY);
    expect(answer.status).toBe(401);
    expect(answer.headers.get("ratelimit-limit")).toBeNull();
  });
});

describe("anonymous /verify", () => {
  it("is allowed without a key and limited per client IP (default 30 per minute)", async () => {
    server = await startServer({ manualClock: true });
    for (let i = 0; i < 30; i++) expect((await call(`${server.url}/verify`, { body: {} })).status).toBe(501);
    const refused = await call(`${server.url}/verify`, { body: {} });
    expectFailure(refused, 429, "Rate limit exceeded");
    expect(refused.headers.get("ratelimit-limit")).toBe("30");
    server.clock!.advance(60_000);
    expect((await call(`${server.url}/verify`, { body: {} })).status).toBe(501);
  });

  it("anonymousVerifyRpm configures the limit; a key is attributed to its organization instead", async () => {
    server = await startServer({ manualClock: true, anonymousVerifyRpm: 3 });
    for (let i = 0; i < 3; i++) expect((await call(`${server.url}/verify`, { body: {} })).status).toBe(501);
    expect((await call(`${server.url}/verify`, { body: {} })).status).toBe(429);
    const key = await server.key("org", "payg", ["verify"]);
    const keyed = await call(`${server.url}/verify`, { key, body: {} });
    expect(keyed.status).toBe(501);
    expect(keyed.headers.get("ratelimit-limit")).toBe("30");
  });

  it("ignores X-Forwarded-For unless trustProxy is set; with it, each forwarded client has its own bucket", async () => {
    server = await startServer({ manualClock: true, anonymousVerifyRpm: 2 });
    const as = (ip: string) => call(`${server.url}/verify`, { body: {}, headers: { "x-forwarded-for": ip } });
    await as("10.0.0.1");
    await as("10.0.0.2");
    expect((await as("10.0.0.3")).status).toBe(429); // all one socket address
    await server.close();

    server = await startServer({ manualClock: true, anonymousVerifyRpm: 2, trustProxy: true });
    for (const ip of ["10.0.0.1", "10.0.0.1", "10.0.0.2", "10.0.0.2"]) expect((await as(ip)).status).toBe(501);
    expect((await as("10.0.0.1")).status).toBe(429);
    // Only the right-most entry (written by the trusted proxy) counts: a forged left part changes nothing.
    expect((await as("1.2.3.4, 10.0.0.2")).status).toBe(429);
    expect((await as("10.0.0.3")).status).toBe(501);
  });

  it("a forwarded entry that is no address names no client: the socket address counts and reaches the handler, never a 500", async () => {
    const seen: string[] = [];
    server = await startServer({ manualClock: true, anonymousVerifyRpm: 5, trustProxy: true, handlers: { verify: (_r, c) => (seen.push(c.clientIp), {}) } });
    const as = (ip: string) => call(`${server.url}/verify`, { body: {}, headers: { "x-forwarded-for": ip } });
    for (const junk of ["::1:2:3:4:5:6:7:8:9", "1:2:3:4:5::6:7:8:9:10", "[::1", "a".repeat(2000)]) expect((await as(junk)).status, junk.slice(0, 30)).toBe(200);
    expect((await call(`${server.url}/verify`, { body: {} })).status).toBe(200);
    expect(seen).toEqual(Array(5).fill("127.0.0.1"));
    // All five were the socket's: one bucket, now full (each junk value had been a bucket of its own).
    expectFailure(await as("[::2"), 429, "Rate limit exceeded");
    expect((await as("10.0.0.1")).status).toBe(200);
  });

  it("counts an IPv6 client by its /64: another address of the same network shares the bucket", async () => {
    server = await startServer({ manualClock: true, anonymousVerifyRpm: 2, trustProxy: true });
    const as = (ip: string) => call(`${server.url}/verify`, { body: {}, headers: { "x-forwarded-for": ip } });
    expect((await as("2001:db8:1:2::1")).status).toBe(501);
    expect((await as("2001:db8:1:2::2")).status).toBe(501);
    expectFailure(await as("2001:db8:1:2:dead:beef:0:1"), 429, "Rate limit exceeded");
    expect((await as("2001:db8:1:3::1")).status).toBe(501); // the next /64 is another client
  });

  it("a sent but invalid key is 401 on /verify, not anonymous", async () => {
    server = await startServer();
    expectFailure(await call(`${server.url}/verify`, { key: "ar_live_" + "x".repeat(30), body: {} }), 401, "Unauthorized");
    expectFailure(await call(`${server.url}/verify`, { body: {}, headers: { authorization: "Basic abc" } }), 401, "Unauthorized");
  });
});
