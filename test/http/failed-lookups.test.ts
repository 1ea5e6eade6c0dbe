/**
 * The per-client-IP limit on failed key lookups: past the budget a client's keyed requests answer
 * 429 with Retry-After before the store is asked; other clients and valid keys elsewhere are not
 * touched; `failedKeyLookupsPerMinute: false` turns it off; on Redis the budget is shared by every
 * createApi that uses the same limiter keys. Over a real socket; the client IP comes from
 * X-Forwarded-For (trustProxy), so one test process plays many clients.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createApi } from "../../src/http/index.js";
import { generateApiKey } from "../../src/keys/index.js";
import { createRedisLimiter } from "../../src/stores/redis/index.js";
import type { ArcStore, RateLimiter } from "../../src/stores/types.js";
import { createMemoryLimiter, createMemoryStore } from "../../src/stores/memory/index.js";
import { hasRedis, REDIS_URL } from "../support/services.js";
import { call, expectFailure, startServer, type Answer, type ServerOptions, type TestServer } from "./support/server.js";

const servers: TestServer[] = [];
const limiters: RateLimiter[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const limiter of limiters.splice(0)) await limiter.close();
});

/** A server whose store counts `findApiKeyByHash` calls. */
async function countingServer(options: ServerOptions = {}): Promise<{ server: TestServer; lookups: () => number }> {
  let lookups = 0;
  const server = await startServer({
    trustProxy: true,
    ...options,
    decorateStore: (store: ArcStore) => ({
      ...store,
      findApiKeyByHash: (hash: string) => {
        lookups++;
        return store.findApiKeyByHash(hash);
      },
    }),
  });
  servers.push(server);
  return { server, lookups: () => lookups };
}

const usage = (server: TestServer, key: string, ip: string): Promise<Answer> => call(`${server.url}/usage`, { key, headers: { "x-forwarded-for": ip } });

/** `n` requests with fresh unknown (well-formed) keys from `ip`, one after another. */
async function unknownKeys(server: TestServer, ip: string, n: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < n; i++) answers.push(await usage(server, generateApiKey("live"), ip));
  return answers;
}

