/**
 * Fits the ensemble on labeled examples (the train split): the gate's share of the embedding
 * score and its threshold (best gate F1 that lets no more tricky negatives through than the
 * lexical classifier alone), per field the share that maximises accuracy (ties go to the lexical
 * side), the arc-type cut-off, and a confidence calibration on the mixed scores.
 *
 * The embedding scores should be out-of-fold (`outOfFoldScores`): centroids that contain the
 * example they score look better on the train split than on new queries, and the ensemble would
 * trust them too much.
 */
import type { Classifier } from "../types.js";
import type { ScoringClassifier } from "./classifier.js";
import {
  ensembleConfidence,
  ensembleConfidenceFeatures,
  ENSEMBLE_WEIGHTS_FORMAT,
  answerWithProbabilities,
  checkEnsembleParts,
  sameDecision,
  LEXICAL_ONLY_MIX,
  lexicalScores,
  mixScores,
  CONFIDENCE_SCOPES,
  type ConfidenceScope,
  type EnsembleWeights,
} from "./ensemble.js";
import type { Embedder } from "../../embed/types.js";
import { labelsOf, type LabeledExample, type ScoredField } from "./labels.js";
import { fitLogistic } from "./logistic.js";
import { reliability } from "../reliability.js";
import { fitPrototypes, isRight, scoreVector } from "./prototypes.js";
import { decodeScores, ranked, type FieldScores } from "./scores.js";

/** The embedding shares the fit tries per decision (0 = lexical only); the fit script's development rule reads them too. */
export const SHARES = Array.from({ length: 21 }, (_, i) => i / 20);
/**
 * Arc cut-offs tried (share of the top arc's mixed score). Down to 0.05: the lexical classifier
 * keeps a secondary arc from a fifth of the top arc's probability, which its filter weights turn
 * into well under 0.3 of the top arc's score, so higher cut-offs alone cannot keep its hit@3.
 */
const ARC_RATIOS = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
/** Gate thresholds tried, nearest to 0.5 first (so ties keep the plain decision rule). */
const THRESHOLDS = Array.from({ length: 17 }, (_, i) => 0.3 + i * 0.025).sort((a, b) => Math.abs(a - 0.5) - Math.abs(b - 0.5));
/** A gate rule other than the lexical classifier's must beat its train F1 by this much (the held-out split is smaller than train; small train gains do not carry over). */
const MIN_GATE_GAIN = 0.01;

/** A share and its gain in right answers over the lexical decision on each of several query sets (0 for share 0). */
export interface ShareGains { share: number; gains: readonly number[] }

/**
 * The share whose worst query set gains most (ties: the larger total gain, then the earlier
 * candidate; list smaller shares first). With share 0 among the candidates (gain 0 on every set),
 * the choice loses on none of the sets. The fit script applies it to the development splits, each
 * a different group of authors (HELDOUT-4.md).
 */
export function shareByWorstSet(candidates: readonly ShareGains[]): ShareGains {
  if (candidates.length === 0) throw new RangeError("shareByWorstSet: no candidate share");
  const worst = (c: ShareGains) => Math.min(...c.gains);
  const total = (c: ShareGains) => c.gains.reduce((a, b) => a + b, 0);
  return candidates.reduce((best, c) => (worst(c) > worst(best) || (worst(c) === worst(best) && total(c) > total(best)) ? c : best));
}

/** Fewest answers to calibrate on features (fewer: their rate of being right). */
const MIN_CALIBRATION_ROWS = 20;
/** Query group whose gate must stay closed (the labelled set's name for it). */
const TRICKY_GROUP = "tricky_negative";

/**
 * Embedding scores of each example from prototypes fitted WITHOUT it: the examples are dealt
 * into `folds` folds (`foldOf`, by position by default; pass one by author so that no author's
 * other queries vote for theirs), and each fold is scored by prototypes fitted on the others.
 */
export async function outOfFoldScores(embedder: Embedder, examples: LabeledExample[], folds = 5, foldOf: (index: number) => number = (i) => i % folds): Promise<FieldScores[]> {
  const vectors = await embedder.embed(examples.map((e) => e.query));
  const out: FieldScores[] = new Array(examples.length);
  for (let fold = 0; fold < folds; fold++) {
    const training = examples.filter((_, i) => foldOf(i) !== fold);
    const prototypes = await fitPrototypes(embedder, training, `fold ${fold}`);
    examples.forEach((_, i) => {
      if (foldOf(i) === fold) out[i] = scoreVector(vectors[i]!, prototypes);
    });
  }
  return out;
}

