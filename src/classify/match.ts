/**
 * Stage 3: cue matching. Every lexicon phrase is normalised and stemmed once at module load and
 * indexed by its first stem; a query is scanned once, trying only phrases that start there.
 * Phrases marked "^" match only at the start of the query (commands, question words).
 * For one target, overlapping matches count once: the longest phrase wins ("finally free" does
 * not also count "free"; "betrayal" is not counted again as the prefix "betray").
 * A cue preceded (within three tokens) by a negator counts at a fraction of its weight, unless the
 * phrase itself carries the negation ("did not give in", "no longer afraid").
 */
import { LEXICON, type CueTarget } from "./lexicon.js";
import { normalize } from "./normalize.js";
import { tokenize } from "./tokenize.js";

export interface Cue { phrase: string; stems: readonly string[]; words: readonly string[]; target: CueTarget; weight: number; anchored: boolean; key: string }
export interface CueMatch { cue: Cue; start: number; weight: number; negated: boolean }

const NEGATORS = new Set(["not", "never", "no", "without", "stop", "nobody"]);
const NEGATED_FACTOR = 0.3;

const targetKey = (t: CueTarget): string => ("value" in t ? `${t.kind}:${t.value}` : "reason" in t ? `${t.kind}:${t.reason}` : t.kind);

function compile(): { index: Map<string, Cue[]>; anchored: Map<string, Cue[]> } {
  const index = new Map<string, Cue[]>();
  const anchored = new Map<string, Cue[]>();
  for (const group of LEXICON) {
    const key = targetKey(group.target);
    for (const [raw, weight] of Object.entries(group.entries)) {
      const isAnchored = raw.startsWith("^");
      const phrase = isAnchored ? raw.slice(1) : raw;
      const normalized = normalize(phrase);
      const stems = tokenize(normalized);
      if (stems.length === 0) continue;
      const cue: Cue = { phrase: raw, stems, words: normalized.split(" "), target: group.target, weight, anchored: isAnchored, key };
      const into = isAnchored ? anchored : index;
      const list = into.get(stems[0]!);
      if (list) list.push(cue);
      else into.set(stems[0]!, [cue]);
    }
  }
  return { index, anchored };
}

const { index: INDEX, anchored: ANCHORED } = compile();

/**
 * The scan's index: one-word cues by their stem, longer phrases by their first two stems, so a
 * common first word ("the", "my") does not mean trying a hundred phrases at every occurrence.
 */
const SINGLE = new Map<string, Cue[]>();
const PAIRS = new Map<string, Cue[]>();
for (const cues of INDEX.values()) {
  for (const cue of cues) {
    const [into, key] = cue.stems.length === 1 ? [SINGLE, cue.stems[0]!] : [PAIRS, `${cue.stems[0]} ${cue.stems[1]}`];
    const list = into.get(key);
    if (list) list.push(cue);
    else into.set(key, [cue]);
  }
}

/** Single-stem cues of five or more letters also match as prefixes ("graduat" → "graduation"). */
const MIN_PREFIX = 5;
const PREFIX = new Map<string, Cue[]>();
for (const [first, cues] of INDEX) {
  if (first.length < MIN_PREFIX) continue;
  const single = cues.filter((c) => c.stems.length === 1);
  if (single.length > 0) PREFIX.set(first, single);
}

function push(tokens: readonly string[], i: number, cue: Cue, matches: CueMatch[]): void {
  const negated = isNegated(tokens, i, cue);
  matches.push({ cue, start: i, weight: negated ? cue.weight * NEGATED_FACTOR : cue.weight, negated });
}

function pushPhrases(tokens: readonly string[], i: number, candidates: readonly Cue[] | undefined, matches: CueMatch[]): void {
  if (candidates === undefined) return;
  for (const cue of candidates) {
    const n = cue.stems.length;
    if (i + n > tokens.length) continue;
    let ok = true;
    for (let k = 1; k < n; k++) if (tokens[i + k] !== cue.stems[k]) { ok = false; break; }
    if (ok) push(tokens, i, cue, matches);
  }
}

/**
 * Words that start like a cue without being a form of it: "belongings" (stem "belonging") are
 * possessions, not the "belong" of belonging somewhere or to someone.
 */
const NOT_INFLECTIONS = new Set(tokenize("belongings"));

