/**
 * `arcroute bench feedback` end to end on the real retrieval set (embedded LanceDB, the retriever
 * helper, the feedback route, the learning step), results written to a scratch folder: the JSON
 * printed with --json is the file written, feedback only came from train queries, the figures are
 * proportions, and the chart exists. Bad options are refused with exit 2.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { loadRetrievalSet } from "../retrieval/dataset.js";

const out = mkdtempSync(join(tmpdir(), "arcroute-bench-feedback-"));
const previous = process.env.ARCROUTE_BENCH_OUT;
beforeAll(() => {
  process.env.ARCROUTE_BENCH_OUT = out;
});
afterAll(() => {
  if (previous === undefined) delete process.env.ARCROUTE_BENCH_OUT;
  else process.env.ARCROUTE_BENCH_OUT = previous;
  rmSync(out, { recursive: true, force: true });
});

async function bench(args: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks: string[] = [];
  const errors: string[] = [];
  stdout.on("data", (c: Buffer) => chunks.push(c.toString()));
  stderr.on("data", (c: Buffer) => errors.push(c.toString()));
  const code = await main(["bench", "feedback", ...args], { stdin: new PassThrough(), stdout, stderr });
  return { code, stdout: chunks.join(""), stderr: errors.join("") };
}

describe("arcroute bench feedback", () => {
  it("simulates train feedback, learns, and reports held-out figures before and after", async () => {
    const run = await bench(["--json", "--k", "10"]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toEqual(JSON.parse(readFileSync(join(out, "feedback.json"), "utf8")));
    const significant = loadRetrievalSet().queries.filter((q) => q.type === "significance");
    const train = significant.filter((q) => q.split === "train");
    const count = (split: string) => significant.filter((q) => q.split === split).length;
    expect(report.queries).toEqual({ train: train.length, heldout: count("heldout"), heldout2: count("heldout2"), heldout3: count("heldout3") });
    expect(train.length + count("heldout") + count("heldout2") + count("heldout3")).toBe(significant.length);
    expect(report.feedback).toBe(train.reduce((n, q) => n + q.relevant.length, 0));
    expect(report.weights.learned_from).toMatchObject({ feedback: report.feedback, organizations: 1 });
    for (const side of ["heldout", "heldout2", "heldout3"].flatMap((split) => [report.before[split], report.after[split]])) {
      for (const figure of [side.recall_at_5, side.recall_at_10, side.mrr, side.ndcg_at_10]) {
        expect(figure).toBeGreaterThanOrEqual(0);
        expect(figure).toBeLessThanOrEqual(1);
      }
      expect(side.recall_at_10).toBeGreaterThanOrEqual(side.recall_at_5);
    }
    expect(readFileSync(join(out, "feedback.svg"), "utf8")).toContain("<svg");
  }, 120_000);

  it("--routing every-field-hard gives feedback, learns and measures with the helper's defaults, in a file of its own", async () => {
    const run = await bench(["--json", "--routing", "every-field-hard"]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toEqual(JSON.parse(readFileSync(join(out, "feedback-every-field-hard.json"), "utf8")));
    expect(report.routing_name).toBe("every-field-hard");
    expect(report.routing).toEqual({ mode: "filter", fusionWeight: 0.5 });
    // The learned fusion starts from the routing's own 0.5 and only shrinks.
    expect(report.weights.fusion).toBeLessThanOrEqual(0.5);
    // Every field hard finds less than the preset before learning (the retrieval benchmark's filter vs filter_core).
    const preset = JSON.parse(readFileSync(join(out, "feedback.json"), "utf8"));
    expect(report.before.train.recall_at_10).toBeLessThan(preset.before.train.recall_at_10);
    expect(readFileSync(join(out, "feedback-every-field-hard.svg"), "utf8")).toContain("every-field-hard");
  }, 120_000);

  it("refuses bad options with one line and exit 2", async () => {
    for (const args of [["--k", "0"], ["--k", "x"], ["--store", "mysql://x"], ["--nope"], ["--routing", "hard"], ["--routing", "__proto__"]]) {
      const run = await bench(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    }
  });
});
