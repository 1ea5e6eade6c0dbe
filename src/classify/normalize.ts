/**
 * Stage 1: normalise a raw query so the lexicons see one spelling of each word.
 * NFKC, lowercase, control characters and lone surrogates removed, contractions expanded,
 * common misspellings and family-word variants folded, punctuation turned into spaces.
 */
const CONTROL_OR_LONE_SURROGATE = /[\p{Cc}\p{Cf}]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;
const NON_WORD = /[^\p{L}\p{N}']+/gu;
/** The same split for lowercase ASCII, without Unicode property classes (much faster). */
const NON_WORD_ASCII = /[^a-z0-9']+/g;

/** Family words folded to one form; their plural/possessive without apostrophe folds too ("dads"). */
const FAMILY: ReadonlyMap<string, string> = new Map([
  ["mum", "mother"], ["mom", "mother"], ["mommy", "mother"], ["mummy", "mother"], ["ma", "mother"], ["mam", "mother"], ["mama", "mother"], ["momma", "mother"], ["mamma", "mother"],
  ["dad", "father"], ["daddy", "father"], ["papa", "father"], ["pa", "father"], ["pops", "father"], ["pappa", "father"],
  ["nan", "grandmother"], ["nana", "grandmother"], ["nanna", "grandmother"], ["nanny", "grandmother"], ["gran", "grandmother"], ["granny", "grandmother"], ["grandma", "grandmother"],
  ["grammy", "grandmother"], ["nonna", "grandmother"], ["oma", "grandmother"], ["abuela", "grandmother"], ["bubbe", "grandmother"],
  ["grandpa", "grandfather"], ["grandad", "grandfather"], ["granddad", "grandfather"], ["gramps", "grandfather"], ["grampa", "grandfather"], ["granpa", "grandfather"],
  ["grandpop", "grandfather"], ["nonno", "grandfather"], ["opa", "grandfather"], ["abuelo", "grandfather"], ["grandparent", "grandparents"],
  ["bro", "brother"], ["sis", "sister"], ["bf", "boyfriend"], ["gf", "girlfriend"], ["hubby", "husband"], ["stepmom", "stepmother"], ["stepmum", "stepmother"], ["stepdad", "stepfather"],
]);

/**
 * Whole-word rewrites: irregular contractions and those typed without an apostrophe (the regular
 * apostrophe forms are expanded by their ending, below), misspellings and chat spellings, family words.
 */
export const REWRITES: ReadonlyMap<string, string> = new Map([
  ["can't", "can not"], ["cant", "can not"], ["cannot", "can not"], ["won't", "will not"], ["wont", "will not"], ["shan't", "shall not"], ["ain't", "is not"],
  ["didnt", "did not"], ["dont", "do not"], ["doesnt", "does not"], ["couldnt", "could not"], ["wasnt", "was not"], ["werent", "were not"],
  ["wouldnt", "would not"], ["isnt", "is not"], ["shouldnt", "should not"], ["havent", "have not"], ["hadnt", "had not"],
  ["arent", "are not"], ["hasnt", "has not"], ["mustnt", "must not"], ["neednt", "need not"], ["mightnt", "might not"], ["never'd", "never"],
  ["i'm", "i am"], ["im", "i am"], ["i'd", "i had"], ["ive", "i have"], ["youre", "you are"], ["theyre", "they are"],
  ["youve", "you have"], ["weve", "we have"], ["theyve", "they have"], ["couldve", "could have"], ["wouldve", "would have"],
  ["shouldve", "should have"], ["mustve", "must have"], ["mightve", "might have"], ["theyll", "they will"], ["youll", "you will"],
  ["youd", "you"], ["theyd", "they"],
  // A pronoun's or demonstrative's "'s" is "is"; any other word's is a possessive and dropped.
  ["it's", "it is"], ["she's", "she is"], ["shes", "she is"], ["he's", "he is"], ["hes", "he is"],
  ["that's", "that is"], ["thats", "that is"], ["there's", "there is"], ["theres", "there is"], ["what's", "what is"], ["whats", "what is"],
  // A question word's "'s" is "is", never a possessive: "when's clare's birthday" must reach the "^when is" cue.
  // "who'd" and "how'd" stay as they are: "had", "would" and "did" are all common readings.
  ["when's", "when is"], ["whens", "when is"], ["where's", "where is"], ["wheres", "where is"], ["who's", "who is"], ["whos", "who is"],
  ["how's", "how is"], ["hows", "how is"], ["why's", "why is"],
  ...FAMILY,
  ["wen", "when"], ["whn", "when"], ["wat", "what"], ["tim", "time"], ["rember", "remember"], ["remeber", "remember"], ["rememeber", "remember"], ["remembr", "remember"],
  ["freind", "friend"], ["frend", "friend"], ["freinds", "friends"], ["beleive", "believe"], ["belive", "believe"], ["beleived", "believed"], ["betrayl", "betrayal"], ["betrayel", "betrayal"],
  ["forgave", "forgive"], ["greif", "grief"], ["greiving", "grieving"], ["lonley", "lonely"], ["finaly", "finally"], ["realy", "really"], ["relly", "really"],
  ["thnk", "think"], ["cuz", "because"], ["coz", "because"], ["bc", "because"], ["becuase", "because"], ["u", "you"], ["ur", "your"], ["thx", "thanks"], ["ty", "thanks"],
  ["happyest", "happiest"], ["hapy", "happy"], ["passd", "passed"], ["pased", "passed"], ["dieded", "died"], ["funral", "funeral"], ["funeral's", "funeral"], ["graduaton", "graduation"],
  ["scard", "scared"], ["scaried", "scared"], ["afriad", "afraid"], ["embarassed", "embarrassed"], ["cheeted", "cheated"], ["cheted", "cheated"], ["lyed", "lied"],
  ["loosing", "losing"], ["greatful", "grateful"], ["thankfull", "thankful"], ["seperated", "separated"], ["truely", "truly"], ["alot", "a lot"], ["n", "and"], ["nd", "and"],
  ["til", "until"], ["till", "until"], ["thru", "through"], ["tho", "though"], ["bday", "birthday"], ["xmas", "christmas"], ["nite", "night"], ["tonite", "tonight"],
  ["b4", "before"], ["talkin", "talking"], ["nothin", "nothing"], ["somethin", "something"], ["goin", "going"], ["feelin", "feeling"], ["tryin", "trying"],
  ["apologized", "apologised"], ["realized", "realised"], ["realize", "realise"], ["realizing", "realising"], ["recognized", "recognised"],
]);

/**
 * Contractions the REWRITES table does not name, expanded by their ending so that none loses its
 * "not" (the negation scope reads "not") or its verb: "aren't" → "are not", "could've" → "could have".
 * Only written with an apostrophe: without one the endings are ordinary words ("want", "shell", "were").
 */
const CONTRACTION_ENDINGS: ReadonlyArray<readonly [string, string]> = [["n't", " not"], ["'ve", " have"], ["'ll", " will"], ["'re", " are"]];
/**
 * A pronoun's "'d" keeps its pronoun and drops the auxiliary: "he'd" is "he had" and "he would" about
 * equally often (on the train queries, dropping it beat reading "had"). Another word's "'d" stays whole.
 */
const PRONOUNS = new Set(["you", "we", "they", "he", "she"]);

function expandContraction(word: string): string | undefined {
  for (const [ending, expansion] of CONTRACTION_ENDINGS) {
    if (word.endsWith(ending) && word.length > ending.length) return word.slice(0, -ending.length) + expansion;
  }
  if (word.endsWith("'d") && PRONOUNS.has(word.slice(0, -2))) return word.slice(0, -2);
  return undefined;
}

/** Normalised text: lowercase words separated by single spaces, never throws. */
/** Printable ASCII needs neither NFKC nor the control/surrogate scan (most queries: the fast path). */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function normalize(raw: string): string {
  const text = String(raw);
  const ascii = PRINTABLE_ASCII.test(text);
  const cleaned = ascii ? text.toLowerCase() : text.replace(CONTROL_OR_LONE_SURROGATE, " ").normalize("NFKC").toLowerCase();
  const words = ascii
    ? cleaned.replace(/`/g, "'").replace(NON_WORD_ASCII, " ").split(" ")
    : cleaned.replace(/[\u2018\u2019`]/g, "'").replace(NON_WORD, " ").split(" ");
  const out: string[] = [];
  for (const word of words) {
    const trimmed = word.includes("'") ? word.replace(/^'+|'+$/g, "") : word;
    if (trimmed === "") continue;
    const rewritten = REWRITES.get(trimmed);
    if (rewritten !== undefined) { out.push(rewritten); continue; }
    const expanded = trimmed.includes("'") ? expandContraction(trimmed) : undefined;
    if (expanded !== undefined) { out.push(expanded); continue; }
    const bare = trimmed.includes("'") ? trimmed.replace(/'s$/, "").replace(/'/g, "") : trimmed;
    if (bare !== "") out.push(REWRITES.get(bare) ?? (bare.endsWith("s") ? FAMILY.get(bare.slice(0, -1)) : undefined) ?? bare);
  }
  return out.join(" ");
}
