/**
 * The document models `tag()` reads memories with: significance (significant memory or mundane
 * note) fitted on labelled memories alone, and arc type, tether and valence fitted on the train
 * queries plus those memories (`scripts/fit-document-tagger.ts`; author-held-out on the memories
 * they beat classify's query models, README → tag()). Parsed on first use: `classify` never
 * needs them, so a process that only classifies does not pay for them at start-up.
 */
import { ARC_MODEL } from "../classify/document-weights/arc.js";
import { SIGNIFICANCE_MODEL } from "../classify/document-weights/significance.js";
import { TETHER_MODEL } from "../classify/document-weights/tether.js";
import { VALENCE_MODEL } from "../classify/document-weights/valence.js";
import { loadLinearModel, type LinearModel } from "../classify/linear.js";
import { SHIPPED_MODELS, type LinearModels } from "../classify/params.js";

let fields: LinearModels | undefined;
let significance: LinearModel<"significant" | "mundane"> | undefined;

/** Arc, tether and valence models for documents (secondary arcs by the query models' ratio). */
export const documentModels = (): LinearModels =>
  (fields ??= { arc: loadLinearModel(ARC_MODEL()), tether: loadLinearModel(TETHER_MODEL()), valence: loadLinearModel(VALENCE_MODEL()), secondary_ratio: SHIPPED_MODELS.secondary_ratio });

/** The significant-or-mundane model. */
export const significanceModel = (): LinearModel<"significant" | "mundane"> => (significance ??= loadLinearModel(SIGNIFICANCE_MODEL()));