describe("failed key lookups per client IP", () => {
  it("default 60: the 61st unknown key from one IP is 429 with Retry-After, and the store is not asked for it", async () => {
    const { server, lookups } = await countingServer({ manualClock: true });
    const answers = await unknownKeys(server, "203.0.113.7", 60);
    expect(answers.every((a) => a.status === 401)).toBe(true);
    expect(lookups()).toBe(60);
    const refused = await usage(server, generateApiKey("live"), "203.0.113.7");
    expectFailure(refused, 429, "Rate limit exceeded");
    expect(refused.body.code).toBe("rate_limited");
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(refused.headers.get("ratelimit-limit")).toBeNull();
    expect(refused.headers.get("ratelimit-remaining")).toBeNull();
    expect(lookups()).toBe(60);
  });

  it("another IP is unaffected; from the blocked IP a key this process has not looked up yet is refused, a known one passes; the block ends after a minute", async () => {
    const { server, lookups } = await countingServer({ manualClock: true, failedKeyLookupsPerMinute: 3 });
    const valid = await server.key("acme", "scale", ["extract"]);
    const unseen = await server.key("beta", "scale", ["extract"]);
    await unknownKeys(server, "203.0.113.7", 3);
    expect((await usage(server, generateApiKey("live"), "203.0.113.7")).status).toBe(429);
    expect(lookups()).toBe(3);

    // Another client: its unknown key is looked up (401), its valid key works.
    expect((await usage(server, generateApiKey("live"), "198.51.100.1")).status).toBe(401);
    const ok = await usage(server, valid, "198.51.100.1");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("ratelimit-limit")).toBe("300");
    expect(lookups()).toBe(5);

    // The blocked client: a valid key this process never looked up is refused (only the lookup could
    // tell it valid); one it found in the store before is looked up and served.
    const blocked = await usage(server, unseen, "203.0.113.7");
    expectFailure(blocked, 429, "Rate limit exceeded");
    expect(lookups()).toBe(5);
    expect((await usage(server, valid, "203.0.113.7")).status).toBe(200);
    expect(lookups()).toBe(6);

    server.clock!.advance(59_000);
    expect((await usage(server, unseen, "203.0.113.7")).headers.get("retry-after")).toBe("1");
    server.clock!.advance(1_000);
    expect((await usage(server, unseen, "203.0.113.7")).status).toBe(200);
  });

  it("malformed keys never reach the store and are not counted; valid keys are not counted", async () => {
    const { server, lookups } = await countingServer({ manualClock: true, failedKeyLookupsPerMinute: 2 });
    const valid = await server.key("acme", "scale", ["extract"]);
    for (let i = 0; i < 10; i++) expect((await usage(server, "ar_live_short", "203.0.113.9")).status).toBe(401);
    for (let i = 0; i < 10; i++) expect((await usage(server, valid, "203.0.113.9")).status).toBe(200);
    expect((await usage(server, generateApiKey("live"), "203.0.113.9")).status).toBe(401);
    expect(lookups()).toBe(11);
  });

  it("revoked keys count as failed lookups", async () => {
    const { server } = await countingServer({ manualClock: true, failedKeyLookupsPerMinute: 2 });
    const { key, id } = await server.keyRecord("acme", "scale", ["extract"]);
    await server.store.revokeApiKey(id, new Date().toISOString());
    expect((await usage(server, key, "203.0.113.10")).status).toBe(401);
    expect((await usage(server, key, "203.0.113.10")).status).toBe(401);
    expect((await usage(server, key, "203.0.113.10")).status).toBe(429);
  });

  it("an IPv6 /64 is one client", async () => {
    const { server, lookups } = await countingServer({ manualClock: true, failedKeyLookupsPerMinute: 2 });
    await usage(server, generateApiKey("live"), "2001:db8:1:2::1");
    await usage(server, generateApiKey("live"), "2001:db8:1:2::2");
    expect((await usage(server, generateApiKey("live"), "2001:db8:1:2:ffff::3")).status).toBe(429);
    expect((await usage(server, generateApiKey("live"), "2001:db8:1:3::1")).status).toBe(401);
    expect(lookups()).toBe(3);
  });

  it("failedKeyLookupsPerMinute: false turns it off", async () => {
    const { server, lookups } = await countingServer({ manualClock: true, failedKeyLookupsPerMinute: false });
    const answers = await unknownKeys(server, "203.0.113.7", 80);
    expect(answers.every((a) => a.status === 401)).toBe(true);
    expect(lookups()).toBe(80);
  });

  it("the option is validated", () => {
    const base = { store: createMemoryStore(), limiter: createMemoryLimiter() };
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "60", true]) {
      expect(() => createApi({ ...base, failedKeyLookupsPerMinute: bad as never })).toThrow(/failedKeyLookupsPerMinute/);
    }
    expect(() => createApi({ ...base, failedKeyLookupsPerMinute: 1 })).not.toThrow();
    expect(() => createApi({ ...base, failedKeyLookupsPerMinute: false })).not.toThrow();
  });
});

describe("failed key lookups on the Redis limiter", () => {
  it("two createApi instances (two limiter connections) share one budget per IP", async (ctx) => {
    if (!(await hasRedis())) return ctx.skip();
    const prefix = `arc_test_authfail_${randomBytes(5).toString("hex")}:`;
    const first = await createRedisLimiter({ url: REDIS_URL, prefix });
    const second = await createRedisLimiter({ url: REDIS_URL, prefix });
    limiters.push(first, second);
    const a = await countingServer({ limiter: first, failedKeyLookupsPerMinute: 4 });
    const b = await countingServer({ limiter: second, store: a.server.store, failedKeyLookupsPerMinute: 4 });
    await unknownKeys(a.server, "203.0.113.7", 2);
    await unknownKeys(b.server, "203.0.113.7", 2);
    for (const { server } of [a, b]) {
      const refused = await usage(server, generateApiKey("live"), "203.0.113.7");
      expectFailure(refused, 429, "Rate limit exceeded");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
    }
    expect(a.lookups() + b.lookups()).toBe(4);
    const valid = await a.server.key("acme", "scale", ["extract"]);
    expect((await usage(b.server, valid, "198.51.100.1")).status).toBe(200);
    expect((await usage(a.server, generateApiKey("live"), "198.51.100.1")).status).toBe(401);
  });
});
