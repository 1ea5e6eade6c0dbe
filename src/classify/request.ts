/**
 * The polite wrapper of a request to an assistant ("can you…", "could you please…", "I'd like you
 * to…") says nothing about what is asked: "can you find the times dad was proud of me" asks what
 * "find the times dad was proud of me" asks, and "could you book me a taxi" what "book me a taxi"
 * asks. Read as cues, the wrapper's words counted as chit-chat and lookup evidence ("can you",
 * "you") and closed the gate on memory requests, while the command after it ("book…", "recommend…")
 * was not at the query's opening, where command cues are read. So the analysis reads the request
 * without its wrapper (HELDOUT-5.md).
 */

/** Words a speaker puts before a request ("hey, um, could you…"). */
const FILLERS = "(?:(?:hey|hi|hello|ok|okay|so|um|umm|uh|er|erm|right|alright) )*";
/** "can you", "could you please", "would you kindly", "please", "I'd like you to", "I need you to". */
const POLITE = "(?:(?:can|could|would|will) you(?: please| kindly| just)?|please|i (?:would|had) like you to|i (?:want|need) you to)";
/** "tell me what…" asks what "what…" asks: the question word then opens the query, as typed alone. */
const TELL_ME = "(?:tell me|let me know) (?=(?:what|when|where|who|whom|which|why|how|whether|if) )";
const WRAPPER = new RegExp(`^${FILLERS}(?:${POLITE} (?:${TELL_ME})?|${TELL_ME})(?=\\S)`);

/** The normalised query without a leading request wrapper; the query itself when there is none, or nothing after it. */
export function withoutRequestWrapper(normalized: string): string {
  const match = WRAPPER.exec(normalized);
  return match === null ? normalized : normalized.slice(match[0].length);
}
