/**
 * The document models `tag()` reads memories with: significance (significant memory or mundane
 * note) fitted on labelled memories alone, and arc type, tether and valence fitted on the train
 * queries plus those memories (`scripts/fit-document-tagger.ts`; author-held-out on the memories
 * they beat classify's query models, README → tag()). They ship as JSON in
 * `models/document-tagger/` and are read on the first `tag()` call: `classify` never needs them,
 * so a process that only classifies does not pay for 2.6 MB of weights at start-up.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { shippedModelsDir } from "../embed/transformers.js";
import { loadLinearModel, type LinearModel, type StoredLinearModel } from "../classify/linear.js";
import { SHIPPED_MODELS, type LinearModels } from "../classify/params.js";
import type { ArcType, TetherType, Valence } from "../schema/vocabulary.js";

export const DOCUMENT_MODELS_DIR = "document-tagger";

function read<C extends string>(name: string): LinearModel<C> {
  return loadLinearModel(JSON.parse(readFileSync(join(shippedModelsDir(), DOCUMENT_MODELS_DIR, `${name}.json`), "utf8")) as StoredLinearModel<C>);
}

let fields: LinearModels | undefined;
let significance: LinearModel<"significant" | "mundane"> | undefined;

/** Arc, tether and valence models for documents (secondary arcs by the query models' ratio). */
export const documentModels = (): LinearModels =>
  (fields ??= { arc: read<ArcType>("arc"), tether: read<TetherType>("tether"), valence: read<Valence>("valence"), secondary_ratio: SHIPPED_MODELS.secondary_ratio });

/** The significant-or-mundane model. */
export const significanceModel = (): LinearModel<"significant" | "mundane"> => (significance ??= read("significance"));
