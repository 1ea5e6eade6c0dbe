/**
 * `arcroute bench http`: requests/second and latency of `POST <base>/activate` on `arcroute serve`
 * against a bare node:http JSON server, measured in the same run by the same load generator.
 *
 * - Every server runs in its own child process; the load generator (this process) never shares
 *   their event loop. Servers are measured in many short interleaved rounds (bare, config A, ...,
 *   then config A, ..., bare: each round starts with the next server) so the load of a shared
 *   machine, which changes within seconds, hits all of them alike; the throughput ratio is the
 *   median of the per-round ratios. Server CPU time per request (from /proc) is reported too:
 *   it does not depend on how much of the machine was free.
 * - arcroute runs as users run it (`arcroute serve --keys ...`) with one live key of an enterprise
 *   organization whose limit (1e9/min) never interferes; significance queries are billed, so the
 *   event + charge write is on the measured path. Requests alternate significance and factual queries.
 * - The baseline answers each query with the body arcroute answers for it (classified here, once,
 *   before the run), so both send the same shape and size: the ratio measures arcroute's own work.
 * - Results: benchmarks/results/http.json and http.svg (or $ARCROUTE_BENCH_OUT).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import cliProgress from "cli-progress";
import type { Command } from "../../src/cli/command.js";
import { CliError } from "../../src/cli/errors.js";
import { writeLine } from "../../src/cli/io.js";
import { generateApiKey } from "../../src/keys/index.js";
import { describeSpec, integerOption, parseCommandArgs } from "../../src/serve/cli-options.js";
import { measureChartSvg } from "../charts/measures.js";
import { resultsPath } from "../paths.js";
import { CONFIGS, type HttpBenchConfig } from "./configs.js";
import { quantile, runLoad, type LoadResult, type LoadTarget } from "./load.js";
import { startChildServer, type ChildServer } from "./servers.js";
import type { BareAnswers, FixedAnswer } from "./bare-server.js";
import { lexicalClassifier } from "../../src/classify/index.js";
import { classifyWithModel } from "../../src/classify/llm/classify-with-model.js";

export const QUERIES = ["times dad was proud of me", "what time is the dentist on friday", "the moment I knew I had to leave", "weather in paris tomorrow"];
const BASELINE = "node:http bare";
const TARGET_RATIO = 0.6;
/** Issue 5: the shared (PostgreSQL + Redis) configuration keeps at least 40 % of the memory configuration's throughput. */
const SHARED_TARGET_RATIO = 0.4;

interface Settings {
  configs: HttpBenchConfig[];
  concurrency: number;
  durationMs: number;
  warmupMs: number;
  rounds: number;
  json: boolean;
}

export interface ServerFigures {
  server: string;
  /** Store/limiter specs without credentials (arcroute configurations only). */
  store?: string;
  limiter?: string;
  requests: number;
  /** Median over rounds. */
  rps: number;
  rps_per_round: number[];
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  statuses: Record<string, number>;
  errors: number;
  /**
   * CPU time the server process spent per request during the measured rounds (user + system, from
   * /proc; null elsewhere). Unlike requests/s it does not depend on how much CPU the machine had free.
   */
  cpu_us_per_request: number | null;
  /** arcroute configurations: median over rounds of (this rps / bare rps of the same round). */
  ratio_to_bare?: number;
  /**
   * arcroute configurations: bare CPU per request / this CPU per request. Unlike the throughput
   * ratio it does not move with how busy the machine is; null without /proc.
   */
  cpu_ratio_to_bare?: number | null;
  /** Other configurations, when memory ran too: median over rounds of (this rps / memory rps of the same round). */
  ratio_to_memory?: number;
}

const usage = `Usage: arcroute bench http [--config ${Object.keys(CONFIGS).join("|")}[,...]] [--store S] [--limiter L]
                          [--concurrency 32] [--duration 2] [--rounds 8] [--warmup 2] [--json]

Requests/second and p50/p99 latency of POST <base>/activate on 'arcroute serve' against a bare
node:http JSON server (parses the body, answers a JSON envelope), same run, same load generator
(keep-alive, fixed concurrency), each server in its own child process, interleaved rounds.
Configurations: ${Object.values(CONFIGS).map((c) => `${c.name} (${c.description})`).join("; ")}.
--store/--limiter override the store and limiter specs of the selected configurations other than memory.
--duration/--warmup are seconds per server per round. Targets: memory >= ${TARGET_RATIO} of bare; shared >= ${SHARED_TARGET_RATIO} of memory.
Writes benchmarks/results/http.json and http.svg; --json prints the result object as one line.`;

