/**
 * The ensemble: the lexical classifier's answer and the embedding classifier's scores, mixed per
 * field with weights fitted on the train split (a weight of 0 means "lexical only"), decoded by
 * the same step as the embedding classifier; the answer is the lexical one with only the decisions
 * that mixing changed (gate, top arc, tether, valence) replaced (`revisedAnswer`). The confidence
 * is a calibration over the lexical confidence and the two views' agreement, for every answer or
 * only for those that decide otherwise (`confidenceScope`; the lexical confidence stands elsewhere).
 * Filters on fields the embedding does not score (emotion, relations, weight…) are the lexical ones.
 * With a tether stack (tether.ts) in the weights, the tether type is then revised from the lexical
 * choice by the query's and its anchor phrase's embeddings (the one step cross-validation on train
 * found a gain for; see scripts/fit-embedding-classifier.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { shippedModelsDir, SHIPPED_STATIC_MODEL } from "../../embed/transformers.js";
import type { FieldFilter } from "../../schema/activation.js";
import { checkOptions, hasMethods, requireOptions } from "../../schema/options.js";
import { analyze, lexicalClassifier } from "../index.js";
import type { Classification, Classifier, FieldProbabilities, ProbabilisticClassifier } from "../types.js";
import { createShippedEmbeddingClassifier, type ScoringClassifier } from "./classifier.js";
import { NONE, SCORED_FIELDS, type ScoredField } from "./labels.js";
import type { Logistic } from "./logistic.js";
import { predict } from "./logistic.js";
import { decodeScores, ranked, type FieldScores } from "./scores.js";
import { primaryDomain } from "../filters.js";
import { anchorPhrase, predictTether, type TetherStack } from "./tether.js";

export const ENSEMBLE_VERSION = "arcroute-ensemble@1";
export const ENSEMBLE_WEIGHTS_FORMAT = "arcroute-ensemble-weights@2";
/** File name of the fitted weights, inside the embedding model's folder. */
export const ENSEMBLE_WEIGHTS_FILE = "arcroute-ensemble.json";

export const CONFIDENCE_SCOPES = ["differing", "every"] as const;
export type ConfidenceScope = (typeof CONFIDENCE_SCOPES)[number];

export interface EnsembleWeights {
  format: typeof ENSEMBLE_WEIGHTS_FORMAT;
  /** Models the weights were fitted for (informative; the ensemble still runs with others). */
  lexical: string;
  embedding: string;
  fitted_on: string;
  /** Share of the embedding score per decision, in [0, 1]: mixed = (1 − w)·lexical + w·embedding. */
  mix: Record<"gate" | ScoredField, number>;
  /** The mixed gate score opens the gate from this value on (0.5 when absent). */
  gateThreshold?: number;
  arcRatio: number;
  /**
   * Calibration over `ensembleConfidenceFeatures`, for the answers `confidenceScope` names;
   * intercept-only (their rate of being right) when it was fitted on few answers; null when no
   * answer differed from the lexical one.
   */
  confidence: Logistic | null;
  /**
   * Which answers `confidence` calibrates: "differing" (default) those whose gate or top arc
   * differ from the lexical classifier's; "every" all of them, the lexical confidence being one
   * of its features beside the agreement of the two views. The fit keeps the lower train ECE.
   */
  confidenceScope?: ConfidenceScope;
  /** Where `confidence` was refitted, when not on `fitted_on` (`recalibrateEnsemble`). */
  calibrated_on?: string;
  /** Revises the tether type (absent: the mixed/lexical tether stands). Needs an embedding classifier that exposes its embedder. */
  tether?: TetherStack;
}

/** Identity weights: the ensemble answers exactly like the lexical classifier's decisions. */
export const LEXICAL_ONLY_MIX: EnsembleWeights["mix"] = { gate: 0, arc_type: 0, tether_type: 0, valence: 0 };

