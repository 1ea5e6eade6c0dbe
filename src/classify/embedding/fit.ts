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
  ENSEMBLE_WEIGHTS_FORMAT,
  LEXICAL_ONLY_MIX,
  lexicalScores,
  mixScores,
  type EnsembleWeights,
} from "./ensemble.js";
import type { Embedder } from "../../embed/types.js";
import { labelsOf, type LabeledExample, type ScoredField } from "./labels.js";
import { fitLogistic } from "./logistic.js";
import { fitPrototypes, isRight, scoreVector } from "./prototypes.js";
import { confidenceFeatures, decodeScores, ranked, type FieldScores } from "./scores.js";

const SHARES = Array.from({ length: 21 }, (_, i) => i / 20);
const ARC_RATIOS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
/** Gate thresholds tried, nearest to 0.5 first (so ties keep the plain decision rule). */
const THRESHOLDS = Array.from({ length: 17 }, (_, i) => 0.3 + i * 0.025).sort((a, b) => Math.abs(a - 0.5) - Math.abs(b - 0.5));
/** Query group whose gate must stay closed (the labelled set's name for it). */
const TRICKY_GROUP = "tricky_negative";

/**
 * Embedding scores of each example from prototypes fitted WITHOUT it: the examples are dealt
 * into `folds` folds (by position), and each fold is scored by prototypes fitted on the others.
 */
export async function outOfFoldScores(embedder: Embedder, examples: LabeledExample[], folds = 5): Promise<FieldScores[]> {
  const vectors = await embedder.embed(examples.map((e) => e.query));
  const out: FieldScores[] = new Array(examples.length);
  for (let fold = 0; fold < folds; fold++) {
    const training = examples.filter((_, i) => i % folds !== fold);
    const prototypes = await fitPrototypes(embedder, training, `fold ${fold}`);
    examples.forEach((_, i) => {
      if (i % folds === fold) out[i] = scoreVector(vectors[i]!, prototypes);
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
  let bestF1 = lexical.f1;
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

function arcSetF1(rows: Scored[], mix: EnsembleWeights["mix"], arcRatio: number): number {
  let total = 0;
  let count = 0;
  for (const { example, lexical, embedding } of rows) {
    if (!example.gate) continue;
    const predicted = decodeScores(mixScores(lexical, embedding, mix), { arcRatio }).arc_types;
    const hits = predicted.filter((arc) => example.arc_types.includes(arc)).length;
    total += predicted.length + example.arc_types.length === 0 ? 1 : (2 * hits) / (predicted.length + example.arc_types.length);
    count++;
  }
  return total / Math.max(count, 1);
}

export interface FitEnsembleOptions {
  lexical: Classifier;
  embedding: ScoringClassifier;
  /** Train split only. */
  examples: LabeledExample[];
  fittedOn: string;
  /** The embedding's scores of `examples`, in order (see `outOfFoldScores`); computed with `embedding` when absent. */
  embeddingScores?: FieldScores[];
}

export async function fitEnsembleWeights({ lexical, embedding, examples, fittedOn, embeddingScores }: FitEnsembleOptions): Promise<EnsembleWeights> {
  if (embeddingScores !== undefined && embeddingScores.length !== examples.length) throw new Error("embeddingScores must score every example, in order");
  const rows: Scored[] = [];
  for (const [i, example] of examples.entries()) {
    rows.push({
      example,
      lexical: lexicalScores(await lexical.classify(example.query)),
      embedding: embeddingScores?.[i] ?? (await embedding.scores(example.query)),
    });
  }
  const gate = fitGate(rows);
  const mix: EnsembleWeights["mix"] = {
    gate: gate.share,
    arc_type: argmax(SHARES, (share) => fieldAccuracy(rows, "arc_type", share)),
    tether_type: argmax(SHARES, (share) => fieldAccuracy(rows, "tether_type", share)),
    valence: argmax(SHARES, (share) => fieldAccuracy(rows, "valence", share)),
  };
  const arcRatio = argmax(ARC_RATIOS, (ratio) => arcSetF1(rows, mix, ratio));
  const mixed = rows.map((r) => mixScores(r.lexical, r.embedding, mix, gate.threshold));
  const confidence = fitLogistic(mixed.map(confidenceFeatures), mixed.map((s, i) => isRight(s, rows[i]!.example)));
  return { format: ENSEMBLE_WEIGHTS_FORMAT, lexical: lexical.model, embedding: embedding.model, fitted_on: fittedOn, mix, gateThreshold: gate.threshold, arcRatio, confidence };
}