interface GateRule {
  share: number;
  threshold: number;
}

function gateCounts(rows: Scored[], { share, threshold }: GateRule) {
  let tp = 0, fp = 0, fn = 0, tricky = 0, trickyOpen = 0;
  for (const r of rows) {
    const open = (1 - share) * r.lexical.gate + share * r.embedding.gate >= threshold;
    if (open && r.example.gate) tp++;
    else if (open) fp++;
    else if (r.example.gate) fn++;
    if (r.example.group === TRICKY_GROUP) {
      tricky++;
      if (open) trickyOpen++;
    }
  }
  return { f1: tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn), recall: tp / Math.max(tp + fn, 1), trickyRate: tricky === 0 ? 0 : trickyOpen / tricky };
}

/**
 * Best train gate F1 among the rules that are no worse than the lexical classifier alone where
 * it matters most: they open the gate on no larger share of tricky negatives, and on at least as
 * many significance queries (every arc, tether and valence figure counts a closed gate as a miss).
 */
function fitGate(rows: Scored[]): GateRule {
  const lexical = gateCounts(rows, { share: 0, threshold: 0.5 });
  let best: GateRule = { share: 0, threshold: 0.5 };
  let bestF1 = lexical.f1 + MIN_GATE_GAIN;
  for (const share of SHARES) {
    for (const threshold of THRESHOLDS) {
      const counts = gateCounts(rows, { share, threshold });
      if (counts.trickyRate > lexical.trickyRate + 1e-12 || counts.recall < lexical.recall - 1e-12) continue;
      if (counts.f1 > bestF1 + 1e-12) [best, bestF1] = [{ share, threshold }, counts.f1];
    }
  }
  return best;
}

interface Scored {
  example: LabeledExample;
  lexical: FieldScores;
  /** The lexical classifier's own arc list, best first. */
  lexicalArcs: string[];
  lexicalConfidence: number;
  embedding: FieldScores;
}

/** The value of `candidates` with the highest score; the first (smallest) wins ties. */
function argmax<T>(candidates: readonly T[], score: (candidate: T) => number): T {
  let best = candidates[0] as T;
  let bestScore = -Infinity;
  for (const candidate of candidates) {
    const s = score(candidate);
    if (s > bestScore + 1e-12) [best, bestScore] = [candidate, s];
  }
  return best;
}

/**
 * Accuracy of the top value of `field` over the significance examples, as the classifier
 * benchmark scores it: the tether only where the label names one (a missing tether is not a
 * target), arc type and valence over all of them.
 */
function fieldAccuracy(rows: Scored[], field: ScoredField, share: number): number {
  const significant = rows.filter((r) => r.example.gate && (field !== "tether_type" || r.example.tether_type !== null));
  let right = 0;
  for (const { example, lexical, embedding } of significant) {
    const mixed = mixScores(lexical, embedding, { ...LEXICAL_ONLY_MIX, [field]: share });
    const top = ranked(mixed.fields[field])[0]?.[0];
    if (top !== undefined && labelsOf(example, field).includes(top)) right++;
  }
  return right / Math.max(significant.length, 1);
}

/** Mean arc-set F1 and hit@3 (a labelled arc among the kept ones) over the significance examples. */
function arcSetFigures(rows: Scored[], decode: (r: Scored) => string[]): { f1: number; hitAt3: number } {
  let f1 = 0;
  let hits = 0;
  let count = 0;
  for (const row of rows) {
    if (!row.example.gate) continue;
    const predicted = decode(row);
    const right = predicted.filter((arc) => row.example.arc_types.includes(arc as LabeledExample["arc_types"][number])).length;
    f1 += predicted.length + row.example.arc_types.length === 0 ? 1 : (2 * right) / (predicted.length + row.example.arc_types.length);
    if (right > 0) hits++;
    count++;
  }
  return { f1: f1 / Math.max(count, 1), hitAt3: hits / Math.max(count, 1) };
}

