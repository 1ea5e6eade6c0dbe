/**
 * `tag(text)`: EDM fields for a document that has none, from the classifier's own analysis, so
 * users without an extraction service can still route. Same lexicons, same morphology, same
 * arc ranking and the same tether/valence defaults as `classify` (no copy of any of them):
 * `analyze` gives the evidence, `rankArcs` the arc type, `buildFilters` the other fields. The
 * significance gate is not applied: documents are not questions.
 *
 * Only fields with evidence are set (an errand gets no arc_type), and only canonical values.
 * `emotional_weight` grows with the evidence of significance (arc, emotion and intensity cues):
 *   e = 0.6·min(arc, 4) + 0.4·min(emotion, 3) + 0.3·min(intensity, 3)   (summed cue weights)
 *   emotional_weight = 0.1 + 0.85 · (1 − exp(−e / 1.5))                   ∈ [0.1, 0.95)
 */
import { analyze, type Analysis } from "../classify/analyze.js";
import { rankArcs } from "../classify/arcs.js";
import { buildFilters } from "../classify/filters.js";
import type { ArcType, EmotionPrimary, RelationalDynamic, TemporalContext, TetherType, Valence } from "../schema/vocabulary.js";

/** A flat EDM payload (the adapters' default field map). */
export interface EdmTags {
  arc_type?: ArcType;
  /** Up to two further arc types close to the best, for stores that index arrays. */
  secondary_arc_types?: ArcType[];
  tether_type?: TetherType;
  valence?: Valence;
  emotional_weight: number;
  emotion_primary?: EmotionPrimary;
  relational_dynamics?: RelationalDynamic;
  temporal_context?: TemporalContext;
}

const top = (scores: Record<string, { score: number } | undefined>): number =>
  Math.max(0, ...Object.values(scores).map((entry) => entry?.score ?? 0));

/** Evidence of significance → emotional_weight (formula in the module comment). */
export function emotionalWeight(a: Analysis): number {
  const evidence = 0.6 * Math.min(top(a.arcs), 4) + 0.4 * Math.min(top(a.emotion), 3) + 0.3 * Math.min(a.intensity.score, 3);
  return Math.round((0.1 + 0.85 * (1 - Math.exp(-evidence / 1.5))) * 100) / 100;
}

export function tag(text: string): EdmTags {
  const analysis = analyze(text);
  // Without arc or emotion cues, classify's fallback (an arc from the anchor alone) would
  // invent significance: "bin day on our street" is not a bond with a place.
  const hasContent = analysis.arcRanking.length > 0 || Object.keys(analysis.emotion).length > 0;
  const arcs = hasContent ? rankArcs(analysis) : [];
  const tags: EdmTags = { emotional_weight: emotionalWeight(analysis) };
  const { filters } = buildFilters(analysis, arcs);
  for (const filter of filters) {
    if (filter.operator !== "eq" || typeof filter.value !== "string") continue;
    switch (filter.field) {
      case "arc_type":
        if (!tags.arc_type) tags.arc_type = filter.value as ArcType;
        else (tags.secondary_arc_types ??= []).push(filter.value as ArcType);
        break;
      case "tether_type":
      case "valence":
      case "emotion_primary":
      case "relational_dynamics":
      case "temporal_context":
        (tags as unknown as Record<string, string>)[filter.field] ??= filter.value;
        break;
    }
  }
  return tags;
}
