/**
 * The load generator: a fixed number of workers, each sending one request after the other over
 * a shared keep-alive agent (one socket per worker), until a deadline. Every response is read
 * to its end before its latency is taken. The same generator drives every server in a run.
 */
import http from "node:http";

export interface LoadTarget {
  url: string;
  headers: Record<string, string>;
  /** Request bodies, used in turn. */
  bodies: string[];
}

export interface LoadResult {
  requests: number;
  /** Responses by status, e.g. {"200": 12345}. */
  statuses: Record<string, number>;
  /** Transport failures (connection reset, timeouts). */
  errors: number;
  elapsedMs: number;
  /** Latency of every completed request, milliseconds, unsorted. */
  latenciesMs: Float64Array;
}

const REQUEST_TIMEOUT_MS = 10_000;

function send(agent: http.Agent, url: URL, headers: Record<string, string>, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", agent, headers: { ...headers, "content-length": String(body.byteLength) } }, (response) => {
      response.on("data", () => {});
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
    // A server that stops answering ends the run as errors instead of hanging it.
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error("request timed out")));
    request.end(body);
  });
}

/** Runs `concurrency` workers for `durationMs`; `onTick` gets the elapsed milliseconds about every 200 ms. */
export async function runLoad(target: LoadTarget, concurrency: number, durationMs: number, onTick?: (elapsedMs: number) => void): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
  const url = new URL(target.url);
  const bodies = target.bodies.map((body) => Buffer.from(body));
  const statuses: Record<string, number> = {};
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const ticker = onTick ? setInterval(() => onTick(performance.now() - started), 200) : undefined;

  const record = (ms: number) => {
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = ms;
  };

  async function worker(): Promise<void> {
    while (performance.now() < deadline) {
      const body = bodies[next++ % bodies.length]!;
      const sent = performance.now();
      try {
        const status = await send(agent, url, target.headers, body);
        record(performance.now() - sent);
        statuses[status] = (statuses[status] ?? 0) + 1;
      } catch {
        errors++;
      }
    }
  }

  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    if (ticker) clearInterval(ticker);
    agent.destroy();
  }
  return { requests: count, statuses, errors, elapsedMs: performance.now() - started, latenciesMs: latencies.subarray(0, count) };
}

/** The q-quantile (0..1) of latencies, nearest rank. */
export function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
