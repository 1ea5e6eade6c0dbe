/**
 * The RateLimiter contract on Redis, shared by every process that points at the same server.
 *
 * Fault decision: when Redis cannot answer (down, unreachable, slower than `commandTimeoutMs`), a
 * request is not refused and not held: it is counted by a local in-process sliding window with the
 * same limit, and the result says `reason: "fallback"`. During an outage each process enforces the
 * plan limit on its own (so N processes admit at most N × limit per window); when Redis is back,
 * the shared window takes over again without a restart. The local window mirrors every hit this
 * process admits, through Redis or not, and a hit must pass both windows: an outage starts from the
 * process's real last minute (not an empty window), and the hits admitted during it still count
 * after it, though Redis never saw them. A Redis reply error (a bug, not an outage) is thrown, never hidden.
 */
import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { checkOptions } from "../../schema/options.js";
import { coalesce, type Call } from "../coalesce.js";
import { createLocalWindows } from "../memory/limiter.js";
import { checkingHits, refusingAfterClose } from "../rules.js";
import type { LimitResult, RateLimiter } from "../types.js";
import { SLIDING_WINDOW_SCRIPT } from "./sliding-window.js";

export interface RedisLimiterOptions {
  /** `redis://[user:password@]host:port[/db]`; the limiter owns this connection and closes it. */
  url?: string | undefined;
  /** Your ioredis client instead (left open on close). Use `enableOfflineQueue: false` and a
   * `commandTimeout` on it, or requests wait for Redis during an outage instead of falling back. */
  client?: Redis | undefined;
  /** Prefix of every Redis key the limiter writes; default `arcroute:ratelimit:`. */
  prefix?: string | undefined;
  /** A Redis call slower than this counts as an outage (fallback); default 2000 ms. */
  commandTimeoutMs?: number | undefined;
  /**
   * Told once when the limiter starts falling back (with the failure) and once when Redis answers
   * again, so an operator learns that limits are per process for a while; `serve` logs both.
   */
  onOutage?: ((state: "down" | "up", error?: unknown) => void) | undefined;
}

export const DEFAULT_PREFIX = "arcroute:ratelimit:";
const COMMAND = "arcrouteSlidingWindow";

type WindowReply = [admitted: number, counted: number, resetMs: number];
type ScriptClient = Redis & { [COMMAND](key: string, limit: number, windowMs: number, ...members: string[]): Promise<WindowReply> };

