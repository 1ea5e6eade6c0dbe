import { describe, expect, it } from "vitest";
import { analyze } from "./analyze.js";
import { classify } from "./index.js";
import { normalize } from "./normalize.js";
import { withoutRequestWrapper } from "./request.js";

const unwrapped = (query: string) => withoutRequestWrapper(normalize(query));

describe("a request's polite wrapper (HELDOUT-5.md)", () => {
  it.each([
    ["Can you find the times dad was proud of me?", "find the times father was proud of me"],
    ["hey um could you please pull up the day we moved", "pull up the day we moved"],
    ["Would you kindly send a message to Emily", "send a message to emily"],
    ["Please book me a taxi for nine", "book me a taxi for nine"],
    ["I'd like you to find the letters nan wrote", "find the letters grandmother wrote"],
    ["I need you to remind me at six", "remind me at six"],
    ["Could you tell me what dose the doctor gave me", "what dose the doctor gave me"],
    ["let me know when the parcel comes", "when the parcel comes"],
  ])("is not part of what is asked: %s", (query, asked) => {
    expect(unwrapped(query)).toBe(asked);
  });

  it.each(["can you", "please", "tell me about the time we met", "show me what I wrote", "can i see the photos", "the day you left"])("leaves a query without one as it is: %s", (query) => {
    expect(unwrapped(query)).toBe(normalize(query));
  });

  it("is what the analysis reads, so the command after it opens the query", () => {
    expect(analyze("could you book me a taxi").normalized).toBe("book me a taxi");
  });

  it.each([
    "Can you find the most frightening moments of my whole life?",
    "can you show me the voicemails from mom I played every night that first month",
    "Could you find the little moments with Nora at the allotment, when we'd share a cup from the thermos?",
  ])("opens the gate on a memory asked for politely: %s", (query) => {
    expect(classify(query).significance_gate).toBe(true);
  });

  it.each(["Please book me a taxi to the Royal Victoria for half past nine", "can you find a plumber near me", "could you remind me to call mum at six", "Please make a note that the boiler man is coming on Thursday"])(
    "keeps it closed on a task or lookup asked for politely: %s",
    (query) => {
      expect(classify(query).significance_gate).toBe(false);
    },
  );
});
