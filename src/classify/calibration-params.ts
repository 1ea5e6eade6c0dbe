/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -1.2778,
    "weights": {
      "frame": 1.2447,
      "lookup": -2.3959,
      "task": -1.3716,
      "info": -1.9937,
      "chat": -0.8381,
      "arc": 1.355,
      "emotion": -0.1865,
      "intensity": 0.6276,
      "tether": 0.3942,
      "personal": 0.5457,
      "gerund_opening": 1.8367,
      "when_clause": 1.2877,
      "past": 1.0053,
      "no_content": -0.0037,
      "short": -0.6127,
      "impersonal": -1.0513,
      "impersonal_arc": -1.0115
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.092,
      "symbol": -4.5109,
      "event": -4.5109,
      "place": -4.5109,
      "ritual": -4.5109,
      "object": -4.5109,
      "tradition": -4.5109,
      "identity": -4.5109,
      "self": -4.5109
    },
    "liberation": {
      "person": -1.8137,
      "symbol": -4.5218,
      "event": -3.1355,
      "place": -2.9124,
      "ritual": -4.5218,
      "object": -4.5218,
      "tradition": -4.5218,
      "identity": -4.5218,
      "self": -0.3787
    },
    "grief": {
      "person": -0.2603,
      "symbol": -4.5643,
      "event": -2.3671,
      "place": -3.4657,
      "ritual": -4.5643,
      "object": -3.1781,
      "tradition": -4.5643,
      "identity": -4.5643,
      "self": -3.8712
    },
    "discovery": {
      "person": -1.9349,
      "symbol": -4.4998,
      "event": -3.4012,
      "place": -1.3218,
      "ritual": -4.4998,
      "object": -2.8904,
      "tradition": -4.4998,
      "identity": -3.8067,
      "self": -0.8109
    },
    "resistance": {
      "person": -0.6607,
      "symbol": -4.5109,
      "event": -1.7383,
      "place": -3.4122,
      "ritual": -4.5109,
      "object": -4.5109,
      "tradition": -4.5109,
      "identity": -4.5109,
      "self": -1.5151
    },
    "bond": {
      "person": -0.1382,
      "symbol": -4.5326,
      "event": -3.8395,
      "place": -4.5326,
      "ritual": -3.434,
      "object": -4.5326,
      "tradition": -3.8395,
      "identity": -4.5326,
      "self": -4.5326
    },
    "moral_awakening": {
      "person": -2.3026,
      "symbol": -4.4998,
      "event": -4.4998,
      "place": -3.1135,
      "ritual": -4.4998,
      "object": -3.8067,
      "tradition": -3.8067,
      "identity": -4.4998,
      "self": -0.2657
    },
    "transformation": {
      "person": -3.8067,
      "symbol": -4.4998,
      "event": -3.4012,
      "place": -3.4012,
      "ritual": -4.4998,
      "object": -4.4998,
      "tradition": -4.4998,
      "identity": -3.4012,
      "self": -0.1823
    },
    "reconciliation": {
      "person": -0.1691,
      "symbol": -4.4998,
      "event": -3.4012,
      "place": -4.4998,
      "ritual": -4.4998,
      "object": -3.8067,
      "tradition": -3.8067,
      "identity": -4.4998,
      "self": -3.4012
    },
    "reckoning": {
      "person": -1.6666,
      "symbol": -4.4998,
      "event": -3.1135,
      "place": -4.4998,
      "ritual": -4.4998,
      "object": -3.8067,
      "tradition": -4.4998,
      "identity": -4.4998,
      "self": -0.3727
    },
    "threshold": {
      "person": -3.8501,
      "symbol": -4.5433,
      "event": -0.1995,
      "place": -2.7515,
      "ritual": -4.5433,
      "object": -3.8501,
      "tradition": -4.5433,
      "identity": -3.8501,
      "self": -3.8501
    },
    "exile": {
      "person": -1.0451,
      "symbol": -4.5109,
      "event": -4.5109,
      "place": -0.7497,
      "ritual": -4.5109,
      "object": -4.5109,
      "tradition": -3.4122,
      "identity": -2.5649,
      "self": -3.8177
    },
    "gratitude": {
      "person": -0.1431,
      "symbol": -4.4998,
      "event": -3.1135,
      "place": -4.4998,
      "ritual": -4.4998,
      "object": -3.8067,
      "tradition": -4.4998,
      "identity": -4.4998,
      "self": -4.4998
    },
    "authenticity": {
      "person": -4.4886,
      "symbol": -3.39,
      "event": -4.4886,
      "place": -4.4886,
      "ritual": -4.4886,
      "object": -4.4886,
      "tradition": -4.4886,
      "identity": -0.4111,
      "self": -1.4441
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.4543,
      "negative": -0.0235,
      "mixed": -4.4543
    },
    "liberation": {
      "positive": -0.0235,
      "negative": -4.4543,
      "mixed": -4.4543
    },
    "grief": {
      "positive": -4.5109,
      "negative": -0.1288,
      "mixed": -2.2083
    },
    "discovery": {
      "positive": -0.18,
      "negative": -4.4427,
      "mixed": -1.8777
    },
    "resistance": {
      "positive": -1.1104,
      "negative": -4.4427,
      "mixed": -0.4173
    },
    "bond": {
      "positive": -0.0225,
      "negative": -4.4998,
      "mixed": -4.4998
    },
    "moral_awakening": {
      "positive": -4.4308,
      "negative": -0.6931,
      "mixed": -0.7172
    },
    "transformation": {
      "positive": -0.3037,
      "negative": -3.7377,
      "mixed": -1.4351
    },
    "reconciliation": {
      "positive": -0.2261,
      "negative": -4.4308,
      "mixed": -1.6582
    },
    "reckoning": {
      "positive": -4.4308,
      "negative": -0.0488,
      "mixed": -3.3322
    },
    "threshold": {
      "positive": -1.1564,
      "negative": -3.7955,
      "mixed": -0.4111
    },
    "exile": {
      "positive": -4.4427,
      "negative": -0.0238,
      "mixed": -4.4427
    },
    "gratitude": {
      "positive": -0.0241,
      "negative": -4.4308,
      "mixed": -4.4308
    },
    "authenticity": {
      "positive": -0.0621,
      "negative": -4.4188,
      "mixed": -3.0325
    }
  },
  "prior_weight": {
    "tether": 1.1,
    "valence": 0.6
  },
  "calibration": {
    "a": 1.2019,
    "b": -1.0739,
    "open_gate": 0,
    "top": 0.5173,
    "lead": 0.8838,
    "open_offset": -0.6266
  }
};
