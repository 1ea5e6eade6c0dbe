/**
 * The experiments behind the ensemble (train split only; 12:50–13:10 UTC, see the README and
 * scripts/fit-embedding-classifier.ts). Prints nested 5-fold CV accuracies against the lexical
 * out-of-fold figures, over all train and over the calibration fold:
 *   npx tsx scripts/fit-ensemble-experiment.ts [--lp=1 --emb=1 --cos=1 --lambdas=1e-3,1e-2]   arc stack: softmax over the
 *       lexical out-of-fold arc log-probabilities (× lp), the embedding (× emb), cosines to arc centroids (× cos)
 *   … --offset        arc stack with the lexical log-probabilities as a fixed offset (L2 pulls towards the lexical model)
 *   … --tether [--rule=3 --anchor=1 --cue=1]   tether stack (the lexical choice as offset, see fit-ensemble-tether.ts)
 *   … --knn [--k=10 --emb=3]   arc stack: lexical log-probabilities as offset + the arc labels of the k nearest
 *                      train queries in the embedding space (other folds), × emb
 *   … --seed=N        another fold partition for the stack's CV
 * Caches the out-of-fold lexical arc probabilities and embeddings in /tmp/ensemble-cache.json.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadQueries } from "../benchmarks/queries/load.js";
import { analyze } from "../src/classify/analyze.js";
import { linearFeatures, type FeatureVector } from "../src/classify/features.js";
import { chooseWithPrior } from "../src/classify/filters.js";
import { predictLinear } from "../src/classify/linear.js";
import { SHIPPED_PARAMS } from "../src/classify/params.js";
import { createStaticEmbedder } from "../src/embed/transformers.js";
import { ARC_TYPES, TETHER_TYPES } from "../src/schema/vocabulary.js";
import { FOLDS, fitModels, foldOf } from "./fit-linear-classifier.js";
import { fitSoftmax } from "./fit-softmax.js";

const CACHE = "/tmp/ensemble-cache.json";
const train = loadQueries("train");
const pos = train.filter((q) => q.gate);
interface Cached { arcP: number[][]; emb: number[][]; anchor: number[][] }
let cache: Cached;
if (existsSync(CACHE)) cache = JSON.parse(readFileSync(CACHE, "utf8"));
else {
  const models = Array.from({ length: FOLDS }, (_, k) => fitModels(train.filter((q) => foldOf(q.id) !== k), 0.2));
  const arcP = pos.map((q) => {
    const p = predictLinear(models[foldOf(q.id)]!.arc, linearFeatures(analyze(q.query)));
    return ARC_TYPES.map((a) => p.ranked.find((r) => r.value === a)!.p);
  });
  const embedder = await createStaticEmbedder();
  const emb = (await embedder.embed(pos.map((q) => q.query))).map((v) => [...v]);
  const anchorText = pos.map((q) => anchorPhrase(q.query));
  const anchor = (await embedder.embed(anchorText.map((t) => t || "nothing"))).map((v, i) => (anchorText[i] ? [...v] : new Array(v.length).fill(0)));
  cache = { arcP, emb, anchor };
  writeFileSync(CACHE, JSON.stringify(cache));
}

function anchorPhrase(query: string): string {
  const words = query.toLowerCase().replace(/[^a-z' ]/g, " ").split(/\s+/).filter(Boolean);
  const i = words.findIndex((w) => ["my", "our", "the", "his", "her", "their", "mum's", "dad's"].includes(w));
  return i < 0 ? "" : words.slice(i + 1, i + 3).join(" ");
}

const args = process.argv.slice(2);
const num = (name: string, d: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? d);
const embScale = num("emb", 1), cosScale = num("cos", 1), lpScale = num("lp", 1), anchorScale = num("anchor", 0);

const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
function centroids(rows: number[], label: (i: number) => string[], vecs: number[][]): Map<string, number[]> {
  const sums = new Map<string, number[]>();
  for (const i of rows) for (const l of label(i)) {
    const s = sums.get(l) ?? new Array(vecs[i]!.length).fill(0);
    vecs[i]!.forEach((x, d) => (s[d] += x));
    sums.set(l, s);
  }
  for (const [l, s] of sums) { const n = Math.sqrt(dot(s, s)) || 1; sums.set(l, s.map((x) => x / n)); }
  return sums;
}

const isCal = (i: number) => pos[i]!.id.startsWith("tr-cal-");
const seed = num("seed", 0);
const fold = pos.map((q) => (seed === 0 ? foldOf(q.id) : foldOf(q.id + ":" + seed)));
const arcLabels = (i: number) => pos[i]!.arc_types as string[];

function arcFeatures(i: number, cents: Map<string, number[]>): FeatureVector {
  const names: string[] = [], values: number[] = [];
  ARC_TYPES.forEach((a, c) => { names.push("lp:" + a); values.push(lpScale * Math.log(Math.max(cache.arcP[i]![c]!, 1e-4))); });
  if (embScale > 0) cache.emb[i]!.forEach((x, d) => { names.push("e:" + d); values.push(embScale * x); });
  if (cosScale > 0) for (const [l, c] of cents) { names.push("cos:" + l); values.push(cosScale * dot(cache.emb[i]!, c)); }
  if (anchorScale > 0) cache.anchor[i]!.forEach((x, d) => { names.push("a:" + d); values.push(anchorScale * x); });
  return { names, values };
}

const lambdas = args.find((a) => a.startsWith("--lambdas="))?.slice(10).split(",").map(Number) ?? [1e-3, 3e-3, 1e-2, 3e-2];
const all = pos.map((_, i) => i);
const lexTop = (i: number) => ARC_TYPES[cache.arcP[i]!.indexOf(Math.max(...cache.arcP[i]!))]!;
const acc = (pred: (i: number) => string, subset: number[]) => subset.filter((i) => arcLabels(i).includes(pred(i))).length / subset.length;
console.log(`lexical OOF arc: all ${acc(lexTop, all).toFixed(4)} cal ${acc(lexTop, all.filter(isCal)).toFixed(4)} (n=${all.length}, cal ${all.filter(isCal).length})`);

if (!args.includes("--offset") && !args.includes("--tether") && !args.includes("--knn")) for (const lambda of lambdas) {
  const pred = new Array<string>(pos.length);
  const probs: number[][] = new Array(pos.length);
  for (let k = 0; k < FOLDS; k++) {
    const tr = all.filter((i) => fold[i] !== k), te = all.filter((i) => fold[i] === k);
    const cents = centroids(tr, arcLabels, cache.emb);
    const model = fitSoftmax(ARC_TYPES, tr.map((i) => ({ x: arcFeatures(i, cents), y: Object.fromEntries(arcLabels(i).map((a) => [a, 1 / arcLabels(i).length])) })), { lambda, minCount: 1, isDense: () => true, scaleOf: () => 1 });
    for (const i of te) { const p = predictLinear(model, arcFeatures(i, cents)); pred[i] = p.ranked[0]!.value; probs[i] = ARC_TYPES.map((a) => p.ranked.find((r) => r.value === a)!.p); }
  }
  let ll = 0; for (const i of all) ll -= Math.log(Math.max(1e-9, arcLabels(i).reduce((s, a) => s + probs[i]![ARC_TYPES.indexOf(a as never)]!, 0)));
  const changed = all.filter((i) => pred[i] !== lexTop(i));
  const fixed = changed.filter((i) => arcLabels(i).includes(pred[i]!)).length, broke = changed.filter((i) => arcLabels(i).includes(lexTop(i))).length;
  console.log(`stack λ=${lambda} emb=${embScale} cos=${cosScale} lp=${lpScale} anchor=${anchorScale}: all ${acc((i) => pred[i]!, all).toFixed(4)} cal ${acc((i) => pred[i]!, all.filter(isCal)).toFixed(4)} logloss ${(ll / all.length).toFixed(4)} changed ${changed.length} (fixed ${fixed}, broke ${broke})`);
}
void TETHER_TYPES; void chooseWithPrior; void SHIPPED_PARAMS;

import { fitOffsetSoftmax as fitOffset } from "./fit-ensemble-tether.js";
import { softmaxWithOffset } from "../src/classify/embedding/tether.js";
const fitOffsetSoftmax = (K: number, X: number[][], o: number[][], Y: number[][], lambda: number) => { const m = fitOffset(K, X, o, Y, lambda); return { bias: m.bias, W: m.weights }; };
const predictOffset = (m: { bias: number[]; W: number[][] }, x: number[], offset: number[]) => softmaxWithOffset(m.bias, m.W, x, offset);

if (args.includes("--offset") && !args.includes("--tether") && !args.includes("--knn")) {
  const dense = (i: number, cents: Map<string, number[]>) => {
    const x: number[] = [];
    if (embScale > 0) for (const v of cache.emb[i]!) x.push(embScale * v);
    if (cosScale > 0) for (const a of ARC_TYPES) x.push(cosScale * (cents.has(a) ? dot(cache.emb[i]!, cents.get(a)!) : 0));
    if (anchorScale > 0) for (const v of cache.anchor[i]!) x.push(anchorScale * v);
    return x;
  };
  const lp = (i: number) => cache.arcP[i]!.map((p) => lpScale * Math.log(Math.max(p, 1e-4)));
  let llLex = 0; for (const i of all) llLex -= Math.log(Math.max(1e-9, arcLabels(i).reduce((s, a) => s + cache.arcP[i]![ARC_TYPES.indexOf(a as never)]!, 0)));
  console.log(`lexical OOF logloss ${(llLex / all.length).toFixed(4)}`);
  for (const lambda of lambdas) {
    const probs: number[][] = new Array(pos.length);
    for (let k = 0; k < FOLDS; k++) {
      const tr = all.filter((i) => fold[i] !== k), te = all.filter((i) => fold[i] === k);
      const cents = centroids(tr, arcLabels, cache.emb);
      const m = fitOffsetSoftmax(ARC_TYPES.length, tr.map((i) => dense(i, cents)), tr.map(lp), tr.map((i) => ARC_TYPES.map((a) => (arcLabels(i).includes(a) ? 1 / arcLabels(i).length : 0))), lambda);
      for (const i of te) probs[i] = predictOffset(m, dense(i, cents), lp(i));
    }
    const pred = (i: number) => ARC_TYPES[probs[i]!.indexOf(Math.max(...probs[i]!))]!;
    let ll = 0; for (const i of all) ll -= Math.log(Math.max(1e-9, arcLabels(i).reduce((s, a) => s + probs[i]![ARC_TYPES.indexOf(a as never)]!, 0)));
    const changed = all.filter((i) => pred(i) !== lexTop(i));
    const fixed = changed.filter((i) => arcLabels(i).includes(pred(i))).length, broke = changed.filter((i) => arcLabels(i).includes(lexTop(i))).length;
    console.log(`offset λ=${lambda} emb=${embScale} cos=${cosScale} lp=${lpScale} anchor=${anchorScale}: all ${acc(pred, all).toFixed(4)} cal ${acc(pred, all.filter(isCal)).toFixed(4)} logloss ${(ll / all.length).toFixed(4)} changed ${changed.length} (fixed ${fixed}, broke ${broke})`);
  }
}

if (args.includes("--tether")) {
  const strength = num("rule", 3), cueScale = num("cue", 0);
  const rows = all.filter((i) => pos[i]!.tether_type !== null);
  const analyses = pos.map((q) => analyze(q.query));
  const rule = pos.map((_, i) => chooseWithPrior(TETHER_TYPES, analyses[i]!.tether, SHIPPED_PARAMS.tether_prior[lexTop(i) as never], SHIPPED_PARAMS.prior_weight.tether, SHIPPED_PARAMS.tether_cue_scale).value);
  const tLabel = (i: number) => [pos[i]!.tether_type as string];
  const tAcc = (pred: (i: number) => string | null, subset: number[]) => subset.filter((i) => pred(i) === pos[i]!.tether_type).length / subset.length;
  console.log(`rule tether (OOF top arc): all ${tAcc((i) => rule[i]!, rows).toFixed(4)} cal ${tAcc((i) => rule[i]!, rows.filter(isCal)).toFixed(4)} (n=${rows.length}, cal ${rows.filter(isCal).length})`);
  const dense = (i: number, cents: Map<string, number[]>) => {
    const x: number[] = [];
    if (embScale > 0) for (const v of cache.emb[i]!) x.push(embScale * v);
    if (cosScale > 0) for (const t of TETHER_TYPES) x.push(cosScale * (cents.has(t) ? dot(cache.emb[i]!, cents.get(t)!) : 0));
    if (anchorScale > 0) for (const v of cache.anchor[i]!) x.push(anchorScale * v);
    if (cueScale > 0) for (const t of TETHER_TYPES) x.push(cueScale * Math.min(analyses[i]!.tether[t]?.score ?? 0, 4));
    if (args.includes("--arcp")) for (const p of cache.arcP[i]!) x.push(p);
    return x;
  };
  const off = (i: number) => TETHER_TYPES.map((t) => (t === rule[i] ? strength : 0));
  for (const lambda of lambdas) {
    const pred: string[] = new Array(pos.length);
    for (let k = 0; k < FOLDS; k++) {
      const tr = rows.filter((i) => fold[i] !== k), te = rows.filter((i) => fold[i] === k);
      const cents = centroids(tr, tLabel, cache.emb);
      const m = fitOffsetSoftmax(TETHER_TYPES.length, tr.map((i) => dense(i, cents)), tr.map(off), tr.map((i) => TETHER_TYPES.map((t) => (t === pos[i]!.tether_type ? 1 : 0))), lambda);
      for (const i of te) { const p = predictOffset(m, dense(i, cents), off(i)); pred[i] = TETHER_TYPES[p.indexOf(Math.max(...p))]!; }
    }
    const changed = rows.filter((i) => pred[i] !== rule[i]);
    const fixed = changed.filter((i) => pred[i] === pos[i]!.tether_type).length, broke = changed.filter((i) => rule[i] === pos[i]!.tether_type).length;
    console.log(`tether λ=${lambda} rule=${strength} emb=${embScale} cos=${cosScale} anchor=${anchorScale} cue=${cueScale}: all ${tAcc((i) => pred[i]!, rows).toFixed(4)} cal ${tAcc((i) => pred[i]!, rows.filter(isCal)).toFixed(4)} changed ${changed.length} (fixed ${fixed}, broke ${broke})`);
  }
}

if (args.includes("--knn")) {
  // Arc: the lexical out-of-fold log-probabilities as offset + the label distribution of the k nearest train queries (other folds).
  const k = num("k", 10);
  for (const lambda of lambdas) {
    const probs: number[][] = new Array(pos.length);
    for (let f = 0; f < FOLDS; f++) {
      const tr = all.filter((i) => fold[i] !== f), te = all.filter((i) => fold[i] === f);
      const vote = (i: number, pool: number[]) => {
        const near = pool.filter((j) => j !== i).map((j) => [j, dot(cache.emb[i]!, cache.emb[j]!)] as const).sort((a, b) => b[1] - a[1]).slice(0, k);
        const v = ARC_TYPES.map(() => 0);
        for (const [j] of near) for (const a of arcLabels(j)) v[ARC_TYPES.indexOf(a as never)]! += 1 / (k * arcLabels(j).length);
        return v.map((x) => embScale * x);
      };
      const lp = (i: number) => cache.arcP[i]!.map((p) => Math.log(Math.max(p, 1e-4)));
      const m = fitOffsetSoftmax(ARC_TYPES.length, tr.map((i) => vote(i, tr)), tr.map(lp), tr.map((i) => ARC_TYPES.map((a) => (arcLabels(i).includes(a) ? 1 / arcLabels(i).length : 0))), lambda);
      for (const i of te) probs[i] = predictOffset(m, vote(i, tr), lp(i));
    }
    const pred = (i: number) => ARC_TYPES[probs[i]!.indexOf(Math.max(...probs[i]!))]!;
    const changed = all.filter((i) => pred(i) !== lexTop(i));
    console.log(`knn k=${k} λ=${lambda} scale=${embScale}: all ${acc(pred, all).toFixed(4)} cal ${acc(pred, all.filter(isCal)).toFixed(4)} changed ${changed.length} (fixed ${changed.filter((i) => arcLabels(i).includes(pred(i))).length}, broke ${changed.filter((i) => arcLabels(i).includes(lexTop(i))).length})`);
  }
}
