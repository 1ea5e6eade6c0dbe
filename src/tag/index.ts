/**
 * `tag(text)`: EDM fields for a document that has none, from the classifier's own analysis and
 * models, so users without an extraction service can still route. Same lexicons, same
 * morphology, same linear models as `classify` (no copy of any of them): `analyze` gives the
 * evidence, the models the arc types, tether and valence (`buildModelFilters`, as `classify`),
 * the cues the other fields. The significance gate is not applied: documents are not questions.
 * A document without arc or emotion cues gets no arc, and tether and valence only from cues
 * (`buildFilters`): the models would name an arc for anything.
 * (Until 2026-11-23 tag() ranked arcs by cues alone; on the retrieval corpus's 196 significant
 * memories the models agree with the hand payloads on 105 arcs, 102 tethers and 121 valences, the
 * cue ranking on 77, 82 and 108.)
 *
 * Only fields with evidence are set (an errand gets no arc_type), and only canonical values.
 * `emotional_weight` grows with the evidence of significance (arc, emotion and intensity cues):
 *   e = 0.6·min(arc, 4) + 0.4·min(emotion, 3) + 0.3·min(intensity, 3)   (summed cue weights)
 *   emotional_weight = 0.1 + 0.85 · (1 − exp(−e / 1.5))                   ∈ [0.1, 0.95)
 */
import { analyze, type Analysis } from "../classify/analyze.js";
import { buildFilters, buildModelFilters } from "../classify/filters.js";
import { SHIPPED_PARAMS } from "../classify/params.js";
import { predictFields } from "../classify/predict.js";
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
  const tags: EdmTags = { emotional_weight: emotionalWeight(analysis) };
  const { filters } = hasContent ? buildModelFilters(analysis, predictFields(analysis, SHIPPED_PARAMS.models)) : buildFilters(analysis, []);
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
