/**
 * Stage 5: the significance gate. Open when memory-asking frames and significance content
 * outweigh lookup/task/media/definition frames. The raw score also feeds calibration.
 */
import type { Analysis } from "./analyze.js";

export const GATE_THRESHOLD = 0;

/** Linear gate score: > GATE_THRESHOLD opens the gate. */
export function gateScore(a: Analysis): number {
  const topArc = a.arcRanking.length > 0 ? a.arcs[a.arcRanking[0]!]!.score : 0;
  let topEmotion = 0;
  for (const e of Object.values(a.emotion)) if (e && e.score > topEmotion) topEmotion = e.score;
  let topTether = 0;
  for (const t of Object.values(a.tether)) if (t && t.score > topTether) topTether = t.score;
  // An anchor (a letter, gran's kitchen) counts as content only inside a strong memory frame.
  const anchor = a.frame.score >= 1.2 ? Math.min(topTether, 2.5) * 0.3 : 0;
  const content = Math.min(topArc, 4) * 0.6 + Math.min(topEmotion, 3) * 0.4 + Math.min(a.intensity.score, 3) * 0.3 + anchor;
  return Math.min(a.frame.score, 4) * 0.8 + content - a.block.score * 1.2 - 1.4 + (content > 0 ? 0 : -1);
}