/**
 * The arc cut-off with the best arc-set F1 among those that keep hit@3 at least as high as the
 * lexical classifier's own arc lists (fewer arcs make tighter filters, but must not lose the
 * right arc more often); the highest hit@3 when none does.
 */
function fitArcRatio(rows: Scored[], mix: EnsembleWeights["mix"], gateThreshold: number): number {
  const lexical = arcSetFigures(rows, (r) => r.lexicalArcs);
  // As the ensemble answers: the decoded arcs only where the top arc changed (revisedAnswer).
  const arcsOf = (r: Scored, ratio: number) => {
    const decoded = decodeScores(mixScores(r.lexical, r.embedding, mix, gateThreshold), { arcRatio: ratio }).arc_types;
    return decoded[0] === r.lexicalArcs[0] ? r.lexicalArcs : decoded;
  };
  const figures = ARC_RATIOS.map((ratio) => ({ ratio, ...arcSetFigures(rows, (r) => arcsOf(r, ratio)) }));
  const allowed = figures.filter((f) => f.hitAt3 >= lexical.hitAt3 - 1e-12);
  if (allowed.length === 0) return argmax(figures, (f) => f.hitAt3).ratio;
  return argmax(allowed, (f) => f.f1).ratio;
}

/** The answers a calibration of `scope` covers, and its features (none, i.e. intercept only, when it covers few answers). */
function calibrationSet(rows: Scored[], mixed: FieldScores[], scope: ConfidenceScope) {
  const differing = rows.map((_, i) => i).filter((i) => !sameDecision(rows[i]!.lexicalArcs, rows[i]!.lexical.gate >= 0.5, mixed[i]!));
  const indexes = scope === "differing" ? differing : rows.map((_, i) => i);
  const features = (i: number) => (indexes.length < MIN_CALIBRATION_ROWS ? [] : ensembleConfidenceFeatures(rows[i]!.lexical, rows[i]!.embedding, mixed[i]!));
  return { indexes, differing: differing.length, features };
}

/** ECE of the ensemble's answers over `rows` with the given calibration. */
function ensembleCalibrationError(rows: Scored[], mixed: FieldScores[], calibration: Pick<EnsembleWeights, "confidence" | "confidenceScope">): number {
  const confidences = rows.map((r, i) => {
    const lexical = { confidence: r.lexicalConfidence, arcs: r.lexicalArcs, gate: r.lexical.gate >= 0.5 };
    return ensembleConfidence(calibration, lexical, { lexical: r.lexical, embedding: r.embedding, mixed: mixed[i]! });
  });
  return reliability(confidences.map((confidence, i) => ({ confidence, right: isRight(mixed[i]!, rows[i]!.example) }))).ece;
}

/** A calibration of `scope` fitted on `rows`; null when no answer differs from the lexical one (nothing to calibrate). */
function fitScope(rows: Scored[], mixed: FieldScores[], scope: ConfidenceScope): Pick<EnsembleWeights, "confidence" | "confidenceScope"> {
  const set = calibrationSet(rows, mixed, scope);
  if (set.differing === 0) return { confidence: null, confidenceScope: scope };
  const confidence = fitLogistic(set.indexes.map(set.features), set.indexes.map((i) => isRight(mixed[i]!, rows[i]!.example)));
  return { confidence, confidenceScope: scope };
}

/**
 * The confidence calibration, over `ensembleConfidenceFeatures`: fitted on the answers whose gate
 * or top arc differ from the lexical classifier's (where they agree its confidence stands), or on
 * every answer (the lexical confidence then only one feature beside the two views' agreement);
 * the one with the lower ECE over all train answers is kept. With few answers in its scope, only
 * their rate of being right (an intercept-only model); no differing answer: no calibration.
 */
function fitConfidence(rows: Scored[], mixed: FieldScores[]): Pick<EnsembleWeights, "confidence" | "confidenceScope"> {
  const candidates = CONFIDENCE_SCOPES.map((scope) => fitScope(rows, mixed, scope));
  return argmax(candidates, (c) => -ensembleCalibrationError(rows, mixed, c));
}

