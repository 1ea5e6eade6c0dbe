/**
 * Prototypes: one centroid per label in the embedding space of one embedder, fitted from labeled
 * queries (train split only), and the calibrations that turn cosines into probabilities.
 * Stored as JSON next to the model they belong to (models/static-embedding/arcroute-prototypes.json).
 */
import type { Embedder } from "../../embed/types.js";
import { isCanonicalValue } from "../../schema/vocabulary.js";
import { labelsOf, NONE, SCORED_FIELDS, type LabeledExample, type ScoredField } from "./labels.js";
import { fitLogistic, predict, type Logistic } from "./logistic.js";
import { confidenceFeatures, ranked, type FieldScores } from "./scores.js";

export const PROTOTYPES_FORMAT = "arcroute-prototypes@1";

export interface FieldPrototypes {
  /** Softmax temperature over cosines, fitted by likelihood on the train split. */
  temperature: number;
  centroids: Record<string, number[]>;
}

/**
 * The labelled examples themselves as prototypes: the `k` most similar significant train queries
 * vote for their labels, weighted by cosine. Nearer in spirit to how people label than one centroid
 * per label (a label's queries are many clusters, not one), and a better second opinion for the
 * ensemble (train, author-held-out: top-1 +0.6, tether +0.6 points over the lexical models alone,
 * centroids +0.1 / +0.3). Vectors are stored as int8 (`scale` per unit) in `file`, next to the
 * prototypes; `vectors` is filled when loaded or fitted, never written into the JSON.
 */
export interface NeighbourVotes {
  k: number;
  file: string;
  count: number;
  scale: number;
  /** Label value names per field; `labels` index into them (-1: the example has none). */
  values: Record<ScoredField, string[]>;
  labels: { arc_type: number[][]; tether_type: number[]; valence: number[] };
  vectors?: Int8Array;
}

/** File name of the example vectors inside the model folder. */
export const NEIGHBOURS_FILE = "arcroute-neighbours.bin";
/** Neighbours that vote: chosen by author-held-out accuracy of the mix on train (10 and 20 tie; 40 and 80 lose). */
export const NEIGHBOUR_K = 10;

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
  /** When present, the field scores are the neighbours' votes (the gate stays with the centroids). */
  neighbours?: NeighbourVotes;
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

/**
 * Field scores of one (unit) query vector. `exclude`: an example that must not vote for itself
 * (its index among the neighbours, when scoring the train examples the set was fitted on).
 */
export function scoreVector(vector: Float32Array, set: Omit<PrototypeSet, "confidence">, exclude = -1): FieldScores {
  const gate = predict(set.gate.calibration, [gateMargin(vector, set.gate)]);
  const votes = set.neighbours ? neighbourVotes(vector, set.neighbours, exclude) : undefined;
  const fields = Object.fromEntries(
    SCORED_FIELDS.map((field) => [field, votes?.[field] ?? softmax(cosines(vector, set.fields[field].centroids), set.fields[field].temperature)]),
  ) as FieldScores["fields"];
  return { gate, fields };
}

/** The stored int8 vectors as floats (scale applied), made once per set: the scan is the hot path. */
const FLOAT_VECTORS = new WeakMap<NeighbourVotes, Float32Array>();
function floatVectors(n: NeighbourVotes): Float32Array {
  let floats = FLOAT_VECTORS.get(n);
  if (floats) return floats;
  if (!n.vectors) throw new Error(`the neighbour vectors (${n.file}) were not loaded`);
  floats = Float32Array.from(n.vectors, (x) => x * n.scale);
  FLOAT_VECTORS.set(n, floats);
  return floats;
}

/** The k most similar examples (index, cosine), best first. */
function nearestExamples(vector: Float32Array, n: NeighbourVotes, exclude: number): { index: number; similarity: number }[] {
  const vectors = floatVectors(n);
  const dimensions = vector.length;
  const best: { index: number; similarity: number }[] = [];
  for (let i = 0, offset = 0; i < n.count; i++, offset += dimensions) {
    if (i === exclude) continue;
    // Four running sums: independent additions the engine can overlap.
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    let d = 0;
    for (; d + 3 < dimensions; d += 4) {
      s0 += vector[d]! * vectors[offset + d]!;
      s1 += vector[d + 1]! * vectors[offset + d + 1]!;
      s2 += vector[d + 2]! * vectors[offset + d + 2]!;
      s3 += vector[d + 3]! * vectors[offset + d + 3]!;
    }
    for (; d < dimensions; d++) s0 += vector[d]! * vectors[offset + d]!;
    const similarity = s0 + s1 + s2 + s3;
    if (best.length === n.k && similarity <= best[n.k - 1]!.similarity) continue;
    let at = best.length === n.k ? n.k - 1 : best.length;
    while (at > 0 && best[at - 1]!.similarity < similarity) { best[at] = best[at - 1]!; at--; }
    best[at] = { index: i, similarity };
  }
  return best;
}

