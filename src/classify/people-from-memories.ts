/**
 * A people map read off a user's own memories, for users with no contacts or family tree to give
 * `withPeople`: a capitalised word that is never written in lower case anywhere in the memories
 * is taken for part of a name ("Clare", "Whitby", "Friday"; such words side by side are one name,
 * "Mrs Okafor", "Aunt Jo"), and a name stands for a tie when most of the memories that mention it
 * with any tie carry that one. Places and days rarely do: their memories
 * carry many ties, or few carry one. The defaults were set on the retrieval benchmark's corpus by
 * its table of names alone (no query was run): they keep its six people, Nan and the teacher "Mrs
 * Okafor", and drop "Friday" (3 of 5 family), "Priya" (friend 4, colleague 3) and the names of
 * fewer than four memories with a tie ("Lisbon", "English").
 */
import { checkOptions, shown } from "../schema/options.js";
import { isCanonicalValue, type RelationalDynamic } from "../schema/vocabulary.js";

export interface MemoryWithTies {
  text: string;
  /**
   * The memory's relational_dynamics payload as stored (a value, an array of values, or nothing),
   * so a payload typed `unknown` can be passed as it is; values outside the vocabulary are ignored.
   */
  relational_dynamics?: unknown;
}

export interface PeopleFromMemoriesOptions {
  /** A name is judged once at least this many of its memories carry a tie. Default 4. */
  minMemories?: number | undefined;
  /** Share of those memories that must carry the name's tie. Default 0.7. */
  minShare?: number | undefined;
}

const WORD = /\p{L}[\p{L}\p{M}]*/gu;
const CAPITALISED = /^\p{Lu}[\p{Ll}\p{M}]+$/u;

function checkMemoryOptions(options: PeopleFromMemoriesOptions): { minMemories: number; minShare: number } {
  checkOptions("peopleFromMemories", options, ["minMemories", "minShare"]);
  const { minMemories = 4, minShare = 0.7 } = options;
  if (!(Number.isInteger(minMemories) && minMemories >= 1)) throw new RangeError(`peopleFromMemories: minMemories must be a positive integer, got ${shown(minMemories)}`);
  if (!(typeof minShare === "number" && minShare > 0 && minShare <= 1)) throw new RangeError(`peopleFromMemories: minShare must be a number in (0, 1], got ${shown(minShare)}`);
  return { minMemories, minShare };
}

/** The canonical ties of one memory, each once. */
function tiesOf(memory: MemoryWithTies): Set<RelationalDynamic> {
  const raw = memory.relational_dynamics;
  const values: unknown[] = Array.isArray(raw) ? raw : raw == null ? [] : [raw];
  return new Set(values.filter((v): v is RelationalDynamic => isCanonicalValue("relational_dynamics", v)));
}

/**
 * The names in one text, each once: runs of capitalised words never written in lower case, the
 * words of a run separated by spaces only ("Mrs Okafor" is one name; "Clare. Anna" two), and the
 * last word of a longer run on its own: the name after a title ("Okafor"), or after a capitalised
 * word that opens a sentence ("Yesterday Clare rang" still mentions Clare). A title alone ("Mrs")
 * is a name only where it stands alone.
 */
function namesIn(text: string, lowerCase: ReadonlySet<string>): Set<string> {
  const names = new Set<string>();
  let run: string[] = [];
  let runEnd = -1;
  const close = () => {
    if (run.length > 0) names.add(run.join(" "));
    if (run.length > 1) names.add(run.at(-1)!);
    run = [];
  };
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    if (!CAPITALISED.test(word) || lowerCase.has(word.toLowerCase())) {
      close();
      continue;
    }
    if (run.length > 0 && !/^ +$/.test(text.slice(runEnd, match.index))) close();
    run.push(word);
    runEnd = match.index + word.length;
  }
  close();
  return names;
}

/** Name → the tie most of its memories carry, for the names that pass both thresholds; sorted by name. */
export function peopleFromMemories(memories: Iterable<MemoryWithTies>, options: PeopleFromMemoriesOptions = {}): Record<string, RelationalDynamic> {
  const { minMemories, minShare } = checkMemoryOptions(options);
  // First pass: which words are ever written in lower case (then they are words, not names).
  const lowerCase = new Set<string>();
  const texts: { text: string; ties: Set<RelationalDynamic> }[] = [];
  let i = 0;
  for (const memory of memories) {
    if (typeof memory?.text !== "string") throw new TypeError(`peopleFromMemories: memories[${i}].text must be a string, got ${shown(memory?.text)}`);
    i++;
    for (const word of memory.text.match(WORD) ?? []) if (word === word.toLowerCase()) lowerCase.add(word);
    texts.push({ text: memory.text, ties: tiesOf(memory) });
  }
  const mentions = new Map<string, { tied: number; ties: Map<RelationalDynamic, number> }>();
  for (const { text, ties } of texts) {
    for (const name of namesIn(text, lowerCase)) {
      const counts = mentions.get(name) ?? { tied: 0, ties: new Map() };
      if (ties.size > 0) counts.tied++;
      for (const tie of ties) counts.ties.set(tie, (counts.ties.get(tie) ?? 0) + 1);
      mentions.set(name, counts);
    }
  }
  const people: [string, RelationalDynamic][] = [];
  for (const [name, counts] of mentions) {
    if (counts.tied < minMemories) continue;
    const ranked = [...counts.ties].sort((a, b) => b[1] - a[1]);
    const [top, second] = ranked;
    // Two ties as common as each other: the memories do not say which one the name stands for.
    if (top === undefined || top[1] / counts.tied < minShare || (second !== undefined && second[1] === top[1])) continue;
    people.push([name, top[0]]);
  }
  return Object.fromEntries(people.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