/**
 * A lexical answer as field scores, such that decoding them alone gives back the lexical
 * decisions: the gate on the right side of 0.5 by its confidence; with the classifier's
 * probabilities (a `ProbabilisticClassifier`), those; without, arc types in proportion to their
 * filter weights (kept in the lexical order) and a single-valued field's value above `none`.
 * The probabilities are what make mixing pay: filter weights flatten every value but the top one,
 * so a second opinion could never tip a close call (train, author-held-out: top-1 and tether
 * +0.6 points with probabilities, ±0 with filter weights).
 */
export function lexicalScores(result: Classification, probabilities?: FieldProbabilities | null): FieldScores {
  const c = result.confidence;
  const gate = result.significance_gate ? 0.51 + 0.49 * c : 0.49 - 0.49 * c;
  if (probabilities) return { gate, fields: probabilities };
  const weightOf = (field: string, value: string) =>
    result.field_filters.find((f) => f.field === field && f.value === value)?.weight ?? 1;
  const arcs: Record<string, number> = {};
  let previous = Infinity;
  for (const arc of result.arc_types) {
    previous = Math.min(weightOf("arc_type", arc), previous * 0.999);
    arcs[arc] = previous;
  }
  const arcTotal = Object.values(arcs).reduce((a, b) => a + b, 0);
  const single = (field: "tether_type" | "valence") => {
    const filter = result.field_filters.filter((f) => f.field === field).sort((a, b) => b.weight - a.weight)[0];
    return filter ? { [String(filter.value)]: 0.5 + filter.weight / 2, [NONE]: 0.5 - filter.weight / 2 } : { [NONE]: 1 };
  };
  return {
    gate,
    fields: {
      arc_type: Object.fromEntries(Object.entries(arcs).map(([arc, w]) => [arc, w / arcTotal])),
      tether_type: single("tether_type"),
      valence: single("valence"),
    },
  };
}

function mixMaps(lexical: Record<string, number>, embedding: Record<string, number>, w: number): Record<string, number> {
  const keys = new Set([...Object.keys(lexical), ...Object.keys(embedding)]);
  return Object.fromEntries([...keys].map((k) => [k, (1 - w) * (lexical[k] ?? 0) + w * (embedding[k] ?? 0)]));
}

/**
 * Mixed scores. With a gate threshold other than 0.5 the mixed gate score is shifted so that
 * 0.5 stays the decision boundary (the decoding and the confidence features assume it).
 */
export function mixScores(lexical: FieldScores, embedding: FieldScores, mix: EnsembleWeights["mix"], gateThreshold = 0.5): FieldScores {
  const gate = (1 - mix.gate) * lexical.gate + mix.gate * embedding.gate;
  return {
    gate: Math.min(1, Math.max(0, gate - gateThreshold + 0.5)),
    fields: Object.fromEntries(
      SCORED_FIELDS.map((field) => [field, mixMaps(lexical.fields[field], embedding.fields[field], mix[field])]),
    ) as FieldScores["fields"],
  };
}

/**
 * What the ensemble's confidence is calibrated on: the lexical classifier's own calibrated
 * confidence (as a logit), whether the lexical and the embedding top arcs agree (agreement of
 * two different views is the strongest sign of a right arc), and the peak of the mixed arc
 * distribution. Chosen by 5-fold cross-validated ECE on the train split among a few feature sets.
 */
export function ensembleConfidenceFeatures(lexical: FieldScores, embedding: FieldScores, mixed: FieldScores): number[] {
  // lexicalScores put the confidence c at 0.51 + 0.49c (open) or 0.49 − 0.49c (closed).
  const c = Math.min(1 - 1e-4, Math.max(1e-4, lexical.gate >= 0.5 ? (lexical.gate - 0.51) / 0.49 : (0.49 - lexical.gate) / 0.49));
  const open = mixed.gate >= 0.5;
  const top = (scores: FieldScores) => ranked(scores.fields.arc_type).find(([arc]) => arc !== NONE)?.[0];
  const agree = open && top(lexical) !== undefined && top(lexical) === top(embedding) ? 1 : 0;
  const arcs = ranked(mixed.fields.arc_type);
  const total = arcs.reduce((sum, [, s]) => sum + s, 0) || 1;
  const share = open ? (arcs[0]?.[1] ?? 0) / total : 1;
  return [Math.log(c / (1 - c)), agree, share];
}

