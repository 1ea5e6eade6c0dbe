/**
 * Stage 6a: the features the linear models (linear.ts) read, all taken from the analysis: the
 * query's stemmed words and adjacent word pairs (so a model can learn phrasings the lexicons never
 * listed), each word's cluster (word-clusters.ts: GloVe neighbours share one, so words no train
 * query used still count), the lexicons' evidence per arc, tether, valence, emotion, relation and
 * temporal context (capped, as the gate caps it), and the query's form. Names are readable on
 * purpose: an explanation lists them ("w:funeral", "b:my father", "c:212", "arc:grief").
 */
import type { Analysis, Scores } from "./analyze.js";
import { tokenize } from "./tokenize.js";
import { WORD_CLUSTERS } from "./word-clusters.js";

/** Word → its cluster's feature name ("c:17"), built once. */
const CLUSTER_OF: ReadonlyMap<string, string> = new Map(WORD_CLUSTERS.flatMap((words, i) => words.split(" ").map((w) => [w, `c:${i}`] as const)));

/** Sparse features: parallel arrays of names and values (no object per feature on the hot path). */
export interface FeatureVector { names: string[]; values: number[] }

const CUE_CAP = 4;

function pushScores(out: FeatureVector, prefix: string, scores: Scores<string>): void {
  for (const key in scores) {
    const score = scores[key]!.score;
    if (score > 0) { out.names.push(prefix + key); out.values.push(Math.min(score, CUE_CAP)); }
  }
}

export function linearFeatures(a: Analysis): FeatureVector {
  const out: FeatureVector = { names: [], values: [] };
  const tokens = tokenize(a.normalized);
  const seen = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const word = "w:" + tokens[i]!;
    if (!seen.has(word)) { seen.add(word); out.names.push(word); out.values.push(1); }
    if (i + 1 < tokens.length) {
      const pair = "b:" + tokens[i]! + " " + tokens[i + 1]!;
      if (!seen.has(pair)) { seen.add(pair); out.names.push(pair); out.values.push(1); }
    }
  }
  // Each word's cluster: words the train queries never used still meet their neighbours' weights.
  if (a.normalized !== "") for (const word of a.normalized.split(" ")) {
    const cluster = CLUSTER_OF.get(word);
    if (cluster !== undefined && !seen.has(cluster)) { seen.add(cluster); out.names.push(cluster); out.values.push(1); }
  }
  pushScores(out, "arc:", a.arcs);
  pushScores(out, "tether:", a.tether);
  for (const type in a.anchor.opening) { out.names.push("opening:" + type); out.values.push(Math.min(a.anchor.opening[type as keyof typeof a.anchor.opening]!, CUE_CAP)); }
  if (a.anchor.first !== null) { out.names.push("first:" + a.anchor.first); out.values.push(1); }
  pushScores(out, "valence:", a.valence);
  pushScores(out, "emotion:", a.emotion);
  pushScores(out, "relation:", a.relation);
  pushScores(out, "temporal:", a.temporal);
  if (a.intensity.score > 0) { out.names.push("intensity"); out.values.push(Math.min(a.intensity.score, CUE_CAP)); }
  if (a.arcRanking.length === 0) { out.names.push("no_arc_cue"); out.values.push(1); }
  const f = a.form;
  if (f.personal > 0) { out.names.push("form:personal"); out.values.push(f.personal); }
  if (f.past > 0) { out.names.push("form:past"); out.values.push(f.past); }
  if (f.gerundOpening) { out.names.push("form:gerund_opening"); out.values.push(1); }
  if (f.whenClause) { out.names.push("form:when_clause"); out.values.push(1); }
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