/** Each example answered by both classifiers, as the fit reads them. */
async function scoreExamples(lexical: Classifier, embedding: ScoringClassifier, examples: LabeledExample[], embeddingScores?: FieldScores[]): Promise<Scored[]> {
  const rows: Scored[] = [];
  for (const [i, example] of examples.entries()) {
    const { result: lexicalResult, probabilities } = await answerWithProbabilities(lexical, example.query);
    rows.push({
      example,
      lexical: lexicalScores(lexicalResult, probabilities),
      lexicalArcs: lexicalResult.arc_types,
      lexicalConfidence: lexicalResult.confidence,
      embedding: embeddingScores?.[i] ?? (await embedding.scores(example.query)),
    });
  }
  return rows;
}

export interface RecalibrateEnsembleOptions {
  lexical: Classifier;
  embedding: ScoringClassifier;
  /** Labelled queries like the ones the ensemble will answer, none of them fitted on. */
  examples: LabeledExample[];
  /** A note stored with the weights (`calibrated_on`), e.g. the file and count. */
  calibratedOn: string;
}

/**
 * The weights with their confidence calibration (same scope) refitted on `examples`: a
 * calibration set for queries unlike the fit's (out-of-fold train answers are harder than new
 * authors' queries, so a train calibration is under-confident on them). Decisions are unchanged.
 * Returns the ECE over `examples` before and after (in sample: the after figure flatters).
 */
export async function recalibrateEnsemble(weights: EnsembleWeights, options: RecalibrateEnsembleOptions): Promise<{ weights: EnsembleWeights; ece: { before: number; after: number } }> {
  checkEnsembleParts("recalibrateEnsemble", options, ["lexical", "embedding", "examples", "calibratedOn"], ["lexical", "embedding", "examples", "calibratedOn"]);
  const rows = await scoreExamples(options.lexical, options.embedding, options.examples);
  const mixed = rows.map((r) => mixScores(r.lexical, r.embedding, weights.mix, weights.gateThreshold));
  const refitted = fitScope(rows, mixed, weights.confidenceScope ?? "differing");
  return {
    weights: { ...weights, ...refitted, calibrated_on: options.calibratedOn },
    ece: { before: ensembleCalibrationError(rows, mixed, weights), after: ensembleCalibrationError(rows, mixed, refitted) },
  };
}

export interface FitEnsembleOptions {
  lexical: Classifier;
  embedding: ScoringClassifier;
  /** Train split only. */
  examples: LabeledExample[];
  fittedOn: string;
  /** The embedding's scores of `examples`, in order (see `outOfFoldScores`); computed with `embedding` when absent. */
  embeddingScores?: FieldScores[] | undefined;
}

export async function fitEnsembleWeights(options: FitEnsembleOptions): Promise<EnsembleWeights> {
  checkEnsembleParts("fitEnsembleWeights", options, ["lexical", "embedding", "examples", "fittedOn", "embeddingScores"], ["lexical", "embedding", "examples", "fittedOn"]);
  const { lexical, embedding, examples, fittedOn, embeddingScores } = options;
  if (!Array.isArray(examples)) throw new TypeError("fitEnsembleWeights: `examples` must be an array of labelled examples");
  if (embeddingScores !== undefined && embeddingScores.length !== examples.length) throw new Error("embeddingScores must score every example, in order");
  const rows = await scoreExamples(lexical, embedding, examples, embeddingScores);
  const gate = fitGate(rows);
  const mix: EnsembleWeights["mix"] = {
    gate: gate.share,
    arc_type: argmax(SHARES, (share) => fieldAccuracy(rows, "arc_type", share)),
    tether_type: argmax(SHARES, (share) => fieldAccuracy(rows, "tether_type", share)),
    valence: argmax(SHARES, (share) => fieldAccuracy(rows, "valence", share)),
  };
  const arcRatio = fitArcRatio(rows, mix, gate.threshold);
  const mixed = rows.map((r) => mixScores(r.lexical, r.embedding, mix, gate.threshold));
  const { confidence, confidenceScope } = fitConfidence(rows, mixed);
  return { format: ENSEMBLE_WEIGHTS_FORMAT, lexical: lexical.model, embedding: embedding.model, fitted_on: fittedOn, mix, gateThreshold: gate.threshold, arcRatio, confidence, confidenceScope };
}
