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
 * Usage: npx tsx scripts/fit-embedding-classifier.ts [--tether-grid]   (reads benchmarks/queries/train.jsonl through the loader,
 *   and the development splits heldout/heldout2/heldout3 for the rule that can only lower a share, and the confidence calibration)
 */
import { join, relative } from "node:path";
import { loadQueries, queriesPath, toExample } from "../benchmarks/queries/load.js";
import { DEVELOPMENT_SPLITS, recalibrateOnDevelopment } from "./recalibrate-ensemble.js";
import { analyze, classifyWithProbabilities, lexicalClassifier, type ProbabilisticClassifier } from "../src/classify/index.js";
import { SHIPPED_PARAMS } from "../src/classify/params.js";
import { authorOf, FOLDS, fitModels, foldOf } from "./fit-linear-classifier.js";
import {
  createEmbeddingClassifier,
  ENSEMBLE_WEIGHTS_FILE,
  fitEnsembleWeights,
  writeEnsembleWeights,
  fitPrototypes,
  outOfFoldScores,
  writePrototypes,
  type FieldScores,
  type LabeledExample,
} from "../src/classify/embedding/index.js";
import { createStaticEmbedder, shippedModelsDir, SHIPPED_STATIC_MODEL } from "../src/embed/transformers.js";
import { anchorPhrase } from "../src/classify/embedding/tether.js";
import { lexicalScores, mixScores } from "../src/classify/embedding/ensemble.js";
import { SHARES as ENSEMBLE_SHARES, shareByWorstSet } from "../src/classify/embedding/fit.js";
import { labelsOf, NONE } from "../src/classify/embedding/labels.js";
import { ranked } from "../src/classify/embedding/scores.js";
import { crossValidateTether, fitTetherStack, type TetherRow, type TetherSetting } from "./fit-ensemble-tether.js";

// The train split fits; the development splits (below) can only lower a share and calibrate the
// confidence (scripts/recalibrate-ensemble.ts); heldout4 is never read.
const train = loadQueries("train");
const examples = train.map(toExample);

/**
 * Author groups (5, by a hash of the author; as the calibration's): out-of-fold answers on train
 * must be like answers on a new author's queries, and one author's queries resemble each other
 * more than anyone else's (a query's own author in the other folds would vote for it).
 */
const groupOf = (id: string) => foldOf(authorOf(id));

/**
 * The lexical classifier as it answers queries it has not been fitted on, with its probabilities:
 * each train query is classified with linear models fitted without its author group. The shipped
 * models have seen every train query (top-1 ~0.99 there), so an ensemble fitted on their answers
 * would learn that the embedding never helps.
 */
function outOfFoldLexical(): ProbabilisticClassifier {
  const models = Array.from({ length: FOLDS }, (_, k) => fitModels(train.filter((q) => groupOf(q.id) !== k), SHIPPED_PARAMS.models.secondary_ratio));
  const groupOfQuery = new Map(train.map((q) => [q.query, groupOf(q.id)]));
  const answer = (query: string) => {
    const group = groupOfQuery.get(query);
    return group === undefined ? classifyWithProbabilities(query) : classifyWithProbabilities(query, { ...SHIPPED_PARAMS, models: models[group]! });
  };
  return { model: lexicalClassifier.model, classify: (query) => answer(query).result, classifyWithProbabilities: answer };
}
const fittedOn = `${relative(process.cwd(), queriesPath("train"))} (${examples.length} queries)`;
const embedder = await createStaticEmbedder();
const prototypes = await fitPrototypes(embedder, examples, fittedOn);
const modelDir = join(shippedModelsDir(), SHIPPED_STATIC_MODEL);
writePrototypes(modelDir, prototypes);
const embedding = createEmbeddingClassifier({ embedder, prototypes });
// The ensemble is fitted on out-of-fold embedding scores and out-of-fold lexical answers: the
// shipped centroids and linear models contain every train query, so their answers there are
// better than they will be on new ones.
const embeddingScores = await outOfFoldScores(embedder, examples, FOLDS, (i) => groupOf(train[i]!.id));
const lexicalOof = outOfFoldLexical();
const weights = await fitEnsembleWeights({ lexical: lexicalOof, embedding, examples, fittedOn, embeddingScores });

