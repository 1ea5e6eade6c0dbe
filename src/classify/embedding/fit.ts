/**
 * Fits the ensemble on labeled examples (the train split): per decision, the share of the
 * embedding score that maximises train accuracy (ties go to the lexical side), the arc-type
 * cut-off, and a confidence calibration on the mixed scores.
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
import { labelsOf, type LabeledExample, type ScoredField } from "./labels.js";
import { fitLogistic } from "./logistic.js";
import { isRight } from "./prototypes.js";
import { confidenceFeatures, decodeScores, ranked, type FieldScores } from "./scores.js";

const SHARES = Array.from({ length: 21 }, (_, i) => i / 20);
const ARC_RATIOS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];

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

function fieldAccuracy(rows: Scored[], field: ScoredField, share: number): number {
  const significant = rows.filter((r) => r.example.gate);
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
}

export async function fitEnsembleWeights({ lexical, embedding, examples, fittedOn }: FitEnsembleOptions): Promise<EnsembleWeights> {
  const rows: Scored[] = [];
  for (const example of examples) {
    rows.push({
      example,
      lexical: lexicalScores(await lexical.classify(example.query)),
      embedding: await embedding.scores(example.query),
    });
  }
  const gate = argmax(SHARES, (share) => {
    const mixed = (r: Scored) => (1 - share) * r.lexical.gate + share * r.embedding.gate;
    return rows.filter((r) => mixed(r) >= 0.5 === r.example.gate).length;
  });
  const mix: EnsembleWeights["mix"] = {
    gate,
    arc_type: argmax(SHARES, (share) => fieldAccuracy(rows, "arc_type", share)),
    tether_type: argmax(SHARES, (share) => fieldAccuracy(rows, "tether_type", share)),
    valence: argmax(SHARES, (share) => fieldAccuracy(rows, "valence", share)),
  };
  const arcRatio = argmax(ARC_RATIOS, (ratio) => arcSetF1(rows, mix, ratio));
  const mixed = rows.map((r) => mixScores(r.lexical, r.embedding, mix));
  const confidence = fitLogistic(mixed.map(confidenceFeatures), mixed.map((s, i) => isRight(s, rows[i]!.example)));
  return { format: ENSEMBLE_WEIGHTS_FORMAT, lexical: lexical.model, embedding: embedding.model, fitted_on: fittedOn, mix, arcRatio, confidence };
}