/**
 * The ensemble's confidence: the calibration where `confidenceScope` applies it (every answer, or
 * those that decide otherwise than the lexical classifier), else the lexical confidence.
 */
export function ensembleConfidence(
  weights: Pick<EnsembleWeights, "confidence" | "confidenceScope">,
  lexical: { confidence: number; arcs: readonly string[]; gate: boolean },
  scores: { lexical: FieldScores; embedding: FieldScores; mixed: FieldScores },
): number {
  const model = weights.confidence;
  if (model === null) return lexical.confidence;
  if (weights.confidenceScope !== "every" && sameDecision(lexical.arcs, lexical.gate, scores.mixed)) return lexical.confidence;
  const p = predict(model, model.weights.length === 1 ? [] : ensembleConfidenceFeatures(scores.lexical, scores.embedding, scores.mixed));
  return Math.round(p * 1000) / 1000;
}

/** Whether the mixed scores decide as the lexical classifier did: same gate and, when open, the same top arc. */
export function sameDecision(lexicalArcs: readonly string[], lexicalGate: boolean, mixed: FieldScores): boolean {
  const open = mixed.gate >= 0.5;
  if (open !== lexicalGate) return false;
  return !open || ranked(mixed.fields.arc_type).find(([arc]) => arc !== NONE)?.[0] === lexicalArcs[0];
}

/** Lexical filters the ensemble keeps as they are: fields the embedding classifier does not score. */
export function unscoredFilters(result: Classification): FieldFilter[] {
  return result.field_filters.filter((f) => !(SCORED_FIELDS as readonly string[]).includes(f.field));
}

/** The highest-weight filter of a field (what the benchmark and retrieval read as the value). */
const topFilter = (r: Classification, field: string): FieldFilter | undefined => r.field_filters.filter((f) => f.field === field).sort((x, y) => y.weight - x.weight)[0];

/**
 * The lexical answer with only the decisions that mixing changed taken from the decoded one: a
 * changed gate gives the decoded answer; a changed top arc, its arc list, arc filters and
 * calibrated confidence; a changed tether type or valence, that field's filters. Everything else
 * (secondary arcs under an unchanged top arc, filter weights, the unrounded confidence) stays
 * lexical: re-decoding a decision the ensemble agrees with dropped right secondary arcs
 * (development splits: hit@3 one worse) and rounded confidences for nothing.
 */
export function revisedAnswer(lexical: Classification, decoded: Classification): Classification {
  if (decoded.significance_gate !== lexical.significance_gate) return decoded;
  if (!lexical.significance_gate) return lexical;
  const arcChanged = decoded.arc_types[0] !== lexical.arc_types[0];
  const changed = new Set<string>(arcChanged ? ["arc_type"] : []);
  for (const field of ["tether_type", "valence"]) if (topFilter(decoded, field)?.value !== topFilter(lexical, field)?.value) changed.add(field);
  if (changed.size === 0) return lexical;
  // Each changed field's decoded filters take the place of its lexical ones (appended when it had none).
  const filters: FieldFilter[] = [];
  for (const filter of lexical.field_filters) {
    if (!changed.has(filter.field)) filters.push(filter);
    else if (!filters.some((f) => f.field === filter.field)) filters.push(...decoded.field_filters.filter((f) => f.field === filter.field));
  }
  for (const field of changed) if (!filters.some((f) => f.field === field)) filters.push(...decoded.field_filters.filter((f) => f.field === field));
  return {
    ...lexical,
    arc_types: arcChanged ? decoded.arc_types : lexical.arc_types,
    primary_domain: primaryDomain(filters),
    field_filters: filters,
    confidence: arcChanged ? decoded.confidence : lexical.confidence,
  };
}

export interface EnsembleOptions {
  lexical: Classifier;
  embedding: ScoringClassifier;
  weights: EnsembleWeights;
}

