/**
 * Stage 3: cue matching. Every lexicon phrase is normalised and stemmed once at module load and
 * indexed by its first stem; a query is scanned once, trying only phrases that start there.
 * A cue preceded (within three tokens) by a negator counts at a fraction of its weight, unless the
 * phrase itself carries the negation ("did not give in", "no longer afraid").
 */
import { LEXICON, type CueTarget } from "./lexicon.js";
import { normalize } from "./normalize.js";
import { tokenize } from "./tokenize.js";

export interface Cue { phrase: string; stems: readonly string[]; target: CueTarget; weight: number }
export interface CueMatch { cue: Cue; start: number; weight: number; negated: boolean }

const NEGATORS = new Set(["not", "never", "no", "without", "stop", "nobody"]);
const NEGATED_FACTOR = 0.3;

function compile(): Map<string, Cue[]> {
  const index = new Map<string, Cue[]>();
  for (const group of LEXICON) {
    for (const [phrase, weight] of Object.entries(group.entries)) {
      const stems = tokenize(normalize(phrase));
      if (stems.length === 0) continue;
      const cue: Cue = { phrase, stems, target: group.target, weight };
      const list = index.get(stems[0]!);
      if (list) list.push(cue);
      else index.set(stems[0]!, [cue]);
    }
  }
  return index;
}

const INDEX = compile();

/** Single-stem cues of five or more letters also match as prefixes ("graduat" → "graduation"). */
const MIN_PREFIX = 5;
const PREFIX = new Map<string, Cue[]>();
for (const [first, cues] of INDEX) {
  if (first.length < MIN_PREFIX) continue;
  const single = cues.filter((c) => c.stems.length === 1);
  if (single.length > 0) PREFIX.set(first, single);
}

function pushPrefixMatches(tokens: readonly string[], i: number, matches: CueMatch[]): void {
  const token = tokens[i]!;
  for (let len = MIN_PREFIX; len < token.length; len++) {
    const cues = PREFIX.get(token.slice(0, len));
    if (cues === undefined) continue;
    for (const cue of cues) {
      const negated = isNegated(tokens, i, cue);
      matches.push({ cue, start: i, weight: negated ? cue.weight * NEGATED_FACTOR : cue.weight, negated });
    }
  }
}

/** All lexicon cues found in the stemmed tokens, in query order. */
export function matchCues(tokens: readonly string[]): CueMatch[] {
  const matches: CueMatch[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.length > MIN_PREFIX) pushPrefixMatches(tokens, i, matches);
    const candidates = INDEX.get(tokens[i]!);
    if (candidates === undefined) continue;
    for (const cue of candidates) {
      const n = cue.stems.length;
      if (i + n > tokens.length) continue;
      let ok = true;
      for (let k = 1; k < n; k++) if (tokens[i + k] !== cue.stems[k]) { ok = false; break; }
      if (!ok) continue;
      const negated = isNegated(tokens, i, cue);
      matches.push({ cue, start: i, weight: negated ? cue.weight * NEGATED_FACTOR : cue.weight, negated });
    }
  }
  return matches;
}

function isNegated(tokens: readonly string[], start: number, cue: Cue): boolean {
  if (cue.target.kind === "frame" || cue.target.kind === "block" || cue.target.kind === "tether") return false;
  if (cue.stems.some((s) => NEGATORS.has(s))) return false;
  for (let j = Math.max(0, start - 3); j < start; j++) if (NEGATORS.has(tokens[j]!)) return true;
  return false;
}
