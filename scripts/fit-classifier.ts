/**
 * Fit the classifier's confidence calibration on the TRAIN split only:
 *   npx tsx scripts/fit-classifier.ts [benchmarks/queries/queries.jsonl]
 * Correctness follows the benchmark's rule: the gate matches AND (label gate false OR the
 * predicted top arc is among the labelled arc types). A logistic map P(correct) = σ(a·margin + b)
 * is fitted by Newton's method and written to src/classify/calibration-params.ts; the script also
 * prints train ECE (10 equal-width bins) before and after.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { explain } from "../src/classify/index.js";
import { rawMargin } from "../src/classify/calibration.js";
import { arcLead } from "../src/classify/arcs.js";

interface Label { query: string; gate: boolean; arc_types: string[]; split: string }

const path = process.argv[2] ?? "benchmarks/queries/queries.jsonl";
const train = readFileSync(path, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as Label).filter((l) => l.split === "train");

const rows = train.map((label) => {
  const e = explain(label.query);
  const r = e.result;
  const correct = r.significance_gate === label.gate && (!label.gate || label.arc_types.includes(r.arc_types[0] ?? ""));
  return { x: rawMargin(e.gate.score, r.significance_gate, arcLead(e.analysis, r.arc_types)), y: correct ? 1 : 0, p: r.confidence };
});

let a = 0.5, b = 0;
for (let it = 0; it < 50; it++) {
  let ga = 0, gb = 0, haa = 0, hab = 0, hbb = 0;
  for (const { x, y } of rows) {
    const p = 1 / (1 + Math.exp(-(a * x + b)));
    const w = p * (1 - p) + 1e-9;
    ga += (p - y) * x; gb += p - y; haa += w * x * x; hab += w * x; hbb += w;
  }
  const det = haa * hbb - hab * hab;
  if (Math.abs(det) < 1e-12) break;
  a -= (hbb * ga - hab * gb) / det;
  b -= (haa * gb - hab * ga) / det;
}

function ece(pairs: { p: number; y: number }[]): number {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
  for (const { p, y } of pairs) { const bin = bins[Math.min(9, Math.floor(p * 10))]!; bin.n++; bin.p += p; bin.y += y; }
  return bins.reduce((s, bin) => s + (bin.n ? Math.abs(bin.p - bin.y) : 0), 0) / pairs.length;
}
const fitted = rows.map(({ x, y }) => ({ p: 1 / (1 + Math.exp(-(a * x + b))), y }));
console.log(`train n=${rows.length} accuracy=${(rows.reduce((s, r) => s + r.y, 0) / rows.length).toFixed(3)} ECE before=${ece(rows).toFixed(3)} after=${ece(fitted).toFixed(3)} a=${a.toFixed(4)} b=${b.toFixed(4)}`);
writeFileSync(
  "src/classify/calibration-params.ts",
  `/** Calibration parameters, fitted on the train split by scripts/fit-classifier.ts. */\nexport const CALIBRATION = { a: ${a.toFixed(4)}, b: ${b.toFixed(4)} } as const;\n`,
);
