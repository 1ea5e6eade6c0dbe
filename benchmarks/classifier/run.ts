/**
 * `arcroute bench classifier`: accuracy, calibration and speed of a classifier on a labeled
 * query split (held-out by default; the train split is for tuning and fitting only).
 * Writes benchmarks/results/classifier-<classifier>-<split>.json plus two SVG charts: the arc
 * confusion matrix and the reliability diagram. Metric definitions: ./metrics.ts and the README.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Classifier } from "../../src/classify/types.js";
import type { Command } from "../../src/cli/command.js";
import { parseCommandArgs } from "../../src/cli/args.js";
import { CliError } from "../../src/cli/errors.js";
import { integerOption } from "../../src/serve/cli-options.js";
import { writeLine, type CliIO } from "../../src/cli/io.js";
import { heatmapSvg } from "../charts/heatmap.js";
import { reliabilitySvg } from "../charts/reliability.js";
import { resultsPath } from "../paths.js";
import { loadQueries, parseQueries, SPLITS, type LabeledQuery, type Split } from "../queries/load.js";
import { CLASSIFIER_NAMES, loadClassifier, type ClassifierName } from "./classifiers.js";
import { measureLatency, score, type Latency } from "./evaluate.js";
import { computeMetrics, type ClassifierMetrics } from "./metrics.js";
import { progressBar } from "./progress.js";
import { measureThroughput, type Throughput } from "./throughput.js";

/** The issue's acceptance targets (held-out split). */
export const TARGETS = {
  gate_f1: { min: 0.95 },
  tricky_negative_fpr: { max: 0.05 },
  arc_top1: { min: 0.85 },
  tether_accuracy: { min: 0.8 },
  ece: { max: 0.05 },
  median_us: { max: 50 },
  p99_us: { max: 200 },
  jsonl_queries_per_second: { min: 5000 },
} as const;
type TargetName = keyof typeof TARGETS;

export interface TargetCheck { value: number; target: string; met: boolean }

export interface ClassifierReport {
  benchmark: "classifier";
  classifier: string;
  split: string;
  queries: number;
  metrics: ClassifierMetrics;
  latency: Latency;
  throughput: Throughput | null;
  targets: Partial<Record<TargetName, TargetCheck>>;
  files: { json: string; confusion_svg: string; reliability_svg: string };
}

export interface RunOptions {
  classifier: Classifier;
  /** Used in the output file names, e.g. "lexical". */
  classifierName: string;
  queries: LabeledQuery[];
  /** Used in the output file names and the report, e.g. "heldout". */
  split: string;
  repetitions: number;
  /** Lines for the `activate --jsonl` throughput run; 0 skips it. */
  throughputLines: number;
  stderr: NodeJS.WritableStream;
}

function checkTargets(m: ClassifierMetrics, latency: Latency, throughput: Throughput | null): Partial<Record<TargetName, TargetCheck>> {
  const values: Partial<Record<TargetName, number>> = {
    gate_f1: m.gate.f1,
    tricky_negative_fpr: m.tricky_negative_fpr.value,
    arc_top1: m.arc_top1.value,
    tether_accuracy: m.tether_accuracy.value,
    ece: m.ece,
    median_us: latency.median_us,
    p99_us: latency.p99_us,
  };
  if (throughput) values.jsonl_queries_per_second = throughput.queries_per_second;
  const out: Partial<Record<TargetName, TargetCheck>> = {};
  for (const [name, value] of Object.entries(values) as [TargetName, number][]) {
    const t = TARGETS[name] as { min?: number; max?: number };
    const met = t.min !== undefined ? value >= t.min : value <= t.max!;
    out[name] = { value, target: t.min !== undefined ? `>= ${t.min}` : `<= ${t.max}`, met };
  }
  return out;
}

/** Score, time, chart and write; returns the report (also written as JSON). */
export async function runClassifierBenchmark(options: RunOptions): Promise<ClassifierReport> {
  const { classifier, queries } = options;
  if (queries.length === 0) throw new CliError("no queries to benchmark");
  const scoring = progressBar(options.stderr, "classify", queries.length);
  const scored = await score(classifier, queries, scoring);
  scoring.stop();
  const timing = progressBar(options.stderr, "latency", options.repetitions);
  const latency = await measureLatency(classifier, queries.map((q) => q.query), options.repetitions, timing);
  timing.stop();
  const throughput = options.throughputLines > 0 ? await measureThroughput(queries.map((q) => q.query), options.throughputLines) : null;
  const metrics = computeMetrics(scored);

  const base = `classifier-${options.classifierName}-${options.split}`;
  const files = { json: resultsPath(`${base}.json`), confusion_svg: resultsPath(`${base}-confusion.svg`), reliability_svg: resultsPath(`${base}-reliability.svg`) };
  const report: ClassifierReport = {
    benchmark: "classifier",
    classifier: classifier.model,
    split: options.split,
    queries: queries.length,
    metrics,
    latency,
    throughput,
    targets: checkTargets(metrics, latency, throughput),
    files,
  };
  mkdirSync(dirname(files.json), { recursive: true });
  writeFileSync(files.json, JSON.stringify(report, null, 2) + "\n");
  const title = `${classifier.model} on ${options.split} (${metrics.arc_top1.total} gate-true queries)`;
  writeFileSync(files.confusion_svg, heatmapSvg(`Arc type confusion: ${title}`, metrics.confusion.rows, metrics.confusion.columns, metrics.confusion.counts, { rowAxis: "labelled arc", columnAxis: "predicted top arc (none = gate closed / no arc)" }));
  writeFileSync(files.reliability_svg, reliabilitySvg(`Reliability: ${classifier.model} on ${options.split}`, metrics.reliability, metrics.ece));
  return report;
}

