/**
 * Stage 2: split normalised text into tokens and reduce each to a light stem, so "leaving",
 * "left" and "leaves" meet the same lexicon entry. Irregular forms come from a small table.
 * Numbers fold to one token, "num", so "turned 40" and "turning 18" meet one cue.
 */
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ["left", "leav"], ["felt", "felt"], ["lost", "lose"], ["losing", "lose"], ["knew", "know"], ["known", "know"],
  ["told", "tell"], ["made", "make"], ["saw", "see"], ["seen", "see"], ["came", "come"], ["went", "go"], ["gone", "gone"],
  ["found", "find"], ["stood", "stand"], ["broke", "break"], ["broken", "break"], ["died", "die"], ["dying", "die"], ["dies", "die"],
  ["children", "child"], ["women", "woman"], ["men", "man"], ["was", "be"], ["were", "be"], ["been", "be"], ["is", "be"], ["am", "be"], ["are", "be"],
  ["thought", "think"], ["taught", "teach"], ["fought", "fight"], ["forgave", "forgive"], ["forgiven", "forgive"],
  ["afraid", "afraid"], ["news", "news"], ["always", "always"], ["myself", "myself"], ["this", "this"], ["us", "us"], ["lied", "lie"], ["lies", "lie"], ["lying", "lie"], ["passed", "pass"],
  ["took", "take"], ["taken", "take"], ["gave", "give"], ["given", "give"], ["became", "become"], ["becoming", "become"], ["become", "become"],
  ["held", "hold"], ["spoke", "speak"], ["spoken", "speak"], ["wore", "wear"], ["worn", "wear"], ["grew", "grow"], ["grown", "grow"],
  ["sat", "sit"], ["ran", "run"], ["began", "begin"], ["begun", "begin"], ["fell", "fall"], ["fallen", "fall"], ["hid", "hide"], ["hidden", "hide"],
  ["led", "lead"], ["kept", "keep"], ["sent", "send"], ["spent", "spend"], ["brought", "bring"], ["bought", "buy"], ["caught", "catch"],
  ["said", "say"], ["paid", "pay"], ["met", "meet"], ["heard", "hear"], ["drove", "drive"], ["flew", "fly"], ["wrote", "write"], ["written", "write"],
  ["here", "here"], ["there", "there"], ["where", "where"], ["these", "these"], ["those", "those"], ["has", "have"], ["had", "have"], ["having", "have"],
  ["does", "do"], ["did", "do"], ["done", "do"], ["doing", "do"], ["used", "use"], ["using", "use"], ["lent", "lend"], ["fled", "flee"], ["shut", "shut"],
  ["sing", "sing"], ["thing", "thing"], ["things", "thing"], ["king", "king"], ["spring", "spring"], ["evening", "evening"], ["morning", "morning"], ["wedding", "wedding"],
]);

/** Light suffix stripping; deterministic and allocation-light. */
export function stem(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return irregular;
  if (/^\d/.test(word)) return "num";
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return word.slice(0, -3) + "y";
  if (word.endsWith("ing") && word.length > 5) return restoreE(word.slice(0, -3));
  if (word.endsWith("ed") && word.length > 4) return restoreE(word.slice(0, -2));
  if (word.endsWith("es") && word.length > 4 && /(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && word.length > 3) return dropE(word.slice(0, -1));
  return dropE(word);
}

/** "leave" → "leav" (as "leaving" → "leav"); four-letter words keep their e ("time", "face"). */
function dropE(word: string): string {
  return word.length > 4 && word.endsWith("e") ? word.slice(0, -1) : word;
}

/**
 * The base left after -ing/-ed: undo consonant doubling ("stopped" → "stop"), and give a short
 * consonant-vowel-consonant base its e back ("faced" → "face", "loving" → "love") so it meets
 * the four-letter form; "x", "w" and "y" never take one ("fixed" → "fix").
 */
function restoreE(base: string): string {
  const n = base.length;
  if (n > 2 && base[n - 1] === base[n - 2] && !"lsz".includes(base[n - 1]!)) return base.slice(0, -1);
  if (base.endsWith("e") && n > 3) return base.slice(0, -1);
  if (n === 3 && /^[^aeiou][aeiou][^aeiouwxy]$/.test(base)) return base + "e";
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
