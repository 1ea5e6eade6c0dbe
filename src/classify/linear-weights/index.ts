/** Written by `npx tsx scripts/fit-linear-classifier.ts` from the TRAIN split only (settings and CV figures there). */
import { ARC_MODEL } from "./arc.js";
import { TETHER_MODEL } from "./tether.js";
import { VALENCE_MODEL } from "./valence.js";

export const LINEAR_MODELS = { arc: ARC_MODEL, tether: TETHER_MODEL, valence: VALENCE_MODEL, secondary_ratio: 0.35 };