/** The prefix lengths that occur, so a long token is sliced only where a cue could start. */
const PREFIX_LENGTHS = [...new Set([...PREFIX.keys()].map((k) => k.length))].sort((a, b) => a - b);

function pushPrefixMatches(tokens: readonly string[], i: number, matches: CueMatch[]): void {
  const token = tokens[i]!;
  if (NOT_INFLECTIONS.has(token)) return;
  for (const len of PREFIX_LENGTHS) {
    if (len >= token.length) break;
    const cues = PREFIX.get(token.slice(0, len));
    if (cues !== undefined) for (const cue of cues) push(tokens, i, cue, matches);
  }
}

/**
 * Anchored cues are commands and question words: they must match the query's opening words
 * exactly, unstemmed ("^call" is "call dad", not "calling my old friend to say sorry").
 */
function pushAnchored(tokens: readonly string[], words: readonly string[] | undefined, matches: CueMatch[]): void {
  const candidates = ANCHORED.get(tokens[0]!);
  if (candidates === undefined) return;
  for (const cue of candidates) {
    const n = cue.words.length;
    if (words === undefined) {
      if (n <= tokens.length && cue.stems.every((s, k) => tokens[k] === s)) push(tokens, 0, cue, matches);
    } else if (n <= words.length && cue.words.every((w, k) => words[k] === w)) {
      push(tokens, 0, cue, matches);
    }
  }
}

/**
 * All lexicon cues found in the stemmed tokens, in query order, overlaps resolved per target.
 * `words` (the normalised words the tokens were stemmed from) lets anchored cues match exactly.
 */
export function matchCues(tokens: readonly string[], words?: readonly string[]): CueMatch[] {
  const matches: CueMatch[] = [];
  if (tokens.length > 0) pushAnchored(tokens, words, matches);
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.length > MIN_PREFIX) pushPrefixMatches(tokens, i, matches);
    pushPhrases(tokens, i, SINGLE.get(tokens[i]!), matches);
    if (i + 1 < tokens.length) pushPhrases(tokens, i, PAIRS.get(`${tokens[i]} ${tokens[i + 1]}`), matches);
  }
  return resolveOverlaps(matches);
}

/** Longest (then strongest) match first; a match overlapping a kept one of the same target is dropped. */
function resolveOverlaps(matches: CueMatch[]): CueMatch[] {
  if (matches.length < 2) return matches;
  const order = matches
    .map((_, i) => i)
    .sort((a, b) => matches[b]!.cue.stems.length - matches[a]!.cue.stems.length || matches[b]!.weight - matches[a]!.weight || a - b);
  const kept: CueMatch[] = [];
  // Few matches (every real query): compare with the kept ones. Many (pathological input):
  // token positions covered per target, linear in the number of matches.
  const covered = matches.length > 64 ? new Map<string, Set<number>>() : null;
  for (const i of order) {
    const m = matches[i]!;
    const end = m.start + m.cue.stems.length;
    if (covered === null) {
      let overlaps = false;
      for (const k of kept) if (k.cue.key === m.cue.key && m.start < k.start + k.cue.stems.length && k.start < end) { overlaps = true; break; }
      if (!overlaps) kept.push(m);
      continue;
    }
    let positions = covered.get(m.cue.key);
    if (positions === undefined) covered.set(m.cue.key, (positions = new Set()));
    let overlaps = false;
    for (let p = m.start; p < end; p++) if (positions.has(p)) { overlaps = true; break; }
    if (overlaps) continue;
    for (let p = m.start; p < end; p++) positions.add(p);
    kept.push(m);
  }
  return kept.sort((a, b) => a.start - b.start || b.cue.stems.length - a.cue.stems.length);
}

function isNegated(tokens: readonly string[], start: number, cue: Cue): boolean {
  const kind = cue.target.kind;
  if (kind === "frame" || kind === "block" || kind === "tether") return false;
  if (cue.stems.some((s) => NEGATORS.has(s))) return false;
  for (let j = Math.max(0, start - 3); j < start; j++) {
    // "stopped to help" is a pause for something, not the end of it ("stopped helping").
    if (NEGATORS.has(tokens[j]!) && !(tokens[j] === "stop" && tokens[j + 1] === "to")) return true;
  }
  return false;
}