/**
 * The answer with its tether type revised by the stack, where the stack disagrees with it: the
 * filter's weight then grows with the stack's probability (as the lexical valence filter's does).
 */
export function reviseTether(result: Classification, stack: TetherStack, query: ArrayLike<number>, anchor: ArrayLike<number> | null, text: string): Classification {
  if (!result.significance_gate) return result;
  const current = topFilter(result, "tether_type");
  const revised = predictTether(stack, query, anchor, analyze(text).tether, (current?.value as string | undefined) ?? null);
  if (revised.value === current?.value) return result;
  const filter: FieldFilter = { field: "tether_type", operator: "eq", value: revised.value, weight: Math.min(1, Math.max(0.05, Math.round((0.3 + 0.5 * revised.p) * 100) / 100)) };
  return { ...result, field_filters: [...result.field_filters.filter((f) => f.field !== "tether_type"), filter] };
}

/** Whether a classifier reports the probabilities behind its answers. */
export function isProbabilistic(classifier: Classifier): classifier is ProbabilisticClassifier {
  return typeof (classifier as Partial<ProbabilisticClassifier>).classifyWithProbabilities === "function";
}

/** A classifier's answer, with its probabilities when it reports them (null otherwise). */
export async function answerWithProbabilities(classifier: Classifier, query: string): Promise<{ result: Classification; probabilities: FieldProbabilities | null }> {
  if (isProbabilistic(classifier)) return classifier.classifyWithProbabilities(query);
  return { result: await classifier.classify(query), probabilities: null };
}

/**
 * The ensemble's and its fit's options: both take a lexical Classifier and a ScoringClassifier,
 * checked here once so that a missing or unawaited one is named instead of failing on first use.
 */
export function checkEnsembleParts(where: string, options: unknown, known: readonly string[], required: readonly string[]): void {
  checkOptions(where, options, known);
  requireOptions(where, options, required);
  const { lexical, embedding } = options as { lexical: unknown; embedding: unknown };
  if (!hasMethods(lexical, ["classify"])) throw new TypeError(`${where}: \`lexical\` is not a Classifier`);
  if (!hasMethods(embedding, ["scores"])) throw new TypeError(`${where}: \`embedding\` is not a ScoringClassifier (createEmbeddingClassifier; did you forget to await it?)`);
}

