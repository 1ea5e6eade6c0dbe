import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createApi } from "../../src/http/index.js";
import { createApiKey } from "../../src/keys/index.js";
import { createMemoryStore } from "../../src/stores/memory/index.js";
import { createRedisLimiter } from "../../src/stores/redis/index.js";
import { hasRedis, REDIS_URL } from "../support/services.js";
import { describeLimiterContract, newId } from "../support/store-contract.js";
import { startTcpProxy } from "./support/tcp-proxy.js";

const enabled = await hasRedis();
const prefix = `arc_test:${randomBytes(5).toString("hex")}:`;

afterAll(async () => {
  if (!enabled) return;
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describeLimiterContract("Redis", () => createRedisLimiter({ url: REDIS_URL, prefix }), { enabled });

describe.skipIf(!enabled)("Redis limiter shared by several processes", () => {
  it("is exact across five independent connections hitting one key at once", async () => {
    const limiters = await Promise.all(Array.from({ length: 5 }, () => createRedisLimiter({ url: REDIS_URL, prefix })));
    try {
      const key = newId("org");
      const results = await Promise.all(Array.from({ length: 60 }, (_, i) => limiters[i % 5]!.hit(key, 10, 60_000)));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      expect(results.some((r) => r.reason === "fallback")).toBe(false);
    } finally {
      await Promise.all(limiters.map((l) => l.close()));
    }
  });

  it("keeps one sorted-set key per window, with a TTL no longer than the window", async () => {
    const limiter = await createRedisLimiter({ url: REDIS_URL, prefix });
    const redis = new Redis(REDIS_URL);
    try {
      const key = newId("org");
      await limiter.hit(key, 5, 60_000);
      await limiter.hit(key, 5, 60_000);
      expect(await redis.type(prefix + key)).toBe("zset");
      expect(await redis.zcard(prefix + key)).toBe(2);
      const ttl = await redis.pttl(prefix + key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await limiter.close();
      await redis.quit();
    }
  });
});

describe.skipIf(!enabled)("Redis unreachable (decision: fall back to a local limiter)", () => {
  /** A limiter talking to Redis through a TCP proxy the test can cut and restore. */
  async function limiterBehindProxy(onOutage?: (state: "down" | "up", error?: unknown) => void) {
    const { hostname, port } = new URL(REDIS_URL);
    const proxy = await startTcpProxy(hostname, Number(port || 6379));
    const limiter = await createRedisLimiter({ url: `redis://127.0.0.1:${proxy.port}`, prefix, commandTimeoutMs: 1_000, ...(onOutage ? { onOutage } : {}) });
    return { proxy, limiter };
  }

  it("refuses hits after close instead of admitting them from its local window; closes twice without an error", async () => {
    const limiter = await createRedisLimiter({ url: REDIS_URL, prefix });
    await limiter.hit(newId("org"), 5, 60_000);
    await limiter.close();
    await expect(limiter.hit(newId("org"), 5, 60_000)).rejects.toThrow("the Redis limiter is closed");
    await expect(limiter.close()).resolves.toBeUndefined();
  });

  it("tells onOutage once when it starts falling back and once when Redis is back", async () => {
    const events: string[] = [];
    const { proxy, limiter } = await limiterBehindProxy((state, error) => events.push(state === "down" ? `down: ${error instanceof Error}` : "up"));
    try {
      const key = newId("org");
      await limiter.hit(key, 100, 60_000);
      expect(events).toEqual([]);
      await proxy.cut();
      for (let i = 0; i < 3; i++) expect((await limiter.hit(key, 100, 60_000)).reason).toBe("fallback");
      expect(events).toEqual(["down: true"]);
      await proxy.restore();
      expect((await hitOnceRedisIsBack(limiter, newId("probe"))).reason).toBeUndefined();
      await limiter.hit(key, 100, 60_000);
      expect(events).toEqual(["down: true", "up"]);
      // A callback that throws does not fail the hits it reports on.
      await proxy.cut();
      events.push = () => { throw new Error("log failed"); };
      expect((await limiter.hit(key, 100, 60_000)).reason).toBe("fallback");
    } finally {
      await limiter.close();
      await proxy.close();
    }
  });

  /** Hits until Redis answers again (ioredis reconnects in the background); that first shared answer. */
  async function hitOnceRedisIsBack(limiter: Awaited<ReturnType<typeof createRedisLimiter>>, key: string) {
    let back = await limiter.hit(key, 2, 60_000);
    for (let i = 0; i < 100 && back.reason === "fallback"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      back = await limiter.hit(key, 2, 60_000);
    }
    return back;
  }

  it("answers from the local window with reason 'fallback' while Redis is away, then shares again", async () => {
    const { proxy, limiter } = await limiterBehindProxy();
    try {
      const key = newId("org");
      expect(await limiter.hit(key, 2, 60_000)).toMatchObject({ allowed: true, remaining: 1 });
      expect((await limiter.hit(key, 2, 60_000)).reason).toBeUndefined();

      await proxy.cut();
      const during = await Promise.all(Array.from({ length: 5 }, () => limiter.hit(key, 2, 60_000)));
      expect(during.every((r) => r.reason === "fallback")).toBe(true);
      // The local window enforces the same limit on its own, and already holds the two hits Redis
      // admitted: the process admits no more than 2 in the window, outage or not.
      expect(during.filter((r) => r.allowed)).toHaveLength(0);

      await proxy.restore();
      // The shared window (already full) answers again.
      const back = await hitOnceRedisIsBack(limiter, key);
      expect(back.reason).toBeUndefined();
      expect(back.allowed).toBe(false);
    } finally {
      await limiter.close();
      await proxy.close();
    }
  });

  it("still counts the hits admitted during an outage once Redis is back (Redis never saw them)", async () => {
    const { proxy, limiter } = await limiterBehindProxy();
    try {
      const key = newId("org");
      await proxy.cut();
      const during = await Promise.all(Array.from({ length: 3 }, () => limiter.hit(key, 2, 60_000)));
      expect(during.map((r) => [r.allowed, r.reason])).toEqual([[true, "fallback"], [true, "fallback"], [false, "fallback"]]);
      await proxy.restore();
      const back = await hitOnceRedisIsBack(limiter, key);
      expect(back.reason).toBeUndefined();
      expect(back.allowed).toBe(false); // 2 already admitted in this window by this process
    } finally {
      await limiter.close();
      await proxy.close();
    }
  });

  it("after an outage, a hit the local window refuses is taken back from the shared window, and Remaining is the smaller of the two", async () => {
    const { proxy, limiter } = await limiterBehindProxy();
    const direct = new Redis(REDIS_URL);
    try {
      const key = newId("org");
      expect(await limiter.hit(key, 4, 60_000)).toMatchObject({ allowed: true, remaining: 3 });
      await proxy.cut();
      const during = await Promise.all(Array.from({ length: 2 }, () => limiter.hit(key, 4, 60_000)));
      expect(during.map((r) => [r.allowed, r.reason])).toEqual([[true, "fallback"], [true, "fallback"]]);
      await proxy.restore();
      expect((await hitOnceRedisIsBack(limiter, newId("probe"))).reason).toBeUndefined(); // another key: this one's windows untouched
      // Redis has seen 1 of this key's hits, this process 3: the 4th is the last either allows.
      expect(await limiter.hit(key, 4, 60_000)).toMatchObject({ allowed: true, remaining: 0 });
      for (let i = 0; i < 3; i++) expect((await limiter.hit(key, 4, 60_000)).allowed).toBe(false);
      await limiter.hit(newId("flush"), 4, 60_000); // the take-backs are sent before this on the same connection
      expect(await direct.zcard(prefix + key)).toBe(2); // the two admitted through Redis, none of the refusals
    } finally {
      direct.disconnect();
      await limiter.close();
      await proxy.close();
    }
  });

  it("keeps POST /v1/activate answering during an outage, each process enforcing the plan limit", async () => {
    const { proxy, limiter } = await limiterBehindProxy();
    const store = createMemoryStore();
    try {
      const { key } = await createApiKey(store, { org: newId("org"), tier: "free", scopes: ["extract"] });
      const api = createApi({ store, limiter });
      const activate = () =>
        api.fetch(new Request("http://arcroute.test/v1/activate", { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body: '{"query":"the day my father died"}' }));
      await proxy.cut();
      const answers = await Promise.all(Array.from({ length: 12 }, activate));
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(10).fill(200), 429, 429]);
      expect(answers[0]!.headers.get("ratelimit-limit")).toBe("10");
    } finally {
      await limiter.close();
      await store.close();
      await proxy.close();
    }
  });

  it("refuses a database that is not a number with one message (ioredis would send SELECT NaN and crash the process)", async () => {
    for (const db of ["abc", "1x", "-1"]) {
      await expect(createRedisLimiter({ url: `${REDIS_URL.replace(/\/\d*$/, "")}/${db}`, prefix })).rejects.toThrow(`the Redis URL's database must be a number (redis://host:port/0), got '${db}'`);
    }
  });

  it("refuses a database number the server does not have instead of writing to database 0", async () => {
    await expect(createRedisLimiter({ url: `${REDIS_URL.replace(/\/\d*$/, "")}/99`, prefix })).rejects.toThrow(/cannot connect to Redis for the rate limiter: .*DB index/);
  });

  it("refuses to start when Redis cannot be reached at all, without echoing a password", async () => {
    const proxy = await startTcpProxy("127.0.0.1", 6379);
    await proxy.cut();
    await expect(createRedisLimiter({ url: `redis://:s3cret@127.0.0.1:${proxy.port}`, prefix })).rejects.toThrow(/cannot connect to Redis/);
    await expect(createRedisLimiter({ url: `redis://:s3cret@127.0.0.1:${proxy.port}`, prefix })).rejects.not.toThrow(/s3cret/);
  });
});
