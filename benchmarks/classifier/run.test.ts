import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Classification, Classifier } from "../../src/classify/types.js";
import { main } from "../../src/cli/main.js";
import type { LabeledQuery } from "../queries/load.js";
import { runClassifierBenchmark, type ClassifierReport } from "./run.js";

const out = mkdtempSync(join(tmpdir(), "arcroute-bench-classifier-"));
const previous = process.env.ARCROUTE_BENCH_OUT;
beforeAll(() => { process.env.ARCROUTE_BENCH_OUT = out; });
afterAll(() => { if (previous === undefined) delete process.env.ARCROUTE_BENCH_OUT; else process.env.ARCROUTE_BENCH_OUT = previous; });

const q = (id: string, group: LabeledQuery["group"], query: string, gate: boolean, arc?: LabeledQuery["arc_types"][number]): LabeledQuery => ({
  id, split: "train", group, query, gate, arc_types: arc ? [arc] : [], tether_type: arc ? "person" : null, valence: arc ? "negative" : null, intensity: arc ? "high" : null,
});
const fixture: LabeledQuery[] = [
  q("f1", "significance", "when nan died", true, "grief"),
  q("f2", "significance", "when he lied to me", true, "betrayal"),
  q("f3", "significance", "the day i left", true, "liberation"),
  q("f4", "tricky_negative", "songs about grief", false),
  q("f5", "task", "set a timer", false),
];

/** A stub with fixed answers, so every figure can be computed by hand. */
const answers: Record<string, Partial<Classification>> = {
  "when nan died": { significance_gate: true, arc_types: ["grief"], confidence: 0.95, field_filters: [{ field: "tether_type", operator: "eq", value: "person", weight: 0.8 }, { field: "valence", operator: "eq", value: "negative", weight: 0.8 }] },
  "when he lied to me": { significance_gate: true, arc_types: ["grief", "betrayal"], confidence: 0.65, field_filters: [{ field: "tether_type", operator: "eq", value: "self", weight: 0.8 }, { field: "valence", operator: "eq", value: "negative", weight: 0.8 }] },
  "the day i left": { significance_gate: false, arc_types: [], confidence: 0.65, field_filters: [] },
  "songs about grief": { significance_gate: true, arc_types: ["grief"], confidence: 0.55, field_filters: [] },
  "set a timer": { significance_gate: false, arc_types: [], confidence: 0.95, field_filters: [] },
};
const stub: Classifier = {
  model: "stub@1",
  classify: (query) => ({ activation_id: null, primary_domain: null, ...answers[query] } as Classification),
};

describe("runClassifierBenchmark on a fixture", () => {
  let report: ClassifierReport;
  beforeAll(async () => {
    report = await runClassifierBenchmark({ classifier: stub, classifierName: "stub", queries: fixture, split: "fixture", repetitions: 3, throughputLines: 0, stderr: new PassThrough() });
  });

  it("computes the hand-computed figures", () => {
    const m = report.metrics;
    expect(m.gate).toMatchObject({ tp: 2, fp: 1, fn: 1, tn: 1 });
    expect(m.gate.f1).toBeCloseTo(2 / 3);
    expect(m.tricky_negative_fpr.value).toBe(1);
    expect(m.arc_top1).toMatchObject({ correct: 1, total: 3 });
    expect(m.arc_hit_at_3).toMatchObject({ correct: 2, total: 3 });
    expect(m.tether_accuracy).toMatchObject({ correct: 1, total: 3 });
    expect(m.valence_accuracy).toMatchObject({ correct: 2, total: 3 });
    // Bins: 0.95 → f1 ✓, f5 ✓ (acc 1, gap 0.05); 0.65 → f2 ✗, f3 ✗ (gap 0.65); 0.55 → f4 ✗ (gap 0.55).
    expect(m.ece).toBeCloseTo((2 * 0.05 + 2 * 0.65 + 0.55) / 5);
    expect(report.latency.samples).toBe(15);
    expect(report.latency.median_us).toBeGreaterThan(0);
    expect(report.targets.gate_f1).toEqual({ value: m.gate.f1, target: ">= 0.95", met: false });
    expect(report.throughput).toBeNull();
  });

  it("writes the JSON report and both charts", () => {
    const json = JSON.parse(readFileSync(join(out, "classifier-stub-fixture.json"), "utf8"));
    expect(json.metrics.gate.tp).toBe(2);
    const confusion = readFileSync(join(out, "classifier-stub-fixture-confusion.svg"), "utf8");
    expect(confusion).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(confusion).toContain(">moral_awakening</text>");
    expect(confusion).toContain(">none</text>");
    const reliability = readFileSync(join(out, "classifier-stub-fixture-reliability.svg"), "utf8");
    expect(reliability).toContain(`ECE ${report.metrics.ece.toFixed(3)} (5 queries)`);
  });
});

describe("arcroute bench classifier (CLI)", () => {
  async function run(...args: string[]) {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let o = "", e = "";
    stdout.on("data", (c) => (o += c));
    stderr.on("data", (c) => (e += c));
    const code = await main(["bench", "classifier", ...args], { stdin: new PassThrough(), stdout, stderr });
    return { code, stdout: o, stderr: e };
  }

  it("scores a labeled file with the lexical classifier and prints JSON", async () => {
    const file = join(out, "custom.jsonl");
    writeFileSync(file, fixture.map((x) => JSON.stringify(x)).join("\n") + "\n");
    const r = await run("--queries", file, "--repetitions", "2", "--json");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as ClassifierReport;
    expect(report.classifier).toBe("arcroute-lexicon@1");
    expect(report.split).toBe("custom");
    expect(report.queries).toBe(5);
    expect(report.latency.samples).toBe(10);
  });

  it("rejects bad options with one line and exit 2", async () => {
    for (const args of [["--split", "test"], ["--split", "heldout,test"], ["--split", "heldout,heldout"], ["--classifier", "bert"], ["--repetitions", "0"], ["--bogus"]]) {
      const r = await run(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
  });

  it("names the file and line of a bad query file", async () => {
    const file = join(out, "bad.jsonl");
    writeFileSync(file, JSON.stringify(fixture[0]) + "\n" + JSON.stringify({ ...fixture[1], valence: "sad" }) + "\n");
    const r = await run("--queries", file);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file}:2: valence:`);
  });

  it("prints --help", async () => {
    const r = await run("--help");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("--split heldout|heldout2|heldout3|heldout4|heldout5|train");
  });
});
