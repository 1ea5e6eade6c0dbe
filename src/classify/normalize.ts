/**
 * Stage 1: normalise a raw query so the lexicons see one spelling of each word.
 * NFKC, lowercase, control characters and lone surrogates removed, contractions expanded,
 * common misspellings and family-word variants folded, punctuation turned into spaces.
 */
const CONTROL_OR_LONE_SURROGATE = /[\p{Cc}\p{Cf}]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;
const NON_WORD = /[^\p{L}\p{N}']+/gu;

/** Whole-word rewrites: contractions, misspellings, family words folded to one form. */
export const REWRITES: ReadonlyMap<string, string> = new Map([
  ["didn't", "did not"], ["didnt", "did not"], ["don't", "do not"], ["dont", "do not"],
  ["couldn't", "could not"], ["couldnt", "could not"], ["wasn't", "was not"], ["wasnt", "was not"],
  ["can't", "can not"], ["cant", "can not"], ["won't", "will not"], ["i'm", "i am"], ["im", "i am"],
  ["i'd", "i had"], ["i've", "i have"], ["ive", "i have"], ["it's", "it is"], ["what's", "what is"],
  ["whats", "what is"], ["wouldn't", "would not"], ["isn't", "is not"], ["never'd", "never"],
  ["mum", "mother"], ["mom", "mother"], ["mommy", "mother"], ["mummy", "mother"], ["ma", "mother"], ["mam", "mother"], ["mama", "mother"],
  ["dad", "father"], ["daddy", "father"], ["papa", "father"], ["pa", "father"], ["pops", "father"],
  ["nan", "grandmother"], ["nana", "grandmother"], ["nanna", "grandmother"], ["gran", "grandmother"], ["granny", "grandmother"], ["grandma", "grandmother"],
  ["grandpa", "grandfather"], ["grandad", "grandfather"], ["granddad", "grandfather"], ["gramps", "grandfather"],
  ["bro", "brother"], ["sis", "sister"], ["bf", "boyfriend"], ["gf", "girlfriend"], ["hubby", "husband"],
  ["wen", "when"], ["whn", "when"], ["tim", "time"], ["rember", "remember"], ["remeber", "remember"], ["rememeber", "remember"],
  ["freind", "friend"], ["frend", "friend"], ["beleive", "believe"], ["belive", "believe"], ["betrayl", "betrayal"],
  ["forgave", "forgive"], ["greif", "grief"], ["lonley", "lonely"], ["finaly", "finally"], ["realy", "really"],
  ["thnk", "think"], ["cuz", "because"], ["bc", "because"], ["u", "you"], ["ur", "your"], ["thx", "thanks"],
  ["happyest", "happiest"], ["passd", "passed"], ["pased", "passed"], ["dieded", "died"], ["funral", "funeral"], ["graduaton", "graduation"], ["scard", "scared"], ["scaried", "scared"], ["proudest", "proudest"], ["embarassed", "embarrassed"],
]);

/** Normalised text: lowercase words separated by single spaces, never throws. */
export function normalize(raw: string): string {
  const cleaned = String(raw).replace(CONTROL_OR_LONE_SURROGATE, " ").normalize("NFKC").toLowerCase();
  const words = cleaned.replace(/[\u2018\u2019`]/g, "'").replace(NON_WORD, " ").split(" ");
  const out: string[] = [];
  for (const word of words) {
    const trimmed = word.replace(/^'+|'+$/g, "");
    if (trimmed === "") continue;
    const rewritten = REWRITES.get(trimmed);
    if (rewritten !== undefined) { out.push(rewritten); continue; }
    const bare = trimmed.replace(/'s$/, "").replace(/'/g, "");
    if (bare !== "") out.push(REWRITES.get(bare) ?? bare);
  }
  return out.join(" ");
}
