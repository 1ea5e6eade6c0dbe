/**
 * The RateLimiter contract on Redis, shared by every process that points at the same server.
 *
 * Fault decision: when Redis cannot answer (down, unreachable, slower than `commandTimeoutMs`), a
 * request is not refused and not held: it is counted by a local in-process sliding window with the
 * same limit, and the result says `reason: "fallback"`. During an outage each process enforces the
 * plan limit on its own (so N processes admit at most N × limit per window); when Redis is back,
 * the shared window takes over again without a restart. A Redis reply error (a bug, not an outage)
 * is thrown, never hidden.
 */
import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { createMemoryLimiter } from "../memory/limiter.js";
import type { LimitResult, RateLimiter } from "../types.js";
import { SLIDING_WINDOW_SCRIPT } from "./sliding-window.js";

export interface RedisLimiterOptions {
  /** `redis://[user:password@]host:port[/db]`; the limiter owns this connection and closes it. */
  url?: string;
  /** Your ioredis client instead (left open on close). Use `enableOfflineQueue: false` and a
   * `commandTimeout` on it, or requests wait for Redis during an outage instead of falling back. */
  client?: Redis;
  /** Prefix of every Redis key the limiter writes; default `arcroute:ratelimit:`. */
  prefix?: string;
  /** A Redis call slower than this counts as an outage (fallback); default 2000 ms. */
  commandTimeoutMs?: number;
}

export const DEFAULT_PREFIX = "arcroute:ratelimit:";
const COMMAND = "arcrouteSlidingWindow";

type WindowReply = [allowed: number, counted: number, resetMs: number];
type ScriptClient = Redis & { [COMMAND](key: string, limit: number, windowMs: number, member: string): Promise<WindowReply> };

export async function createRedisLimiter(options: RedisLimiterOptions): Promise<RateLimiter> {
  if (!options.client === !options.url) throw new Error("createRedisLimiter needs exactly one of url or client");
  const { ReplyError } = await import("ioredis");
  const redis = (options.client ?? (await connect(options.url!, options.commandTimeoutMs ?? 2_000))) as ScriptClient;
  redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: SLIDING_WINDOW_SCRIPT });

  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const fallback = createMemoryLimiter();
  // Members of a window's sorted set must be unique per request across all processes.
  const processTag = randomBytes(8).toString("hex");
  let sequence = 0;

  return {
    async hit(key, limit, windowMs): Promise<LimitResult> {
      const windowWholeMs = Math.max(1, Math.ceil(windowMs));
      try {
        const [allowed, counted, resetMs] = await redis[COMMAND](prefix + key, limit, windowWholeMs, `${processTag}:${sequence++}`);
        return { allowed: allowed === 1, limit, remaining: Math.max(0, limit - counted), resetMs };
      } catch (error) {
        if (error instanceof ReplyError) throw error;
        return { ...(await fallback.hit(key, limit, windowMs)), reason: "fallback" };
      }
    },
    async close() {
      await fallback.close();
      if (!options.client) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

async function connect(url: string, commandTimeout: number): Promise<Redis> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    lazyConnect: true,
    // Fail fast while disconnected (the fallback answers) instead of queueing requests.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // A script whose reply was lost may have counted already: never send it twice.
    autoResendUnfulfilledCommands: false,
    commandTimeout,
    // Hits issued in the same event-loop turn (concurrent requests) share one write to Redis;
    // each script still runs atomically on its own.
    enableAutoPipelining: true,
  });
  // Connection errors surface as failed commands (→ fallback); without a listener ioredis prints them.
  redis.on("error", () => {});
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    // The URL may carry a password: name only the cause.
    throw new Error(`cannot connect to Redis for the rate limiter: ${(error as Error).message}`);
  }
  return redis;
}
