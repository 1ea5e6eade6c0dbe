/** `arcroute bench http` end to end on a tiny budget: both servers answer 200, results are written. No speed assertion. */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, requireBuiltCli } from "../../test/ecosystem/support/built-cli.js";
import { runCli } from "../../test/ecosystem/support/cli.js";
import { dropSchema, uniqueSchema } from "../../test/stores/support/postgres.js";
import { hasPostgres, hasRedis, POSTGRES_URL, REDIS_URL } from "../../test/support/services.js";
import { createApi } from "../../src/http/index.js";
import { createApiKey } from "../../src/keys/index.js";
import { createMemoryLimiter, createMemoryStore } from "../../src/stores/memory/index.js";
import { listenBare } from "./bare-server.js";
import { quantile } from "./load.js";
import { bareAnswers, QUERIES } from "./run.js";

const services = (await hasPostgres()) && (await hasRedis());
const saved = process.env.ARCROUTE_BENCH_OUT;
afterEach(() => {
  if (saved === undefined) delete process.env.ARCROUTE_BENCH_OUT;
  else process.env.ARCROUTE_BENCH_OUT = saved;
});

describe("arcroute bench http", () => {
  it("measures the bare server and arcroute serve (memory) and writes JSON + SVG", async () => {
    const out = mkdtempSync(join(tmpdir(), "arcroute-bench-http-test-"));
    process.env.ARCROUTE_BENCH_OUT = out;
    const result = await runCli(["bench", "http", "--duration", "1", "--warmup", "0", "--rounds", "2", "--concurrency", "4", "--json"]);
    expect(result.stderr).not.toContain("non-200");
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as { results: { server: string; requests: number; statuses: Record<string, number>; errors: number; ratio_to_bare?: number; rps_per_round: number[] }[] };
    expect(JSON.parse(readFileSync(join(out, "http.json"), "utf8"))).toEqual(printed);
    expect(printed.results.map((r) => r.server)).toEqual(["node:http bare", "arcroute memory"]);
    for (const r of printed.results) {
      expect(r.requests).toBeGreaterThan(0);
      expect(r.statuses).toEqual({ "200": r.requests });
      expect(r.errors).toBe(0);
      expect(r.rps_per_round).toHaveLength(2);
    }
    expect(printed.results[1]!.ratio_to_bare).toBeGreaterThan(0);
    const svg = readFileSync(join(out, "http.svg"), "utf8");
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain("arcroute memory (");
  }, 120_000);

  it.runIf(services)("--config memory,shared adds the shared row with its ratio to memory (the memory row is never overridden)", async () => {
    const schema = uniqueSchema("httpops_bench");
    process.env.ARCROUTE_BENCH_OUT = mkdtempSync(join(tmpdir(), "arcroute-bench-http-shared-"));
    try {
      const result = await runCli([
        "bench", "http", "--config", "memory,shared", "--store", `${POSTGRES_URL}?schema=${schema}`, "--limiter", `${REDIS_URL}?prefix=arcroute:httpops-bench-test:`,
        "--duration", "1", "--warmup", "0", "--rounds", "1", "--concurrency", "4", "--json",
      ]);
      expect(result.code).toBe(0);
      const rows = (JSON.parse(result.stdout) as { results: { server: string; store?: string; statuses: Record<string, number>; ratio_to_memory?: number }[] }).results;
      expect(rows.map((r) => [r.server, r.store])).toEqual([["node:http bare", undefined], ["arcroute memory", "memory"], ["arcroute shared", POSTGRES_URL.replace(/\/\/[^@]*@/, "//")]]);
      expect(rows[2]!.ratio_to_memory).toBeGreaterThan(0);
      expect(rows[1]!.ratio_to_memory).toBeUndefined();
      for (const row of rows) expect(Object.keys(row.statuses)).toEqual(["200"]);
    } finally {
      await dropSchema(schema);
    }
  }, 120_000);

  it.each([
    [["--store", "pglite:/tmp/x"], "arcroute: --store/--limiter apply to configurations other than memory (e.g. --config memory,shared)"],
    [["--config", "redis-only"], "arcroute: unknown --config 'redis-only': use memory"],
    [["--concurrency", "0"], "arcroute: --concurrency must be an integer from 1 to 1024, got '0'"],
  ])("bad options %j: one line, exit 2", async (args, message) => {
    const result = await runCli(["bench", "http", ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr.startsWith(message)).toBe(true);
  });

  it.skipIf(!existsSync("/proc/self/stat")).each(["SIGTERM", "SIGINT"] as const)("%s to the bench process alone stops its child servers and exits, no stack trace", async (signal) => {
    requireBuiltCli();
    const out = mkdtempSync(join(tmpdir(), "arcroute-bench-http-test-"));
    const bench = spawn(process.execPath, [BIN, "bench", "http", "--duration", "30", "--warmup", "0", "--rounds", "1", "--concurrency", "2"], {
      env: { ...process.env, ARCROUTE_BENCH_OUT: out },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    bench.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => bench.once("exit", (code) => resolve(code)));
    // The bare server and arcroute serve, each in its own process (a signal to the parent alone, as kill or timeout send it).
    const childrenOf = (pid: number) =>
      readdirSync("/proc").filter((name) => /^\d+$/.test(name)).map(Number).filter((child) => {
        try {
          const stat = readFileSync(`/proc/${child}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
        } catch {
          return false; // gone meanwhile
        }
      });
    let children: number[] = [];
    for (let waited = 0; children.length < 2 && waited < 30_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      children = childrenOf(bench.pid!);
    }
    expect(children).toHaveLength(2);
    bench.kill(signal);
    expect(await exited).toBe(signal === "SIGINT" ? 130 : 143);
    // Running, not a zombie waiting to be reaped by its new parent.
    const running = (pid: number) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
      } catch {
        return false;
      }
    };
    let alive = children.filter(running);
    for (let waited = 0; alive.length > 0 && waited < 2_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      alive = alive.filter(running);
    }
    if (alive.length > 0) for (const pid of alive) process.kill(pid, "SIGKILL");
    expect(alive).toEqual([]);
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it("the baseline answers every benchmark query with a body of the same shape and size as arcroute's", async () => {
    const store = createMemoryStore();
    const { key } = await createApiKey(store, { org: "bench", tier: "enterprise", rpm: 1000, scopes: ["extract"] });
    const api = createApi({ store, limiter: createMemoryLimiter() });
    const { url, server } = await listenBare(await bareAnswers(QUERIES));
    try {
      for (const query of QUERIES) {
        const init = { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ query }) };
        const ours = await (await api.fetch(new Request("http://localhost/v1/activate", init))).text();
        const bare = await (await fetch(`${url}/activate`, init)).text();
        const withoutIds = (body: string) => body.replace(/"activation_id":"[^"]+"/, "").replace(/"activated_at":"[^"]+"/, "");
        expect(withoutIds(bare), query).toBe(withoutIds(ours));
        expect(bare.length, query).toBe(ours.length);
      }
    } finally {
      server.close();
    }
  });

  it("quantile is the nearest-rank quantile", () => {
    const sorted = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(sorted, 0.5)).toBe(50);
    expect(quantile(sorted, 0.99)).toBe(99);
    expect(quantile(sorted, 1)).toBe(100);
    expect(quantile(new Float64Array(0), 0.5)).toBeNaN();
  });
});