interface Hit {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Hits of concurrent requests are coalesced (`../coalesce.ts`): the hits on one window in a batch
 * are one script call, counted in order at one instant exactly as if each had run alone. At most
 * 256 per call (the script passes them to one ZADD); batches are not held back behind a running
 * one, so a Redis outage delays no request longer than its own command timeout.
 */
const LIMITS = { maxBatch: 256, maxInFlight: Number.POSITIVE_INFINITY };

export async function createRedisLimiter(options: RedisLimiterOptions): Promise<RateLimiter> {
  if (!options?.client === !options?.url) throw new Error("createRedisLimiter needs exactly one of url or client");
  checkOptions("createRedisLimiter", options, ["url", "client", "prefix", "commandTimeoutMs", "onOutage"]);
  const timeoutMs = options.commandTimeoutMs ?? 2_000;
  // 0 would time out every command ("cannot connect"), NaN or Infinity none (no fallback in an outage).
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000) throw new RangeError(`createRedisLimiter: commandTimeoutMs must be a whole number of milliseconds from 1 to 60000, got ${timeoutMs}`);
  if (options.onOutage !== undefined && typeof options.onOutage !== "function") throw new TypeError("createRedisLimiter: `onOutage` must be a function");
  const { ReplyError } = await import("ioredis");
  const redis = (options.client ?? (await connect(options.url!, timeoutMs))) as ScriptClient;
  redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: SLIDING_WINDOW_SCRIPT });

  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const fallback = createLocalWindows();
  // Members of a window's sorted set must be unique per request across all processes.
  const processTag = randomBytes(8).toString("hex");
  let sequence = 0;
  let down = false;
  const outage = (state: boolean, error?: unknown) => {
    if (down === state) return;
    down = state;
    try {
      options.onOutage?.(state ? "down" : "up", error);
    } catch {
      // A failing log callback must not turn a fallback into failed requests.
    }
  };

  /** One script call for the hits of one window. */
  async function hitWindow(calls: Call<Hit, LimitResult>[]): Promise<void> {
    const { key, limit, windowMs } = calls[0]!.input;
    const members = calls.map(() => `${processTag}:${sequence++}`);
    let reply: WindowReply;
    try {
      reply = await redis[COMMAND](prefix + key, limit, windowMs, ...members);
    } catch (error) {
      if (error instanceof ReplyError) throw error;
      outage(true, error);
      for (const call of calls) call.resolve({ ...fallback.hit(key, limit, windowMs), reason: "fallback" });
      return;
    }
    outage(false);
    const [admitted, counted, resetMs] = reply;
    const countedBefore = counted - admitted;
    calls.forEach((call, i) => {
      if (i >= admitted) return call.resolve({ allowed: false, limit, remaining: 0, resetMs });
      // Mirrored locally (see the fault decision above). The local window refuses only when this
      // process alone filled it, i.e. with hits admitted during an outage that Redis never counted.
      const local = fallback.hit(key, limit, windowMs);
      if (!local.allowed) {
        // Refused requests are not counted: take back the hit Redis admitted, or this process's
        // refusals would use up the organization's shared window on every other process.
        redis.zrem(prefix + key, members[i]!).catch(() => {});
        return call.resolve(local);
      }
      // Both windows decide the next hit, so what remains is the smaller of the two.
      call.resolve({ allowed: true, limit, remaining: Math.min(local.remaining, Math.max(0, limit - (countedBefore + i + 1))), resetMs });
    });
  }

  const hit = coalesce<Hit, LimitResult>(async (batch) => {
    const byWindow = new Map<string, Call<Hit, LimitResult>[]>();
    for (const call of batch) {
      const { key, limit, windowMs } = call.input;
      const window = `${windowMs}:${limit}:${key}`;
      const calls = byWindow.get(window);
      if (calls) calls.push(call);
      else byWindow.set(window, [call]);
    }
    // A reply error (a bug, not an outage) fails the hits of its window only.
    await Promise.all(
      [...byWindow.values()].map((calls) =>
        hitWindow(calls).catch((error: unknown) => {
          for (const call of calls) call.reject(error);
        }),
      ),
    );
  }, LIMITS);

  // After close the connection is gone: every hit would "fall back" and admit from a local window.
  return refusingAfterClose<RateLimiter>("Redis limiter", {
    hit: checkingHits((key, limit, windowMs) => hit({ key, limit, windowMs })),
    async close() {
      fallback.clear();
      if (!options.client) await redis.quit().catch(() => redis.disconnect());
    },
  });
}

async function connect(url: string, commandTimeout: number): Promise<Redis> {
  // ioredis reads "/abc" as database NaN, sends SELECT NaN and throws the refusal where nothing can
  // catch it (the process dies with a stack trace): a database is a number, said so up front.
  const database = databaseOf(url);
  if (database !== null && !/^\d+$/.test(database)) throw new Error(`the Redis URL's database must be a number (redis://host:port/0), got '${database}'`);
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    lazyConnect: true,
    // Fail fast while disconnected (the fallback answers) instead of queueing requests.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // A script whose reply was lost may have counted already: never send it twice.
    autoResendUnfulfilledCommands: false,
    commandTimeout,
    // No auto-pipelining: concurrent hits are already coalesced into one script call per window
    // (above), so a pipeline per event-loop turn would only add its own work.
    enableAutoPipelining: false,
  });
  // Connection errors surface as failed commands (→ fallback); without a listener ioredis prints them.
  redis.on("error", () => {});
  try {
    await redis.connect();
    // ioredis only logs a refused SELECT (a database number the server does not have) and then
    // writes to database 0; asking again makes the refusal an error here.
    if (redis.options.db) await redis.select(redis.options.db);
  } catch (error) {
    redis.disconnect();
    // The URL may carry a password: name only the cause.
    throw new Error(`cannot connect to Redis for the rate limiter: ${(error as Error).message}`);
  }
  return redis;
}

/** The path of a Redis URL without its slash ("0" of redis://h:6379/0), or null when it has none. */
function databaseOf(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null; // ioredis reports an unusable URL itself
  }
  const database = path.replace(/^\//, "");
  return database === "" ? null : database;
}
