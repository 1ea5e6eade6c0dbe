/**
 * Stage 3b: the form of the query, read from its normalised words rather than from lexicon cues:
 * who it is about (first person, family), whether it opens like a remembered scene ("fishing
 * trips with grandpa", "when nan passed") and how much of it is told in the past tense.
 * Factual lookups ask ("what time does my flight leave"); memories are described.
 */

const FIRST_PERSON = new Set(["i", "me", "my", "we", "our", "us", "myself", "mine", "ourselves"]);
const KIN = new Set([
  "mother", "father", "grandmother", "grandfather", "sister", "brother", "son", "daughter", "wife", "husband", "parents", "grandparents",
  "aunt", "uncle", "cousin", "boyfriend", "girlfriend", "partner", "stepmother", "stepfather", "grandson", "granddaughter", "twin", "family", "ex",
]);
/** Someone else the memory is about ("his empty chair", "she swore she'd never tell"). */
const THIRD_PERSON = new Set(["he", "she", "him", "her", "his", "hers", "they", "them", "their", "himself", "herself"]);
/** Openings of a remembered scene or a stance towards it ("the strike at the factory", "no more night shifts"). */
const SCENE_OPENERS = new Set(["the", "that", "those", "this", "these", "still", "never", "no", "not", "finally", "after", "before", "first", "last"]);
/** Words after "when" that make it a question about a date, not a remembered scene. */
const QUESTION_AUX = new Set(["is", "are", "does", "do", "did", "will", "would", "should", "can", "could", "was", "were", "has", "have", "'s"]);
/** Opening words that end in -ing but are not verbs. */
const NOT_GERUND = new Set(["morning", "evening", "nothing", "something", "anything", "everything", "thing", "wedding", "king", "ring", "sing", "bring", "spring", "during", "ceiling", "building", "string", "sibling", "darling", "pudding", "ping", "wing"]);
/** Irregular past-tense forms; regular ones are recognised by "-ed". */
const IRREGULAR_PAST = new Set([
  "went", "left", "felt", "lost", "knew", "told", "made", "saw", "came", "found", "stood", "broke", "died", "thought", "taught", "fought", "forgave", "lied", "took", "gave",
  "became", "held", "spoke", "wore", "grew", "sat", "ran", "began", "fell", "hid", "kept", "sent", "spent", "brought", "caught", "said", "met", "heard", "drove", "flew",
  "wrote", "got", "gone", "did not", "won", "lent", "fled", "let", "quit", "shut", "hurt", "cut",
]);
const NOT_PAST = new Set(["need", "seed", "feed", "bed", "red", "shed", "speed", "bleed", "breed", "greed", "weed", "embed", "hundred", "sacred", "naked", "wicked", "wretched"]);

export interface QueryForm {
  /** First-person words and family words (capped at 3). */
  personal: number;
  /** Opens with an -ing verb: "baking with nan", "leaving syria". */
  gerundOpening: boolean;
  /** Opens with "when" + subject ("when nan passed", "when was i …"), not "when is/does …". */
  whenClause: boolean;
  /**
   * Nothing in the query points at the user's life: no first person, family, third person,
   * scene-like opening or past tense ("bond yields today", "threshold for paying tax").
   */
  impersonal: boolean;
  /** Past-tense verbs (capped at 2). */
  past: number;
  /** Word count. */
  words: number;
}

export function queryForm(normalized: string): QueryForm {
  const words = normalized === "" ? [] : normalized.split(" ");
  let personal = 0;
  let past = 0;
  let thirdPerson = false;
  for (const w of words) {
    if (FIRST_PERSON.has(w) || KIN.has(w)) personal++;
    if (THIRD_PERSON.has(w)) thirdPerson = true;
    if (IRREGULAR_PAST.has(w) || (w.length > 4 && w.endsWith("ed") && !NOT_PAST.has(w))) past++;
  }
  const first = words[0] ?? "";
  const gerundOpening = first.length > 4 && first.endsWith("ing") && !NOT_GERUND.has(first);
  // "when was i most afraid" recalls a state of the speaker, like a clause; "when was the …" asks a date.
  const whenClause = first === "when" && words.length > 2 && (!QUESTION_AUX.has(words[1]!) || ((words[1] === "was" || words[1] === "were") && (words[2] === "i" || words[2] === "we")));
  const impersonal = personal === 0 && !thirdPerson && past === 0 && !gerundOpening && !whenClause && !SCENE_OPENERS.has(first);
  return { personal: Math.min(personal, 3), gerundOpening, whenClause, impersonal, past: Math.min(past, 2), words: words.length };
}
