/**
 * Does a new batch of train queries help? Author-held-out on the OTHER authors' significant queries:
 * for each of 5 author groups (a hash of the author; the original batches by id), the three linear
 * models are fitted without that group, once without and once with the new batches, and scored on
 * the group. Train split only (the held-out split is never read):
 *   NEW=yt,yu,yv,yw,yx,yy npx tsx scripts/compare-train-batches.ts
 * Prints top-1, tether and valence accuracy for the original and the later authors.
 */
import { loadQueries } from "../benchmarks/queries/load.js";
import { analyze } from "../src/classify/analyze.js";
import { linearFeatures } from "../src/classify/features.js";
import { predictLinear, type LinearModel } from "../src/classify/linear.js";
import { authorOf, fitModels, foldOf } from "./fit-linear-classifier.js";
const NEW = new Set((process.env.NEW ?? "yt,yu,yv,yw,yx,yy").split(","));
const train = loadQueries("train");
const old = train.filter((q) => !NEW.has(authorOf(q.id)));
const fresh = train.filter((q) => NEW.has(authorOf(q.id)));
console.log("old", old.length, "new", fresh.length);
const group = (id: string) => (authorOf(id) === "original" ? foldOf(id) : foldOf(authorOf(id)));
const tally: Record<string, { arc: number; tether: number; tn: number; valence: number; n: number }> = {};
for (let g = 0; g < 5; g++) {
  const test = old.filter((q) => q.gate && group(q.id) === g).map((q) => ({ q, x: linearFeatures(analyze(q.query)) }));
  const base = old.filter((q) => group(q.id) !== g);
  for (const [name, fitOn] of [["without", base], ["with", [...base, ...fresh]]] as const) {
    const m = fitModels(fitOn, 0.25);
    for (const { q, x } of test) {
      const t = (tally[name + (authorOf(q.id) === "original" ? " original" : " later")] ??= { arc: 0, tether: 0, tn: 0, valence: 0, n: 0 });
      const top = (model: unknown) => predictLinear(model as LinearModel, x).ranked[0]!.value;
      if ((q.arc_types as string[]).includes(top(m.arc))) t.arc++;
      if (q.tether_type) { t.tn++; if (top(m.tether) === q.tether_type) t.tether++; }
      if (top(m.valence) === q.valence) t.valence++;
      t.n++;
    }
    console.log("group", g, name, "done");
  }
}
for (const [name, t] of Object.entries(tally)) console.log(name, "top-1", (t.arc / t.n).toFixed(4), "tether", (t.tether / t.tn).toFixed(4), "valence", (t.valence / t.n).toFixed(4), t.n);