function parseSettings(args: string[]): Settings {
  const { values } = parseCommandArgs(args, {
    config: { type: "string", default: "memory" },
    store: { type: "string" },
    limiter: { type: "string" },
    concurrency: { type: "string", default: "32" },
    duration: { type: "string", default: "2" },
    warmup: { type: "string", default: "2" },
    rounds: { type: "string", default: "8" },
    json: { type: "boolean" },
  });
  const configs = values.config.split(",").map((name) => {
    const config = CONFIGS[name.trim()];
    if (!config) throw new CliError(`unknown --config '${name}': use ${Object.keys(CONFIGS).join(", ")}`);
    // The memory configuration is the in-process reference; overrides are for the others.
    if (config.name === "memory") return config;
    return { ...config, ...(values.store !== undefined ? { store: values.store } : {}), ...(values.limiter !== undefined ? { limiter: values.limiter } : {}) };
  });
  if ((values.store !== undefined || values.limiter !== undefined) && configs.every((c) => c.name === "memory")) {
    throw new CliError("--store/--limiter apply to configurations other than memory (e.g. --config memory,shared)");
  }
  return {
    configs,
    concurrency: integerOption("concurrency", values.concurrency, 1, 1024),
    durationMs: integerOption("duration", values.duration, 1, 600) * 1000,
    warmupMs: integerOption("warmup", values.warmup, 0, 600) * 1000,
    rounds: integerOption("rounds", values.rounds, 1, 50),
    json: values.json ?? false,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

interface Round extends LoadResult {
  cpuSeconds: number | null;
}

const throughput = (run: LoadResult) => run.requests / run.elapsedMs;

/** Median over rounds of the throughput ratio of two servers measured in the same rounds. */
const roundRatio = (runs: LoadResult[], reference: LoadResult[]) => round(median(runs.map((run, r) => throughput(run) / throughput(reference[r]!))), 3);

function figures(server: string, runs: Round[]): ServerFigures {
  const all = new Float64Array(runs.reduce((n, run) => n + run.latenciesMs.length, 0));
  let offset = 0;
  for (const run of runs) {
    all.set(run.latenciesMs, offset);
    offset += run.latenciesMs.length;
  }
  all.sort();
  const statuses: Record<string, number> = {};
  for (const run of runs) for (const [status, n] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
  const perRound = runs.map((run) => (run.requests * 1000) / run.elapsedMs);
  return {
    server,
    requests: all.length,
    rps: round(median(perRound), 1),
    rps_per_round: perRound.map((rps) => round(rps, 1)),
    p50_ms: round(quantile(all, 0.5), 3),
    p99_ms: round(quantile(all, 0.99), 3),
    mean_ms: round(all.reduce((sum, v) => sum + v, 0) / Math.max(1, all.length), 3),
    statuses,
    errors: runs.reduce((n, run) => n + run.errors, 0),
    cpu_us_per_request: runs.every((run) => run.cpuSeconds !== null) ? round((runs.reduce((t, run) => t + run.cpuSeconds!, 0) * 1e6) / Math.max(1, all.length), 1) : null,
  };
}

async function measure(settings: Settings, io: { stderr: NodeJS.WritableStream }) {
  const dir = mkdtempSync(join(tmpdir(), "arcroute-bench-http-"));
  const key = generateApiKey("live");
  const keysFile = join(dir, "keys.json");
  writeFileSync(keysFile, JSON.stringify([{ key, org: "bench-http", tier: "enterprise", rpm: 1_000_000_000, scopes: ["extract"] }]));
  const names = [BASELINE, ...settings.configs.map((c) => `arcroute ${c.name}`)];
  const servers: ChildServer[] = [];
  // Started or starting: a signal during a start must stop that server too, once it is up.
  const starting = new Set<Promise<ChildServer>>();
  let stopping = false;
  const start = async (args: string[]) => {
    // Once interrupted nothing new starts; the signal handler exits the process.
    if (stopping) await new Promise<never>(() => {});
    const server = startChildServer(args);
    starting.add(server);
    try {
      servers.push(await server);
    } finally {
      starting.delete(server);
    }
  };
  const bar = new cliProgress.SingleBar(
    { stream: io.stderr, format: "bench http |{bar}| {percentage}% {phase}", hideCursor: false, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  // SIGINT/SIGTERM to this process alone (kill, timeout, a CI job cancelled; Ctrl-C reaches the
  // children too) would end it and leave the child servers listening and the keys file with its live
  // key in the temporary folder: stop them and remove it, then exit as the signal would have.
  const interrupted = (signal: NodeJS.Signals) => {
    stopping = true;
    bar.stop();
    io.stderr.write(`arcroute bench http: ${signal}, stopping the benchmark servers\n`);
    const started = [...starting].map((server) => server.then((s) => s.stop()));
    void Promise.allSettled([...servers.map((server) => server.stop()), ...started]).then(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(signal === "SIGINT" ? 130 : 143);
    });
  };
  process.once("SIGINT", interrupted).once("SIGTERM", interrupted);
  try {
    await start(["bare", JSON.stringify(await bareAnswers(QUERIES))]);
    for (const config of settings.configs) {
      await start(["serve", "--port", "0", "--keys", keysFile, "--store", config.store, "--limiter", config.limiter]);
    }
    const targets: LoadTarget[] = servers.map((server) => ({
      url: `${server.url}/activate`,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      bodies: QUERIES.map((query) => JSON.stringify({ query })),
    }));
    const totalMs = servers.length * (settings.warmupMs + settings.rounds * settings.durationMs);
    let doneMs = 0;
    bar.start(Math.ceil(totalMs / 100), 0, { phase: "warm-up" });
    const phase = async (index: number, ms: number, label: string): Promise<Round> => {
      bar.update(Math.floor(doneMs / 100), { phase: `${label}: ${names[index]}` });
      const cpuBefore = servers[index]!.cpuSeconds();
      const result = await runLoad(targets[index]!, settings.concurrency, ms, (elapsed) => bar.update(Math.floor((doneMs + Math.min(elapsed, ms)) / 100)));
      const cpuAfter = servers[index]!.cpuSeconds();
      doneMs += ms;
      return { ...result, cpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
    };
    for (let i = 0; i < servers.length; i++) if (settings.warmupMs > 0) await phase(i, settings.warmupMs, "warm-up");
    const runs: Round[][] = servers.map(() => []);
    for (let r = 0; r < settings.rounds; r++) {
      // Each round starts with the next server: what one server leaves behind (PostgreSQL flushing
      // after the shared configuration, a collection in the load generator) does not always fall on
      // the same neighbour.
      for (let k = 0; k < servers.length; k++) {
        const i = (r + k) % servers.length;
        runs[i]!.push(await phase(i, settings.durationMs, `round ${r + 1}/${settings.rounds}`));
      }
    }
    bar.update(Math.ceil(totalMs / 100), { phase: "done" });
    const bare = figures(names[0]!, runs[0]!);
    return names.map((name, i) => {
      const result = i === 0 ? bare : figures(name, runs[i]!);
      const config = settings.configs[i - 1];
      if (!config) return result;
      const memory = settings.configs.findIndex((c) => c.name === "memory") + 1;
      return {
        ...result,
        store: describeSpec(config.store),
        limiter: describeSpec(config.limiter),
        ratio_to_bare: roundRatio(runs[i]!, runs[0]!),
        cpu_ratio_to_bare: result.cpu_us_per_request && bare.cpu_us_per_request ? round(bare.cpu_us_per_request / result.cpu_us_per_request, 3) : null,
        ...(memory > 0 && memory !== i ? { ratio_to_memory: roundRatio(runs[i]!, runs[memory]!) } : {}),
      };
    });
  } finally {
    process.off("SIGINT", interrupted).off("SIGTERM", interrupted);
    bar.stop();
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What arcroute answers for each query (its default classifier, as `arcroute serve` runs it), for the baseline to answer alike. */
export async function bareAnswers(queries: readonly string[]): Promise<BareAnswers> {
  const byQuery: Record<string, FixedAnswer> = {};
  let classifierModel = lexicalClassifier.model;
  for (const query of queries) {
    const { result, model } = await classifyWithModel(lexicalClassifier, query.trim());
    const { arc_types, primary_domain, field_filters, confidence, significance_gate } = result;
    byQuery[query] = { arc_types, primary_domain, field_filters, confidence, significance_gate };
    classifierModel = model;
  }
  return { byQuery, fallback: byQuery[queries[0]!]!, classifierModel };
}

function chart(results: ServerFigures[]): string {
  const series = results.map((r) => (r.ratio_to_bare === undefined ? r.server : `${r.server} (${r.ratio_to_bare.toFixed(2)}×)`));
  const groups = [
    { label: "requests/s (median round)", values: results.map((r) => r.rps), format: (v: number) => v.toFixed(0) },
    { label: "p50 latency", values: results.map((r) => r.p50_ms), format: (v: number) => `${v.toFixed(2)} ms` },
    { label: "p99 latency", values: results.map((r) => r.p99_ms), format: (v: number) => `${v.toFixed(2)} ms` },
  ];
  if (results.every((r) => r.cpu_us_per_request !== null)) {
    groups.push({ label: "server CPU per request", values: results.map((r) => r.cpu_us_per_request!), format: (v: number) => `${v.toFixed(0)} µs` });
  }
  return measureChartSvg("POST /v1/activate vs a bare node:http JSON server", series, groups);
}

export const benchmark: Command = {
  summary: "HTTP throughput and latency of POST /v1/activate vs a bare node:http server",
  usage,
  async run(args, io) {
    const settings = parseSettings(args);
    const loadAtStart = loadavg()[0]!;
    const results = await measure(settings, io);
    const failed = results.filter((r) => r.errors > 0 || Object.keys(r.statuses).some((s) => s !== "200"));
    const report = {
      benchmark: "http",
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu_model: cpus()[0]?.model ?? "unknown", node: process.version, loadavg_1m_at_start: round(loadAtStart, 2), loadavg_1m_at_end: round(loadavg()[0]!, 2) },
      settings: { concurrency: settings.concurrency, duration_s: settings.durationMs / 1000, warmup_s: settings.warmupMs / 1000, rounds: settings.rounds, queries: QUERIES },
      target_ratio: TARGET_RATIO,
      target_ratio_to_memory: SHARED_TARGET_RATIO,
      results,
    };
    const jsonPath = resultsPath("http.json");
    mkdirSync(dirname(jsonPath), { recursive: true });
    writeFileSync(jsonPath, JSON.stringify(report, null, 2) + "\n");
    writeFileSync(resultsPath("http.svg"), chart(results));
    if (settings.json) await writeLine(io.stdout, JSON.stringify(report));
    else {
      for (const r of results) {
        const ratio =
          (r.ratio_to_bare === undefined ? "" : `  ratio ${r.ratio_to_bare.toFixed(3)}${r.store === "memory" ? ` (target >= ${TARGET_RATIO})` : ""}`) +
          (r.cpu_ratio_to_bare == null ? "" : `  cpu ratio ${r.cpu_ratio_to_bare.toFixed(3)}`) +
          (r.ratio_to_memory === undefined ? "" : `  vs memory ${r.ratio_to_memory.toFixed(3)} (target >= ${SHARED_TARGET_RATIO})`);
        const cpu = r.cpu_us_per_request === null ? "" : `  cpu ${r.cpu_us_per_request.toFixed(0)} µs/req`;
        await writeLine(io.stdout, `${r.server.padEnd(18)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50_ms.toFixed(2)} ms  p99 ${r.p99_ms.toFixed(2)} ms${cpu}${ratio}`);
      }
      await writeLine(io.stdout, `wrote ${jsonPath} and http.svg`);
    }
    if (failed.length > 0) {
      await writeLine(io.stderr, `arcroute bench http: non-200 responses or transport errors from ${failed.map((r) => r.server).join(", ")} (see statuses in ${jsonPath})`);
      return 1;
    }
    return 0;
  },
};
