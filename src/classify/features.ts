/**
 * Stage 6a: the features the linear models (linear.ts) read, all taken from the analysis: the
 * query's stemmed words and adjacent word pairs (so a model can learn phrasings the lexicons never
 * listed), each word's cluster (word-clusters.ts: GloVe neighbours share one, so words no train
 * query used still count), the lexicons' evidence per arc, tether, valence, emotion, relation and
 * temporal context (capped, as the gate caps it), and the query's form. Names are readable on
 * purpose: an explanation lists them ("w:funeral", "b:my father", "c:212", "arc:grief").
 */
import type { Analysis, Scores } from "./analyze.js";
import { WORD_CLUSTERS } from "./word-clusters.js";

/** Word → its cluster's feature name ("c:17"), built once. */
const CLUSTER_OF: ReadonlyMap<string, string> = new Map(WORD_CLUSTERS.flatMap((words, i) => words.split(" ").map((w) => [w, `c:${i}`] as const)));

/** Sparse features: parallel arrays of names and values (no object per feature on the hot path). */
export interface FeatureVector { names: string[]; values: number[] }

const CUE_CAP = 4;

/**
 * Where the features go. The models score a query without building its feature names (sparse
 * features arrive as stems, dense ones by name); `linearFeatures` collects the names for fitting
 * and `explain`. One traversal (`visitFeatures`) feeds both, so they cannot disagree.
 */
export interface FeatureSink {
  /** "w:<stem>" */
  word(stem: string): void;
  /** "b:<first> <second>" */
  pair(first: string, second: string): void;
  /** Cluster ("c:17") and dense features (lexicon evidence, anchor, form), by name. */
  named(name: string, value: number): void;
}

/**
 * Feature names by prefix and key ("arc:" + "grief"), built once: a name made by concatenation on
 * every query is a fresh string the models' Map must hash again; a stored one keeps its hash.
 */
const NAMES = new Map<string, Map<string, string>>();
function nameOf(prefix: string, key: string): string {
  let byKey = NAMES.get(prefix);
  if (byKey === undefined) NAMES.set(prefix, (byKey = new Map()));
  let name = byKey.get(key);
  if (name === undefined) byKey.set(key, (name = prefix + key));
  return name;
}

function visitScores(sink: FeatureSink, prefix: string, scores: Scores<string>): void {
  for (const key in scores) {
    const score = scores[key]!.score;
    if (score > 0) sink.named(nameOf(prefix, key), Math.min(score, CUE_CAP));
  }
}

/** Whether items[at] occurred before it (a query has few words: a scan beats a Set per query). */
function seenBefore(items: readonly string[], at: number): boolean {
  for (let j = 0; j < at; j++) if (items[j] === items[at]) return true;
  return false;
}
/** Whether the pair (tokens[at], tokens[at + 1]) occurred before it. */
function pairSeenBefore(tokens: readonly string[], at: number): boolean {
  for (let j = 0; j < at; j++) if (tokens[j] === tokens[at] && tokens[j + 1] === tokens[at + 1]) return true;
  return false;
}
/** Adds key to a set (long texts) or a short list (a query's few items, scanned); whether it was new. */
function addNew(seen: Set<string> | string[], key: string): boolean {
  if (Array.isArray(seen)) {
    if (seen.includes(key)) return false;
    seen.push(key);
  } else {
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}
/** Texts longer than this (documents through tag(), pasted paragraphs) use sets instead of scans. */
const SCAN_LIMIT = 64;

/** Every feature of the analysis once, in a fixed order (words and pairs by position, clusters, dense). */
export function visitFeatures(a: Analysis, sink: FeatureSink): void {
  const tokens = a.tokens;
  const long = tokens.length > SCAN_LIMIT;
  const words = long ? new Set<string>() : undefined, pairs = long ? new Set<string>() : undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (words ? addNew(words, token) : !seenBefore(tokens, i)) sink.word(token);
    if (i + 1 < tokens.length) {
      const next = tokens[i + 1]!;
      if (pairs ? addNew(pairs, token + " " + next) : !pairSeenBefore(tokens, i)) sink.pair(token, next);
    }
  }
  // Each word's cluster: words the train queries never used still meet their neighbours' weights.
  if (a.normalized !== "") {
    const clusters: Set<string> | string[] = long ? new Set() : [];
    for (const word of a.normalized.split(" ")) {
      const cluster = CLUSTER_OF.get(word);
      if (cluster !== undefined && addNew(clusters, cluster)) sink.named(cluster, 1);
    }
  }
  visitScores(sink, "arc:", a.arcs);
  visitScores(sink, "tether:", a.tether);
  for (const type in a.anchor.opening) sink.named(nameOf("opening:", type), Math.min(a.anchor.opening[type as keyof typeof a.anchor.opening]!, CUE_CAP));
  if (a.anchor.first !== null) sink.named(nameOf("first:", a.anchor.first), 1);
  visitScores(sink, "valence:", a.valence);
  visitScores(sink, "emotion:", a.emotion);
  visitScores(sink, "relation:", a.relation);
  visitScores(sink, "temporal:", a.temporal);
  if (a.intensity.score > 0) sink.named("intensity", Math.min(a.intensity.score, CUE_CAP));
  if (a.arcRanking.length === 0) sink.named("no_arc_cue", 1);
  const f = a.form;
  if (f.personal > 0) sink.named("form:personal", f.personal);
  if (f.past > 0) sink.named("form:past", f.past);
  if (f.gerundOpening) sink.named("form:gerund_opening", 1);
  if (f.whenClause) sink.named("form:when_clause", 1);
}

/** The features by name, for fitting and explanations. */
export function linearFeatures(a: Analysis): FeatureVector {
  const out: FeatureVector = { names: [], values: [] };
  const push = (name: string, value: number) => { out.names.push(name); out.values.push(value); };
  visitFeatures(a, { word: (stem) => push("w:" + stem, 1), pair: (first, second) => push("b:" + first + " " + second, 1), named: push });
  return out;
}

/** A cluster feature named for the reader: "c:212" → "c:212 (sorry)", the query's words in that cluster. */
export function describeFeature(name: string, normalized: string): string {
  if (!name.startsWith("c:") || normalized === "") return name;
  const words = normalized.split(" ").filter((w, i, all) => CLUSTER_OF.get(w) === name && all.indexOf(w) === i);
  return words.length ? `${name} (${words.join(", ")})` : name;
}

/** Whether a feature is a lexicon/form score (dense) rather than a word or word pair (sparse). */
export const isDenseFeature = (name: string): boolean => !name.startsWith("w:") && !name.startsWith("b:") && !name.startsWith("c:");