const MIXED_FIELDS = ["arc_type", "tether_type", "valence"] as const;
type MixedField = (typeof MIXED_FIELDS)[number];
interface Verdict { lexical: boolean; mixed: boolean }

/**
 * Whether the lexical decision and the mixed one are right, per mixed field whose label names a
 * value, scored as the classifier benchmark scores them (arc type: the top arc among the labelled
 * ones; tether and valence: the value), for a significant example. Null when the lexical gate is
 * closed (nothing to mix). Both share checks below count with it.
 */
function fieldVerdicts(example: LabeledExample, { result: answer, probabilities }: ReturnType<ProbabilisticClassifier["classifyWithProbabilities"]>, embeddingScores: FieldScores, mix = weights.mix): Partial<Record<MixedField, Verdict>> | null {
  if (!answer.significance_gate) return null;
  const mixed = mixScores(lexicalScores(answer, probabilities), embeddingScores, mix, weights.gateThreshold);
  const verdicts: Partial<Record<MixedField, Verdict>> = {};
  for (const field of MIXED_FIELDS) {
    const labels = labelsOf(example, field).filter((l) => l !== NONE);
    if (labels.length === 0) continue;
    const lexicalTop = field === "arc_type" ? answer.arc_types[0] : answer.field_filters.find((f) => f.field === field)?.value;
    const mixedTop = ranked(mixed.fields[field]).find(([value]) => value !== NONE)?.[0];
    verdicts[field] = { lexical: labels.includes(String(lexicalTop)), mixed: mixedTop !== undefined && labels.includes(mixedTop) };
  }
  return verdicts;
}

/**
 * Least gain (mean of out-of-fold accuracy over all train and over the calibration fold) for which
 * the ensemble departs from the lexical answer: about four train queries, or half a calibration-fold
 * query; smaller differences are noise on a split this size.
 */
const MIN_CV_GAIN = 0.0025;

/**
 * A share passes the train rule when it beats the lexical decision out of fold by the same rule as
 * the tether stack (mean of all train and the calibration fold): `fitEnsembleWeights` picks the
 * shares on all train only.
 */
interface VerdictRow { example: LabeledExample; answer: ReturnType<ProbabilisticClassifier["classifyWithProbabilities"]>; scores: FieldScores }

/** Over `rows`, the answers whose label names a value of `field`, and how many of them the lexical and the mixed decision (with `share`) get right. */
function tally(rows: readonly VerdictRow[], field: MixedField, share: number): { count: number; lexical: number; mixed: number } {
  const out = { count: 0, lexical: 0, mixed: 0 };
  for (const { example, answer, scores } of rows) {
    const verdict = fieldVerdicts(example, answer, scores, { ...weights.mix, [field]: share })?.[field];
    if (!verdict) continue;
    out.count++;
    out.lexical += Number(verdict.lexical);
    out.mixed += Number(verdict.mixed);
  }
  return out;
}

/** Gate-true train examples with their out-of-fold lexical answers (the tether stack below reads them too). */
const trainRows = examples.flatMap((example, i) => (example.gate ? [{ id: train[i]!.id, example, answer: lexicalOof.classifyWithProbabilities(example.query), scores: embeddingScores[i]! }] : []));
const calibrationRows = trainRows.filter((r) => r.id.startsWith("tr-cal-"));
function passesTrainRule(field: MixedField, share: number): boolean {
  const [all, calibration] = [tally(trainRows, field, share), tally(calibrationRows, field, share)];
  const rate = (t: typeof all, side: "lexical" | "mixed") => t[side] / t.count;
  const mean = (side: "lexical" | "mixed") => (rate(all, side) + rate(calibration, side)) / 2;
  console.log(`${field} share ${share}: out of fold all ${rate(all, "mixed").toFixed(4)} / calibration fold ${rate(calibration, "mixed").toFixed(4)}; lexical ${rate(all, "lexical").toFixed(4)} / ${rate(calibration, "lexical").toFixed(4)}`);
  return mean("mixed") >= mean("lexical") + MIN_CV_GAIN;
}