/** Each field's distribution over the labels of the nearest examples, weighted by similarity; undefined where none has a label. */
function neighbourVotes(vector: Float32Array, n: NeighbourVotes, exclude: number): Partial<FieldScores["fields"]> {
  const tally: Record<ScoredField, Record<string, number>> = { arc_type: {}, tether_type: {}, valence: {} };
  const totals: Record<ScoredField, number> = { arc_type: 0, tether_type: 0, valence: 0 };
  const add = (field: ScoredField, value: number, weight: number) => {
    const name = n.values[field][value]!;
    tally[field][name] = (tally[field][name] ?? 0) + weight;
    totals[field] += weight;
  };
  for (const { index, similarity } of nearestExamples(vector, n, exclude)) {
    const weight = Math.max(0, similarity);
    const arcs = n.labels.arc_type[index]!;
    for (const arc of arcs) add("arc_type", arc, weight / arcs.length);
    for (const field of ["tether_type", "valence"] as const) if (n.labels[field][index]! >= 0) add(field, n.labels[field][index]!, weight);
  }
  const out: Partial<FieldScores["fields"]> = {};
  for (const field of SCORED_FIELDS) {
    if (totals[field] > 0) out[field] = Object.fromEntries(Object.entries(tally[field]).map(([value, w]) => [value, w / totals[field]]));
  }
  return out;
}

/** The significant examples as neighbour prototypes, their vectors quantised to int8. */
function fitNeighbours(examples: LabeledExample[], vectors: Float32Array[], dimensions: number): NeighbourVotes {
  const members = examples.map((e, i) => ({ e, v: vectors[i]! })).filter(({ e }) => e.gate && e.arc_types.length > 0);
  let largest = 0;
  for (const { v } of members) for (let d = 0; d < dimensions; d++) largest = Math.max(largest, Math.abs(v[d]!));
  const scale = (largest || 1) / 127;
  const quantised = new Int8Array(members.length * dimensions);
  members.forEach(({ v }, i) => { for (let d = 0; d < dimensions; d++) quantised[i * dimensions + d] = Math.round(v[d]! / scale); });
  const values = Object.fromEntries(SCORED_FIELDS.map((field) => [field, [...new Set(members.flatMap(({ e }) => labelsOf(e, field)))].filter((v) => v !== NONE).sort()])) as NeighbourVotes["values"];
  const indexOf = (field: ScoredField, value: string | null) => (value === null ? -1 : values[field].indexOf(value));
  return {
    k: NEIGHBOUR_K,
    file: NEIGHBOURS_FILE,
    count: members.length,
    scale,
    values,
    labels: {
      arc_type: members.map(({ e }) => e.arc_types.map((arc) => indexOf("arc_type", arc))),
      tether_type: members.map(({ e }) => indexOf("tether_type", e.tether_type)),
      valence: members.map(({ e }) => indexOf("valence", e.valence)),
    },
    vectors: quantised,
  };
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

/** Each example's index among the neighbour prototypes (-1 when it is not one): the order fitNeighbours keeps. */
function neighbourIndexes(examples: LabeledExample[]): number[] {
  let next = 0;
  return examples.map((e) => (e.gate && e.arc_types.length > 0 ? next++ : -1));
}

export interface FitPrototypesOptions {
  /** Keep the examples as voting neighbours (default true); false: centroids only. */
  neighbours?: boolean | undefined;
}

/**
 * Why labelled examples cannot be fitted, or null. The prototypes need both sides of the gate and
 * one significant example with an arc (else every score is NaN or a tie broken by name), and the
 * labels must be canonical (the classifier answers with them, and the adapters compare exactly).
 */
function examplesProblem(examples: readonly LabeledExample[]): string | null {
  if (!examples.some((e) => e.gate) || !examples.some((e) => !e.gate)) return "needs examples on both sides of the gate (gate true and gate false)";
  if (!examples.some((e) => e.gate && e.arc_types.length > 0)) return "needs at least one significant example with an arc type";
  for (const [i, e] of examples.entries()) {
    if (typeof e.query !== "string" || e.query.trim() === "") return `example ${i}: query must be a non-empty string`;
    const bad = e.arc_types.find((arc) => !isCanonicalValue("arc_type", arc));
    if (bad !== undefined) return `example ${i}: arc type ${JSON.stringify(bad)} is not canonical`;
    for (const field of ["tether_type", "valence"] as const) {
      const value = e[field];
      if (value !== null && !isCanonicalValue(field, value)) return `example ${i}: ${field} ${JSON.stringify(value)} is not canonical`;
    }
  }
  return null;
}

/** Fits centroids and calibrations on labelled examples (pass the train split only). */
export async function fitPrototypes(embedder: Embedder, examples: LabeledExample[], fittedOn: string, options: FitPrototypesOptions = {}): Promise<PrototypeSet> {
  const problem = examplesProblem(examples);
  if (problem !== null) throw new RangeError(`fitPrototypes ${problem}`);
  const vectors = await embedder.embed(examples.map((e) => e.query));
  const dimensions = embedder.dimensions;
  const wrong = vectors.find((v) => v.length !== dimensions);
  if (wrong) throw new RangeError(`fitPrototypes: the embedder '${embedder.model}' declares ${dimensions} dimensions but returned a vector of ${wrong.length}`);
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
  const neighbours = options.neighbours === false ? undefined : fitNeighbours(examples, vectors, dimensions);
  const partial = { format: PROTOTYPES_FORMAT, embedder: embedder.model, dimensions, fitted_on: fittedOn, gate: { ...sides, calibration }, fields, ...(neighbours ? { neighbours } : {}) } as const;
  // Each example scored without its own vote: the calibration must see answers like a new query's.
  const neighbourIndex = neighbourIndexes(examples);
  const scores = vectors.map((v, i) => scoreVector(v, partial, neighbourIndex[i]));
  const confidence = fitLogistic(scores.map(confidenceFeatures), scores.map((s, i) => isRight(s, examples[i]!)));
  return { ...partial, confidence };
}