export function createEnsembleClassifier(options: EnsembleOptions): Classifier {
  checkEnsembleParts("createEnsembleClassifier", options, ["lexical", "embedding", "weights"], ["lexical", "embedding", "weights"]);
  const { lexical, embedding, weights } = options;
  if (typeof weights.mix !== "object" || weights.mix === null) throw new TypeError("createEnsembleClassifier: `weights` has no `mix` (read them with readEnsembleWeights)");
  // A share outside [0, 1] (or NaN) mixes into scores that decode to anything: a NaN gate opens.
  for (const [decision, share] of Object.entries(weights.mix)) {
    if (!(share >= 0 && share <= 1)) throw new RangeError(`ensemble weights: mix.${decision} must be in [0, 1], got ${share}`);
  }
  if (weights.confidenceScope !== undefined && !CONFIDENCE_SCOPES.includes(weights.confidenceScope)) {
    throw new RangeError(`ensemble weights: confidenceScope must be "differing" or "every", got ${JSON.stringify(weights.confidenceScope)}`);
  }
  const stack = weights.tether;
  const { embedder, scoreVector } = embedding;
  if (stack && (!embedder || !scoreVector)) throw new Error("ensemble weights with a tether stack need an embedding classifier that exposes its embedder (createEmbeddingClassifier)");
  /** Embedding scores of the query, and the vectors of the query and its anchor phrase (one embed call). */
  async function embed(query: string): Promise<{ scores: FieldScores; vector?: Float32Array; anchor?: Float32Array | null }> {
    if (!stack) return { scores: await embedding.scores(query) };
    const anchor = anchorPhrase(query);
    const vectors = await embedder!.embed(anchor ? [query, anchor] : [query]);
    return { scores: scoreVector!(vectors[0]!), vector: vectors[0]!, anchor: anchor ? vectors[1]! : null };
  }
  /**
   * The lexical side's answer, and the path it took when its classifier names one per answer (an
   * LLM hook around the lexical classifier: "+llm", "+llm-fallback:timeout"), so the ensemble's
   * answer names it too.
   */
  async function lexicalAnswer(query: string): Promise<{ result: Classification; probabilities: FieldProbabilities | null; path: string }> {
    if (isProbabilistic(lexical) || !lexical.classifyWithModel) return { ...(await answerWithProbabilities(lexical, query)), path: "" };
    const { result, model } = await lexical.classifyWithModel(query);
    // Everything after the lexical model's own name: "arcroute-lexicon@1+llm-fallback:timeout" → "+llm-fallback:timeout".
    const root = lexical.model.split("+")[0]!;
    const path = model.startsWith(root) ? model.slice(root.length) : `(${model})`;
    return { result, probabilities: null, path };
  }
  async function classifyWithModel(query: string): Promise<{ result: Classification; model: string }> {
    const [lexicalSide, embedded] = await Promise.all([lexicalAnswer(query), embed(query)]);
    const mixedResult = mixedAnswer(lexicalSide.result, lexicalSide.probabilities, embedded.scores);
    const result = stack ? reviseTether(mixedResult, stack, embedded.vector!, embedded.anchor ?? null, query) : mixedResult;
    return { result, model: ENSEMBLE_VERSION + lexicalSide.path };
  }
  return {
    model: ENSEMBLE_VERSION,
    classifyWithModel,
    async classify(query): Promise<Classification> {
      return (await classifyWithModel(query)).result;
    },
  };

  /** The lexical answer mixed with the embedding scores (the lexical answer itself where mixing changes no decision). */
  function mixedAnswer(lexicalResult: Classification, probabilities: FieldProbabilities | null, embeddingScores: FieldScores): Classification {
    const lexicalSide = lexicalScores(lexicalResult, probabilities);
    const mixed = mixScores(lexicalSide, embeddingScores, weights.mix, weights.gateThreshold);
    const lexical = { confidence: lexicalResult.confidence, arcs: lexicalResult.arc_types, gate: lexicalResult.significance_gate };
    const confidence = ensembleConfidence(weights, lexical, { lexical: lexicalSide, embedding: embeddingScores, mixed });
    const decoded = decodeScores(mixed, { arcRatio: weights.arcRatio, confidenceValue: confidence, extraFilters: unscoredFilters(lexicalResult) });
    // The ensemble only differs from the lexical answer where it disagrees with it.
    const revised = revisedAnswer(lexicalResult, decoded);
    return revised.confidence === confidence ? revised : { ...revised, confidence };
  }
}

/** Ensemble weights stored in a model folder (default: the shipped static-embedding model). */
export function readEnsembleWeights(path: string = join(shippedModelsDir(), SHIPPED_STATIC_MODEL, ENSEMBLE_WEIGHTS_FILE)): EnsembleWeights {
  const weights = JSON.parse(readFileSync(path, "utf8")) as EnsembleWeights;
  if (weights.format !== ENSEMBLE_WEIGHTS_FORMAT) throw new Error(`unsupported ensemble weights format '${weights.format}' in ${path}`);
  return weights;
}

/** Writes ensemble weights as `readEnsembleWeights` reads them: indented, each number array on one line. */
export function writeEnsembleWeights(path: string, weights: EnsembleWeights): void {
  const text = JSON.stringify(weights, null, 2).replace(/\[\s+(-?[\d.e-]+(?:,\s+-?[\d.e-]+)*)\s+\]/g, (_, list: string) => `[${list.replace(/\s+/g, "")}]`);
  writeFileSync(path, text + "\n");
}

/** The shipped ensemble: `lexical` (default: the package's lexical classifier) + the shipped embedding classifier. */
export async function createShippedEnsembleClassifier(lexical: Classifier = lexicalClassifier): Promise<Classifier> {
  return createEnsembleClassifier({ lexical, embedding: await createShippedEmbeddingClassifier(), weights: readEnsembleWeights() });
}