/**
 * The development rule (HELDOUT-4.md; the held-out splits before the fourth are development data):
 * among 0 and the shares up to the one `fitEnsembleWeights` picked that pass the train rule, each
 * field keeps the share whose WORST development split gains most right answers of that field over
 * the lexical decision; ties go to the larger gain over all development splits, then to the smaller
 * share. Share 0 gains 0 everywhere, so the chosen share loses on no development split: each split
 * is a different group of authors, and the rule that judges the ensemble compares it with the
 * lexical classifier on one new group. (HELDOUT-3.md's rule, "fixes more development answers than
 * it breaks" over the union, kept a valence share of 0.3 that fixed 10 and broke 2 on the first two
 * splits and then lost 3 on the third.)
 */
{
  const splits = await Promise.all(
    DEVELOPMENT_SPLITS.map(async (split) => {
      const queries = loadQueries(split).filter((q) => q.gate);
      const scores = await Promise.all(queries.map((q) => embedding.scores(q.query)));
      return queries.map((q, i) => ({ example: toExample(q), answer: classifyWithProbabilities(q.query), scores: scores[i]! }));
    }),
  );
  /** Right answers of `field` with `share` minus the lexical classifier's, per development split. */
  const gains = (field: MixedField, share: number) =>
    splits.map((rows) => {
      const { lexical, mixed } = tally(rows, field, share);
      return mixed - lexical;
    });
  for (const field of MIXED_FIELDS) {
    const eligible = ENSEMBLE_SHARES.filter((share) => share > 0 && share <= weights.mix[field] && passesTrainRule(field, share));
    const candidates = [0, ...eligible].map((share) => ({ share, gains: gains(field, share) }));
    const best = shareByWorstSet(candidates);
    for (const c of candidates) console.log(`${field} share ${c.share}: development gains ${c.gains.join(" / ")} (${DEVELOPMENT_SPLITS.join(" / ")})${c === best ? "  <- kept" : ""}`);
    weights.mix[field] = best.share;
  }
}

// The tether stack, on the gate-true train queries with a labelled tether (the lexical gate open).
const labelled = train.filter((q) => q.gate && q.tether_type !== null);
const queryVectors = await embedder.embed(labelled.map((q) => q.query));
const anchors = labelled.map((q) => anchorPhrase(q.query));
const anchorVectors = await embedder.embed(anchors.map((a) => a || "-"));
const oofAnswers = new Map(trainRows.map((r) => [r.id, r.answer.result]));
const rows: TetherRow[] = [];
for (const [i, q] of labelled.entries()) {
  const answer = oofAnswers.get(q.id)!;
  // The stack revises open-gate answers only (a closed gate has no tether to revise).
  if (!answer.significance_gate) continue;
  const tether = answer.field_filters.filter((f) => f.field === "tether_type").sort((a, b) => b.weight - a.weight)[0];
  rows.push({ id: q.id, query: queryVectors[i]!, anchor: anchors[i] ? anchorVectors[i]! : null, cues: analyze(q.query).tether, lexical: tether ? String(tether.value) : null, label: q.tether_type!, fold: groupOf(q.id) });
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
writeEnsembleWeights(join(modelDir, ENSEMBLE_WEIGHTS_FILE), await recalibrateOnDevelopment(weights, embedding));
console.log(`fitted on ${examples.length} train queries; ensemble mix ${JSON.stringify(weights.mix)}, gate threshold ${weights.gateThreshold}, arcRatio ${weights.arcRatio}, tether stack ${weights.tether ? "yes" : "no"}`);
