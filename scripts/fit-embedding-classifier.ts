/**
 * Fits the shipped embedding classifier and ensemble on the TRAIN split of the labeled query set
 * and writes them next to the model they belong to:
 *   models/static-embedding/arcroute-prototypes.json  (centroids + calibrations)
 *   models/static-embedding/arcroute-ensemble.json    (mix shares, arc cut-off, confidence, tether stack)
 * Re-run after the lexical classifier or the query set changes (the ensemble is fitted on its answers).
 *
 * The tether stack's setting was chosen by 5-fold CV on train (`--tether-grid` prints the grid):
 * the best mean of out-of-fold tether accuracy over all train and over the calibration fold, as for
 * the lexical models; it is shipped only when that mean beats the lexical tether choice's.
 *
 * Usage: npx tsx scripts/fit-embedding-classifier.ts [--tether-grid]   (reads benchmarks/queries/train.jsonl through the loader)
 */
import { writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { loadQueries, queriesPath, type LabeledQuery } from "../benchmarks/queries/load.js";
import { analyze, explainWith, lexicalClassifier } from "../src/classify/index.js";
import { SHIPPED_PARAMS } from "../src/classify/params.js";
import type { Classifier } from "../src/classify/types.js";
import { FOLDS, fitModels, foldOf } from "./fit-linear-classifier.js";
import {
  createEmbeddingClassifier,
  ENSEMBLE_WEIGHTS_FILE,
  fitEnsembleWeights,
  fitPrototypes,
  outOfFoldScores,
  PROTOTYPES_FILE,
  type LabeledExample,
} from "../src/classify/embedding/index.js";
import { createStaticEmbedder, shippedModelsDir, SHIPPED_STATIC_MODEL } from "../src/embed/transformers.js";
import { anchorPhrase } from "../src/classify/embedding/tether.js";
import { lexicalScores, mixScores } from "../src/classify/embedding/ensemble.js";
import { NONE } from "../src/classify/embedding/labels.js";
import { ranked } from "../src/classify/embedding/scores.js";
import { crossValidateTether, fitTetherStack, type TetherRow, type TetherSetting } from "./fit-ensemble-tether.js";

/** A train query as the classifiers are fitted on it (the loader has validated the labels). */
export function toExample(row: LabeledQuery): LabeledExample {
  return { query: row.query, gate: row.gate, arc_types: row.arc_types, tether_type: row.tether_type, valence: row.valence, group: row.group };
}

// The train split only: the held-out split is for reporting, never for fitting.
const train = loadQueries("train");
const examples = train.map(toExample);

/**
 * The lexical classifier as it answers queries it has not been fitted on: each train query is
 * classified with linear models fitted without its fold (scripts/fit-linear-classifier.ts, same
 * folds). The shipped models have seen every train query (top-1 ~0.99 there), so an ensemble
 * fitted on their answers would learn that the embedding never helps.
 */
function outOfFoldLexical(): Classifier {
  const models = Array.from({ length: FOLDS }, (_, k) => fitModels(train.filter((q) => foldOf(q.id) !== k), SHIPPED_PARAMS.models.secondary_ratio));
  const foldOfQuery = new Map(train.map((q) => [q.query, foldOf(q.id)]));
  return {
    model: lexicalClassifier.model,
    classify: (query) => {
      const fold = foldOfQuery.get(query);
      return fold === undefined ? lexicalClassifier.classify(query) : explainWith(query, { ...SHIPPED_PARAMS, models: models[fold]! }).result;
    },
  };
}
const fittedOn = `${relative(process.cwd(), queriesPath("train"))} (${examples.length} queries)`;
const embedder = await createStaticEmbedder();
const prototypes = await fitPrototypes(embedder, examples, fittedOn);
const modelDir = join(shippedModelsDir(), SHIPPED_STATIC_MODEL);
writeFileSync(join(modelDir, PROTOTYPES_FILE), JSON.stringify(prototypes) + "\n");
const embedding = createEmbeddingClassifier({ embedder, prototypes });
// The ensemble is fitted on out-of-fold embedding scores and out-of-fold lexical answers: the
// shipped centroids and linear models contain every train query, so their answers there are
// better than they will be on new ones.
const embeddingScores = await outOfFoldScores(embedder, examples, 5);
const lexicalOof = outOfFoldLexical();
const weights = await fitEnsembleWeights({ lexical: lexicalOof, embedding, examples, fittedOn, embeddingScores });

/**
 * Least gain (mean of out-of-fold accuracy over all train and over the calibration fold) for which
 * the ensemble departs from the lexical answer: about four train queries, or half a calibration-fold
 * query; smaller differences are noise on a split this size.
 */
const MIN_CV_GAIN = 0.0025;

/**
 * The arc mix is kept only if it beats the lexical top arc out of fold by the same rule as the tether
 * stack (mean of all train and the calibration fold): `fitEnsembleWeights` picks it on all train only.
 */
{
  const significant = examples.map((e, i) => ({ e, i, id: train[i]!.id })).filter(({ e }) => e.gate);
  let lexicalRight = [0, 0], mixedRight = [0, 0];
  const counts = [0, 0];
  for (const { e, i, id } of significant) {
    const answer = await lexicalOof.classify(e.query);
    if (!answer.significance_gate) continue;
    const mixed = mixScores(lexicalScores(answer), embeddingScores[i]!, weights.mix, weights.gateThreshold);
    const top = ranked(mixed.fields.arc_type).find(([arc]) => arc !== NONE)?.[0];
    for (const side of id.startsWith("tr-cal-") ? [0, 1] : [0]) {
      counts[side]!++;
      if ((e.arc_types as string[]).includes(answer.arc_types[0]!)) lexicalRight[side]!++;
      if (top !== undefined && (e.arc_types as string[]).includes(top)) mixedRight[side]!++;
    }
  }
  const share = (right: number[]) => (right[0]! / counts[0]! + right[1]! / counts[1]!) / 2;
  console.log(`arc mix ${weights.mix.arc_type}: top-1 out of fold all ${(mixedRight[0]! / counts[0]!).toFixed(4)} / calibration fold ${(mixedRight[1]! / counts[1]!).toFixed(4)}; lexical ${(lexicalRight[0]! / counts[0]!).toFixed(4)} / ${(lexicalRight[1]! / counts[1]!).toFixed(4)}`);
  if (!(share(mixedRight) >= share(lexicalRight) + MIN_CV_GAIN)) {
    weights.mix.arc_type = 0;
    console.log(`arc mix set to 0: out-of-fold gain under ${MIN_CV_GAIN} over the lexical top arc`);
  }
}

// The tether stack, on the gate-true train queries with a labelled tether (the lexical gate open).
const labelled = train.filter((q) => q.gate && q.tether_type !== null);
const queryVectors = await embedder.embed(labelled.map((q) => q.query));
const anchors = labelled.map((q) => anchorPhrase(q.query));
const anchorVectors = await embedder.embed(anchors.map((a) => a || "-"));
const rows: TetherRow[] = [];
for (const [i, q] of labelled.entries()) {
  const answer = await lexicalOof.classify(q.query);
  // The stack revises open-gate answers only (a closed gate has no tether to revise).
  if (!answer.significance_gate) continue;
  const tether = answer.field_filters.filter((f) => f.field === "tether_type").sort((a, b) => b.weight - a.weight)[0];
  rows.push({ id: q.id, query: queryVectors[i]!, anchor: anchors[i] ? anchorVectors[i]! : null, cues: analyze(q.query).tether, lexical: tether ? String(tether.value) : null, label: q.tether_type!, fold: foldOf(q.id) });
}
const isCalibrationFold = (r: TetherRow) => r.id.startsWith("tr-cal-");
const show = (name: string, s: TetherSetting) => {
  const cv = crossValidateTether(rows, s, FOLDS, isCalibrationFold);
  const f = (x: number) => x.toFixed(4);
  console.log(`${name} ${JSON.stringify(s)}: all ${f(cv.all.stack)} (lexical ${f(cv.all.lexical)}; changed ${cv.all.changed}, fixed ${cv.all.fixed}, broke ${cv.all.broke}), calibration fold ${f(cv.subset.stack)} (lexical ${f(cv.subset.lexical)})`);
  return cv;
};
/**
 * Chosen on train by 5-fold CV (scripts/fit-ensemble-experiment.ts and --tether-grid, 12:55–13:10 UTC):
 * out of fold all 0.8179 / calibration fold 0.8067 vs the lexical choice 0.8139 / 0.7933 (24 answers
 * changed: 14 fixed, 7 broken). On this partition the grid's best mean was λ 1e-3, rule 2, no anchor
 * (0.8196 / 0.8267, 59 changed: 31 fixed, 21 broken); over 3 other fold partitions the two tie on the
 * mean (0.808 each) and this one changes half as many answers, right 2.5 times as often as wrong
 * (the other: 1.3), so it was kept: the fewer answers changed, the less a labelling convention
 * unlike train's can cost. An arc stack of the same kind (lexical out-of-fold log-probabilities as
 * offset + embedding) lost on the calibration fold and is not used.
 * Since the lexical tether comes from a model (2026-11-23 14:40), the stack no longer clears
 * MIN_CV_GAIN on any grid setting (each changes no answer or breaks more than it fixes, 15:13 UTC)
 * and is not shipped (README → Embedding classifier and ensemble).
 */
const TETHER_SETTING: TetherSetting = { lambda: 1e-3, ruleStrength: 3, scales: { query: 1, centroid: 1, anchor: 1, cue: 1 } };
if (process.argv.includes("--tether-grid")) {
  for (const lambda of [3e-4, 1e-3, 3e-3]) for (const ruleStrength of [2, 3]) for (const anchor of [0, 1]) for (const cue of [1]) {
    show("grid", { lambda, ruleStrength, scales: { query: 1, centroid: 1, anchor, cue } });
  }
}
const cv = show("tether stack", TETHER_SETTING);
const mean = (c: typeof cv, side: "stack" | "lexical") => (c.all[side] + c.subset[side]) / 2;
if (mean(cv, "stack") >= mean(cv, "lexical") + MIN_CV_GAIN) weights.tether = fitTetherStack(rows, TETHER_SETTING);
else console.log(`tether stack not shipped: out-of-fold gain under ${MIN_CV_GAIN} over the lexical tether choice`);
// Indented, with number arrays on one line each (the tether stack has a few hundred rows).
writeFileSync(join(modelDir, ENSEMBLE_WEIGHTS_FILE), JSON.stringify(weights, null, 2).replace(/\[\s+(-?[\d.e-]+(?:,\s+-?[\d.e-]+)*)\s+\]/g, (_, list: string) => `[${list.replace(/\s+/g, "")}]`) + "\n");
console.log(`fitted on ${examples.length} train queries; ensemble mix ${JSON.stringify(weights.mix)}, gate threshold ${weights.gateThreshold}, arcRatio ${weights.arcRatio}, tether stack ${weights.tether ? "yes" : "no"}`);
