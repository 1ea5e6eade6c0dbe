/**
 * The classifier's fitted parameters, in one place: the gate's logistic weights, the per-arc
 * priors over tether types and valences, and the confidence calibration. Values ship in
 * calibration-params.ts, written by scripts/fit-classifier.ts from the TRAIN split only.
 * Every stage takes the parameters as an argument (defaulting to the shipped ones) so the fit
 * script can evaluate candidate parameters without rewriting files.
 */
import type { ArcType, TetherType, Valence } from "../schema/vocabulary.js";
import { FITTED } from "./calibration-params.js";
import { loadLinearModel, type LinearModel } from "./linear.js";
import { LINEAR_MODELS } from "./linear-weights/index.js";

export const GATE_FEATURES = [
  "frame", "lookup", "task", "info", "chat", "arc", "emotion", "intensity", "tether", "personal", "gerund_opening", "when_clause", "past", "no_content", "short",
  "impersonal", "impersonal_arc",
] as const;
export type GateFeature = (typeof GATE_FEATURES)[number];

/** The linear models that choose the arc types, the tether type and the valence (linear.ts). */
export interface LinearModels {
  arc: LinearModel<ArcType>;
  tether: LinearModel<TetherType>;
  valence: LinearModel<Valence>;
  /** A secondary arc type is kept when its probability is at least this share of the top one's. */
  secondary_ratio: number;
}

export interface ClassifierParams {
  /** Logistic gate: log-odds = bias + Σ weight × feature. */
  gate: { bias: number; weights: Record<GateFeature, number> };
  /**
   * log P(value | top arc) from train label counts (add-one smoothed), added to the cue
   * evidence with `prior_weight`, so a named anchor wins and the arc's usual one breaks ties.
   */
  tether_prior: Record<ArcType, Record<TetherType, number>>;
  valence_prior: Record<ArcType, Record<Valence, number>>;
  prior_weight: { tether: number; valence: number };
  /**
   * Multiplier on each tether type's cue evidence. The labelling guide (benchmarks/queries/
   * LABELLING.md §4) anchors a memory to the most specific thing named: an artefact, a repeated
   * practice, a custom or a named occasion outranks the people who merely appear in it, so those
   * cues must count for more than generic person/self cues (fitted on train).
   */
  tether_cue_scale: Record<TetherType, number>;
  /**
   * P(correct) = σ(a · margin + b); margin = |gate| when the gate is closed, else
   * open_gate × |gate| + top × P(top arc) + lead × (P(top arc) − P(runner-up)) + open_offset,
   * the probabilities being the arc model's.
   */
  calibration: { a: number; b: number; open_gate: number; top: number; lead: number; open_offset: number };
  /**
   * The arc, tether and valence models (scripts/fit-linear-classifier.ts → linear-weights/).
   * The tether and valence priors and cue scales above serve `tag()`, which ranks by cues alone.
   */
  models: LinearModels;
}

/** The fitted numbers of calibration-params.ts (everything but the linear models). */
export type FittedParams = Omit<ClassifierParams, "models">;

export const SHIPPED_MODELS: LinearModels = {
  arc: loadLinearModel(LINEAR_MODELS.arc),
  tether: loadLinearModel(LINEAR_MODELS.tether),
  valence: loadLinearModel(LINEAR_MODELS.valence),
  secondary_ratio: LINEAR_MODELS.secondary_ratio,
};

export const SHIPPED_PARAMS: ClassifierParams = { ...FITTED, models: SHIPPED_MODELS };
