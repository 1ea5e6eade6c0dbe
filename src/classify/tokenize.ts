/**
 * Stage 2: split normalised text into tokens and reduce each to a light stem, so "leaving",
 * "left" and "leaves" meet the same lexicon entry. Irregular forms come from a small table.
 */
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ["left", "leav"], ["felt", "feel"], ["lost", "lose"], ["losing", "lose"], ["knew", "know"], ["known", "know"],
  ["told", "tell"], ["made", "make"], ["saw", "see"], ["seen", "see"], ["came", "come"], ["went", "go"], ["gone", "go"],
  ["found", "find"], ["stood", "stand"], ["broke", "break"], ["broken", "break"], ["died", "die"], ["dying", "die"],
  ["children", "child"], ["women", "woman"], ["men", "man"], ["was", "be"], ["were", "be"], ["been", "be"], ["is", "be"], ["am", "be"], ["are", "be"],
  ["thought", "think"], ["taught", "teach"], ["fought", "fight"], ["forgave", "forgive"], ["forgiven", "forgive"],
  ["afraid", "afraid"], ["news", "news"], ["always", "always"], ["myself", "myself"], ["this", "this"], ["us", "us"], ["lied", "lie"], ["lies", "lie"], ["lying", "lie"], ["passed", "pass"],
]);

/** Light suffix stripping; deterministic and allocation-light. */
export function stem(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return irregular;
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return word.slice(0, -3) + "y";
  if (word.endsWith("ing") && word.length > 5) return trimDouble(word.slice(0, -3));
  if (word.endsWith("ed") && word.length > 4) return trimDouble(word.slice(0, -2));
  if (word.endsWith("es") && word.length > 4 && /(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && word.length > 3) return word.slice(0, -1);
  if (word.endsWith("e") && word.length > 4) return word.slice(0, -1);
  return word;
}

function trimDouble(base: string): string {
  const n = base.length;
  if (n > 2 && base[n - 1] === base[n - 2] && !"lsz".includes(base[n - 1]!)) return base.slice(0, -1);
  if (base.endsWith("e") && n > 3) return base.slice(0, -1);
  return base;
}

/** Tokens of normalised text, already stemmed. */
export function tokenize(normalized: string): string[] {
  if (normalized === "") return [];
  const words = normalized.split(" ");
  const out = new Array<string>(words.length);
  for (let i = 0; i < words.length; i++) out[i] = stem(words[i]!);
  return out;
}