const f3 = (x: number) => x.toFixed(3);
const ratio = (r: { correct: number; total: number; value: number }) => `${f3(r.value)} (${r.correct}/${r.total})`;

export function summaryLines(r: ClassifierReport): string[] {
  const m = r.metrics;
  const lines = [
    `${r.classifier} on ${r.split}: ${r.queries} queries`,
    `gate        precision ${f3(m.gate.precision)}  recall ${f3(m.gate.recall)}  F1 ${f3(m.gate.f1)}  (tp ${m.gate.tp} fp ${m.gate.fp} fn ${m.gate.fn} tn ${m.gate.tn})`,
    `tricky-negative false-positive rate ${ratio(m.tricky_negative_fpr)}`,
    `arc         top-1 ${ratio(m.arc_top1)}  hit@3 ${ratio(m.arc_hit_at_3)}  macro-F1 ${f3(m.arc_macro_f1)}`,
    `tether accuracy ${ratio(m.tether_accuracy)}   valence accuracy ${ratio(m.valence_accuracy)}`,
    `calibration ECE ${f3(m.ece)}  (accuracy ${ratio(m.accuracy)})`,
    `gate accuracy by group: ${Object.entries(m.gate_accuracy_by_group).map(([g, v]) => `${g} ${f3(v!.value)}`).join(", ")}`,
    `latency     median ${r.latency.median_us} µs  p99 ${r.latency.p99_us} µs  (${r.latency.samples} timed calls)`,
  ];
  if (r.throughput) lines.push(`activate --jsonl ${r.throughput.queries_per_second} queries/s (${r.throughput.lines} lines in ${r.throughput.seconds} s, including process start)`);
  const missed = Object.entries(r.targets).filter(([, t]) => !t!.met).map(([name, t]) => `${name} ${Number(t!.value.toFixed(4))} (target ${t!.target})`);
  lines.push(missed.length === 0 ? "targets: all met" : `targets missed: ${missed.join("; ")}`);
  lines.push(`wrote ${r.files.json}, ${r.files.confusion_svg}, ${r.files.reliability_svg}`);
  return lines;
}

const usage = `Usage: arcroute bench classifier [options]
  --split heldout|heldout2|heldout3|heldout4|heldout5|train   labeled split to score (default heldout; train is for
                               tuning only); a comma-separated list scores the union, e.g. heldout,heldout2
  --queries <file.jsonl>       score your own labeled file instead of a split
  --classifier lexical|embedding|ensemble   (default lexical)
  --repetitions N              timed passes over the queries for latency (default 50)
  --throughput                 also measure \`activate --jsonl\` queries/s on the built CLI
  --lines N                    lines for --throughput (default 50000, at least 20000 recommended)
  --check                      exit 1 when an acceptance target is missed
  --json                       print the report as JSON on stdout
Writes benchmarks/results/classifier-<classifier>-<split>.json, -confusion.svg, -reliability.svg.`;

function readQueryFile(path: string): LabeledQuery[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new CliError(`cannot read ${path}`);
  }
  try {
    return parseQueries(text, path);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
}

export const benchmark: Command = {
  summary: "classifier accuracy, calibration and latency on the held-out query split",
  usage,
  async run(args: string[], io: CliIO) {
    const { values } = parseCommandArgs(args, {
          split: { type: "string", default: "heldout" },
          queries: { type: "string" },
          classifier: { type: "string", default: "lexical" },
          repetitions: { type: "string", default: "50" },
          throughput: { type: "boolean", default: false },
          lines: { type: "string", default: "50000" },
          check: { type: "boolean", default: false },
          json: { type: "boolean", default: false },
        });
    const splits = values.split.split(",");
    const known = splits.every((s) => (SPLITS as readonly string[]).includes(s)) && new Set(splits).size === splits.length;
    if (!known) throw new CliError(`--split must be one of ${SPLITS.join(", ")} or a comma-separated union of distinct ones, got '${values.split}'`);
    if (!(CLASSIFIER_NAMES as readonly string[]).includes(values.classifier)) throw new CliError(`--classifier must be one of ${CLASSIFIER_NAMES.join(", ")}, got '${values.classifier}'`);
    const repetitions = integerOption("repetitions", values.repetitions, 1, 1_000_000);
    const lines = values.throughput ? integerOption("lines", values.lines, 1, 100_000_000) : 0;
    let queries: LabeledQuery[];
    let split: string;
    if (values.queries !== undefined) {
      queries = readQueryFile(values.queries);
      split = "custom";
    } else {
      try {
        queries = splits.flatMap((s) => loadQueries(s as Split));
      } catch (error) {
        throw new CliError((error as Error).message, 1);
      }
      split = splits.join("+");
    }
    const name = values.classifier as ClassifierName;
    const classifier = await loadClassifier(name);
    const report = await runClassifierBenchmark({ classifier, classifierName: name, queries, split, repetitions, throughputLines: lines, stderr: io.stderr });
    if (values.json) await writeLine(io.stdout, JSON.stringify(report));
    else for (const line of summaryLines(report)) await writeLine(io.stdout, line);
    return values.check && Object.values(report.targets).some((t) => !t!.met) ? 1 : 0;
  },
};
