/**
 * Prototypes: one centroid per label in the embedding space of one embedder, fitted from labeled
 * queries (train split only), and the calibrations that turn cosines into probabilities.
 * Stored as JSON next to the model they belong to (models/static-embedding/arcroute-prototypes.json).
 */
import type { Embedder } from "../../embed/types.js";
import { labelsOf, SCORED_FIELDS, type LabeledExample, type ScoredField } from "./labels.js";
import { fitLogistic, predict, type Logistic } from "./logistic.js";
import { confidenceFeatures, ranked, type FieldScores } from "./scores.js";

export const PROTOTYPES_FORMAT = "arcroute-prototypes@1";

export interface FieldPrototypes {
  /** Softmax temperature over cosines, fitted by likelihood on the train split. */
  temperature: number;
  centroids: Record<string, number[]>;
}

export interface PrototypeSet {
  format: typeof PROTOTYPES_FORMAT;
  /** `Embedder.model` the centroids live in; another embedder cannot use them. */
  embedder: string;
  dimensions: number;
  /** Where the examples came from, e.g. `benchmarks/queries/queries.jsonl split=train (312)`. */
  fitted_on: string;
  /** One centroid per query group on each side of the gate (one per side without groups). */
  gate: { significant: number[][]; other: number[][]; calibration: Logistic };
  fields: Record<ScoredField, FieldPrototypes>;
  confidence: Logistic;
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};

function centroid(vectors: Float32Array[], dimensions: number): number[] {
  const sum = new Array<number>(dimensions).fill(0);
  for (const vector of vectors) for (let i = 0; i < dimensions; i++) sum[i]! += vector[i]!;
  const norm = Math.sqrt(dot(sum, sum)) || 1;
  return sum.map((x) => Number((x / norm).toFixed(4)));
}

function softmax(cosines: Record<string, number>, temperature: number): Record<string, number> {
  const max = Math.max(...Object.values(cosines));
  const exp = Object.fromEntries(Object.entries(cosines).map(([k, c]) => [k, Math.exp((c - max) / temperature)]));
  const total = Object.values(exp).reduce((a, b) => a + b, 0);
  return Object.fromEntries(Object.entries(exp).map(([k, e]) => [k, e / total]));
}

const cosines = (vector: Float32Array, centroids: Record<string, number[]>) =>
  Object.fromEntries(Object.entries(centroids).map(([label, c]) => [label, dot(vector, c)]));

const nearest = (vector: Float32Array, centroids: number[][]) => Math.max(...centroids.map((c) => dot(vector, c)));
const gateMargin = (vector: Float32Array, gate: PrototypeSet["gate"]) => nearest(vector, gate.significant) - nearest(vector, gate.other);

/** Field scores of one (unit) query vector. */
export function scoreVector(vector: Float32Array, set: Omit<PrototypeSet, "confidence">): FieldScores {
  const gate = predict(set.gate.calibration, [gateMargin(vector, set.gate)]);
  const fields = Object.fromEntries(
    SCORED_FIELDS.map((field) => [field, softmax(cosines(vector, set.fields[field].centroids), set.fields[field].temperature)]),
  ) as FieldScores["fields"];
  return { gate, fields };
}

const TEMPERATURES = [0.01, 0.02, 0.03, 0.05, 0.08, 0.12, 0.2];

function fitField(field: ScoredField, examples: LabeledExample[], vectors: Float32Array[], dimensions: number): FieldPrototypes {
  const members = new Map<string, Float32Array[]>();
  examples.forEach((example, i) => {
    if (!example.gate) return;
    for (const label of labelsOf(example, field)) members.set(label, [...(members.get(label) ?? []), vectors[i]!]);
  });
  const centroids = Object.fromEntries([...members].sort().map(([label, vs]) => [label, centroid(vs, dimensions)]));
  // Temperature by likelihood of the first (best) label among the significant examples.
  let best = { temperature: TEMPERATURES[0]!, logLikelihood: -Infinity };
  for (const temperature of TEMPERATURES) {
    let logLikelihood = 0;
    examples.forEach((example, i) => {
      const label = labelsOf(example, field)[0];
      if (!example.gate || label === undefined) return;
      logLikelihood += Math.log(softmax(cosines(vectors[i]!, centroids), temperature)[label] ?? 1e-9);
    });
    if (logLikelihood > best.logLikelihood) best = { temperature, logLikelihood };
  }
  return { temperature: best.temperature, centroids };
}

/** Whether a classification from `scores` is right about `example`: the gate, and the top arc when significant. */
export function isRight(scores: FieldScores, example: LabeledExample): boolean {
  const gate = scores.gate >= 0.5;
  if (gate !== example.gate) return false;
  if (!gate) return true;
  const top = ranked(scores.fields.arc_type)[0]?.[0];
  return top !== undefined && example.arc_types.includes(top as LabeledExample["arc_types"][number]);
}

/** Fits centroids and calibrations on labeled examples (pass the train split only). */
export async function fitPrototypes(embedder: Embedder, examples: LabeledExample[], fittedOn: string): Promise<PrototypeSet> {
  const vectors = await embedder.embed(examples.map((e) => e.query));
  const dimensions = embedder.dimensions;
  const groupCentroids = (side: boolean) => {
    const groups = new Map<string, Float32Array[]>();
    examples.forEach((e, i) => {
      if (e.gate === side) groups.set(e.group ?? "", [...(groups.get(e.group ?? "") ?? []), vectors[i]!]);
    });
    return [...groups].sort((a, b) => a[0].localeCompare(b[0])).map(([, vs]) => centroid(vs, dimensions));
  };
  const sides = { significant: groupCentroids(true), other: groupCentroids(false) };
  const calibration = fitLogistic(
    vectors.map((v) => [gateMargin(v, { ...sides, calibration: { weights: [] } })]),
    examples.map((e) => e.gate),
  );
  const fields = Object.fromEntries(
    SCORED_FIELDS.map((field) => [field, fitField(field, examples, vectors, dimensions)]),
  ) as Record<ScoredField, FieldPrototypes>;
  const partial = { format: PROTOTYPES_FORMAT, embedder: embedder.model, dimensions, fitted_on: fittedOn, gate: { ...sides, calibration }, fields } as const;
  const scores = vectors.map((v) => scoreVector(v, partial));
  const confidence = fitLogistic(scores.map(confidenceFeatures), scores.map((s, i) => isRight(s, examples[i]!)));
  return { ...partial, confidence };
}
