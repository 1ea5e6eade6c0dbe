/**
 * `tag(text)`: EDM fields for a document that has none, so users without an extraction service
 * can still route. Same lexicons, morphology, features and filter building as `classify` (no copy
 * of any of them): `analyze` gives the evidence, the document models (`models.ts`, fitted on the
 * train queries plus 1,560 labelled memories) the arc types, tether and valence
 * (`buildModelFilters`, as `classify`), the cues the other fields. The significance gate is not
 * applied: documents are not questions. A document that neither the significance model nor any
 * arc or emotion cue marks as significant gets no arc, and tether and valence only from cues
 * (`buildFilters`): the models would name an arc for anything.
 * (Until 2026-11-23 tag() ranked arcs by cues alone, then read documents with classify's query
 * models until 2026-11-26; figures in the README → tag().)
 *
 * Only fields with evidence are set (an errand gets no arc_type), and only canonical values.
 *
 * `emotional_weight`: which side of 0.5 a document falls on (a significant memory or a mundane
 * one, the line routing's weight threshold draws) is decided by a document model fitted on
 * labelled memories (`significanceOf`; cues alone put a third of the retrieval corpus's
 * significant memories below 0.5); where on that side, by the cue evidence (arc, emotion and
 * intensity cues), so "the worst night of my life" still outweighs a quiet milestone:
 *   e = 0.6·min(arc, 4) + 0.4·min(emotion, 3) + 0.3·min(intensity, 3)   (summed cue weights)
 *   cue weight = 0.1 + 0.85 · (1 − exp(−e / 1.5))                          ∈ [0.1, 0.95)
 *   significant (p ≥ 0.5): max(cue weight, 0.5 + 0.3·(p − 0.5)/0.5)        ∈ [0.5, 0.95)
 *   mundane (p < 0.5):     min(cue weight, 0.45)                            ∈ [0.1, 0.45]
 * A document the model finds significant gets arc types, tether and valence from the models
 * even without arc or emotion cues.
 */
import { analyze, type Analysis } from "../classify/analyze.js";
import { linearFeatures } from "../classify/features.js";
import { predictLinear } from "../classify/linear.js";
import { buildFilters, buildModelFilters } from "../classify/filters.js";
import { predictFields } from "../classify/predict.js";
import type { ArcType, EmotionPrimary, RelationalDynamic, TemporalContext, TetherType, Valence } from "../schema/vocabulary.js";
import { documentModels, significanceModel } from "./models.js";

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

/** Evidence of significance in the cues → the cue weight (formula in the module comment). */
export function cueWeight(a: Analysis): number {
  const evidence = 0.6 * Math.min(top(a.arcs), 4) + 0.4 * Math.min(top(a.emotion), 3) + 0.3 * Math.min(a.intensity.score, 3);
  return Math.round((0.1 + 0.85 * (1 - Math.exp(-evidence / 1.5))) * 100) / 100;
}

/** The document model's probability that a text is a significant memory rather than a mundane one. */
export function significanceOf(a: Analysis): number {
  return predictLinear(significanceModel(), linearFeatures(a)).ranked.find((r) => r.value === "significant")!.p;
}

/** The model picks the side of 0.5, the cues the place within it (formula in the module comment). */
export function emotionalWeight(a: Analysis, significance = significanceOf(a)): number {
  const cues = cueWeight(a);
  if (significance < 0.5) return Math.min(cues, 0.45);
  return Math.max(cues, Math.round((0.5 + 0.3 * (significance - 0.5) / 0.5) * 100) / 100);
}

export function tag(text: string): EdmTags {
  const analysis = analyze(text);
  const significance = significanceOf(analysis);
  // Without arc or emotion cues or the significance model's word that the text matters,
  // classify's fallback (an arc from the anchor alone) would invent significance: "bin day on
  // our street" is not a bond with a place.
  const hasContent = significance >= 0.5 || analysis.arcRanking.length > 0 || Object.keys(analysis.emotion).length > 0;
  const tags: EdmTags = { emotional_weight: emotionalWeight(analysis, significance) };
  const { filters } = hasContent ? buildModelFilters(analysis, predictFields(analysis, documentModels())) : buildFilters(analysis, []);
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
