/**
 * Stage 6: arc scoring. Arc types are ranked by summed cue weight; secondary arcs are kept
 * only when close to the best. With no arc cue, the dominant emotion picks a fallback arc.
 */
import type { ArcType, EmotionPrimary, TetherType } from "../schema/vocabulary.js";
import { best, type Analysis } from "./analyze.js";

const SECONDARY_RATIO = 0.5;

const ARC_BY_EMOTION: Record<EmotionPrimary, ArcType> = {
  joy: "bond", sadness: "grief", fear: "threshold", anger: "resistance", wonder: "discovery", peace: "reconciliation",
  tenderness: "bond", reverence: "gratitude", pride: "bond", anxiety: "threshold", gratitude: "gratitude", longing: "grief",
  hope: "threshold", shame: "reckoning", disappointment: "betrayal", relief: "liberation", frustration: "resistance",
};

const ARC_BY_TETHER: Record<TetherType, ArcType> = {
  person: "bond", object: "bond", ritual: "bond", tradition: "bond", symbol: "bond", place: "bond",
  identity: "authenticity", self: "transformation", event: "threshold",
};

/** Up to three arc types, best first. */
export function rankArcs(a: Analysis): ArcType[] {
  if (a.arcRanking.length === 0) {
    const emotion = best(a.emotion);
    if (emotion) return [ARC_BY_EMOTION[emotion]];
    const tether = best(a.tether);
    return tether ? [ARC_BY_TETHER[tether]] : [];
  }
  const top = a.arcs[a.arcRanking[0]!]!.score;
  return a.arcRanking.filter((arc) => a.arcs[arc]!.score >= top * SECONDARY_RATIO).slice(0, 3);
}

/** How far the chosen top arc leads the runner-up (0 with no arc): part of the confidence margin. */
export function arcLead(a: Analysis, arcs: readonly ArcType[]): number {
  if (arcs.length === 0) return 0;
  const runnerUp = a.arcRanking.find((arc) => arc !== arcs[0]);
  return (a.arcs[arcs[0]!]?.score ?? 0) - (runnerUp ? a.arcs[runnerUp]!.score : 0);
}
