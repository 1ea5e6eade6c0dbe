/**
 * Stage 4: the raw analysis of a text, without the significance gate: per-target evidence sums
 * and the cues behind them. `classify` builds on it; a document tagger can use it directly.
 */
import { ARC_TYPES, type ArcType, type EmotionPrimary, type RelationalDynamic, type TemporalContext, type TetherType, type Valence } from "../schema/vocabulary.js";
import { queryForm, type QueryForm } from "./form.js";
import type { BlockReason, CueTarget } from "./lexicon.js";
import { matchCues, type CueMatch } from "./match.js";
import { normalize } from "./normalize.js";
import { tokenize } from "./tokenize.js";

/** One matched cue as reported by `explain`: the lexicon phrase and the weight it contributed. */
export interface CueEvidence { phrase: string; weight: number; negated: boolean }

/** Scores (summed cue weights) and evidence for every value of one kind of target. */
export type Scores<V extends string> = Partial<Record<V, { score: number; cues: CueEvidence[] }>>;

/** What `analyze(text)` returns. */
export interface Analysis {
  /** The normalised text the cues were matched against. */
  normalized: string;
  /** Its stemmed tokens (tokenize.ts). */
  tokens: string[];
  /** Evidence that the text asks for memories by what mattered (gate-opening frames). */
  frame: { score: number; cues: CueEvidence[] };
  /** Evidence of lookup, task, media, definition or chit-chat frames (gate-closing). */
  block: { score: number; cues: CueEvidence[] };
  /** The gate-closing evidence split by reason (lookup, task, info, chat). */
  blockBy: Record<BlockReason, number>;
  /** The query's form: first person and family words, scene-like openings, past tense. */
  form: QueryForm;
  arcs: Scores<ArcType>;
  /** Arc types by descending score (only those with evidence). */
  arcRanking: ArcType[];
  tether: Scores<TetherType>;
  /**
   * Where the tether cues sit: the evidence of cues starting in the query's opening phrase (its
   * first three words after frame and determiner words: "the *suitcase I brought*…", "show me
   * *dad's funeral at*…"), and the type of the earliest cue. A memory is usually named first
   * ("the diary mum read…" is anchored to the diary, not to mum).
   */
  anchor: { opening: Partial<Record<TetherType, number>>; first: TetherType | null };
  valence: Scores<Valence>;
  emotion: Scores<EmotionPrimary>;
  relation: Scores<RelationalDynamic>;
  temporal: Scores<TemporalContext>;
  /** Intensity cues ("happiest", "never forget", "everything changed"). */
  intensity: { score: number; cues: CueEvidence[] };
}

/** A negated direction counts for the opposite one ("stopped being afraid" reads positive). */
const FLIPPED: Record<Valence, Valence> = { positive: "negative", negative: "positive", mixed: "mixed" };

function add<V extends string>(scores: Scores<V>, value: V, match: CueMatch): void {
  const entry = (scores[value] ??= { score: 0, cues: [] });
  entry.score += match.weight;
  entry.cues.push(evidence(match));
}

function evidence(match: CueMatch): CueEvidence {
  return { phrase: match.cue.phrase, weight: match.weight, negated: match.negated };
}

/** Raw significance analysis of any text; never throws. */
export function analyze(text: string): Analysis {
  // classify, explain and tag all start here; from JavaScript, undefined or NaN would otherwise be
  // read as the words "undefined" and "nan" (a grandmother).
  if (typeof text !== "string") throw new TypeError(`expected the text as a string, got ${text === null ? "null" : typeof text}`);
  const normalized = normalize(text);
  const tokens = tokenize(normalized);
  const result: Analysis = {
    normalized,
    tokens,
    frame: { score: 0, cues: [] },
    block: { score: 0, cues: [] },
    blockBy: { lookup: 0, task: 0, info: 0, chat: 0 },
    form: queryForm(normalized),
    arcs: {},
    arcRanking: [],
    tether: {},
    anchor: { opening: {}, first: null },
    valence: {},
    emotion: {},
    relation: {},
    temporal: {},
    intensity: { score: 0, cues: [] },
  };
  const words = normalized === "" ? [] : normalized.split(" ");
  const openingEnd = openingPhraseEnd(words);
  let firstStart = Infinity;
  for (const match of matchCues(tokens, words)) {
    accumulate(result, match.cue.target, match);
    const target = match.cue.target;
    if (target.kind !== "tether" || match.weight < ANCHOR_MIN_WEIGHT) continue;
    if (match.start < openingEnd) result.anchor.opening[target.value] = (result.anchor.opening[target.value] ?? 0) + match.weight;
    if (match.start < firstStart) { firstStart = match.start; result.anchor.first = target.value; }
  }
  result.arcRanking = rankByScore(result.arcs);
  return result;
}

/** Words that open a query without naming its memory: frames, question words, determiners. */
const OPENING_SKIP = new Set([
  "show", "me", "find", "can", "you", "could", "remember", "all", "the", "times", "time", "moments", "moment", "when", "where", "how", "what",
  "that", "those", "these", "a", "an", "this", "my", "our", "his", "her", "their", "first", "last",
]);
/** Weak tether cues ("i", "with", "there") say nothing about where the memory is anchored. */
const ANCHOR_MIN_WEIGHT = 1;
const OPENING_WORDS = 3;

/** Token index where the opening phrase ends: the first three words after the skipped ones. */
function openingPhraseEnd(words: readonly string[]): number {
  let i = 0;
  while (i < words.length && OPENING_SKIP.has(words[i]!)) i++;
  return i + OPENING_WORDS;
}

function accumulate(result: Analysis, target: CueTarget, match: CueMatch): void {
  switch (target.kind) {
    case "block":
      result.blockBy[target.reason] += match.weight;
      result.block.score += match.weight;
      result.block.cues.push(evidence(match));
      return;
    case "frame":
    case "intensity": {
      result[target.kind].score += match.weight;
      result[target.kind].cues.push(evidence(match));
      return;
    }
    case "arc": return add(result.arcs, target.value, match);
    case "tether": return add(result.tether, target.value, match);
    case "valence": return add(result.valence, match.negated ? FLIPPED[target.value] : target.value, match);
    case "emotion": return match.negated ? undefined : add(result.emotion, target.value, match);
    case "relation": return add(result.relation, target.value, match);
    case "temporal": return add(result.temporal, target.value, match);
  }
}

/** Arc types with evidence, best first; ties keep the canonical order (a stable insertion sort: at most 14). */
function rankByScore(arcs: Scores<ArcType>): ArcType[] {
  const ranked: ArcType[] = [];
  for (const arc of ARC_TYPES) {
    const score = arcs[arc]?.score ?? 0;
    if (score <= 0) continue;
    let i = ranked.length;
    while (i > 0 && arcs[ranked[i - 1]!]!.score < score) i--;
    ranked.splice(i, 0, arc);
  }
  return ranked;
}

/**
 * The best-scoring value of a score table, or null. Ties go to the value whose score was entered
 * first, which is the one cued first in the text (tables fill as the cues match, left to right),
 * not the vocabulary's order: "sticking up for my sister when her husband…" → sibling_bond.
 */
export function best<V extends string>(scores: Scores<V>): V | null {
  let top: V | null = null;
  let topScore = 0;
  for (const [value, entry] of Object.entries(scores) as [V, { score: number }][]) {
    if (entry.score > topScore) { top = value; topScore = entry.score; }
  }
  return top;
}
