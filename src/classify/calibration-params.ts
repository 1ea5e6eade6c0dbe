/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -1.5198,
    "weights": {
      "frame": 1.4114,
      "lookup": -2.2855,
      "task": -1.3848,
      "info": -1.8157,
      "chat": -0.648,
      "arc": 1.2633,
      "emotion": -0.2811,
      "intensity": 0.7242,
      "tether": 0.4494,
      "personal": 0.7233,
      "gerund_opening": 1.6361,
      "when_clause": 1.3808,
      "past": 0.9878,
      "no_content": -0.1552,
      "short": -0.5608,
      "impersonal": -1.0256,
      "impersonal_arc": -1.0014
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.0755,
      "symbol": -4.7005,
      "event": -4.7005,
      "place": -4.7005,
      "ritual": -4.7005,
      "object": -4.7005,
      "tradition": -4.7005,
      "identity": -4.7005,
      "self": -4.7005
    },
    "liberation": {
      "person": -1.665,
      "symbol": -4.7095,
      "event": -3.3232,
      "place": -3.1001,
      "ritual": -4.7095,
      "object": -4.7095,
      "tradition": -4.7095,
      "identity": -4.7095,
      "self": -0.3788
    },
    "grief": {
      "person": -0.2123,
      "symbol": -4.7449,
      "event": -2.5477,
      "place": -3.6463,
      "ritual": -4.7449,
      "object": -3.3586,
      "tradition": -4.7449,
      "identity": -4.7449,
      "self": -4.0518
    },
    "discovery": {
      "person": -2.0523,
      "symbol": -4.6913,
      "event": -3.5927,
      "place": -1.2902,
      "ritual": -4.6913,
      "object": -3.0819,
      "tradition": -4.6913,
      "identity": -3.9982,
      "self": -0.7401
    },
    "resistance": {
      "person": -0.6229,
      "symbol": -4.7005,
      "event": -1.756,
      "place": -3.6019,
      "ritual": -4.7005,
      "object": -4.7005,
      "tradition": -4.7005,
      "identity": -4.7005,
      "self": -1.5224
    },
    "bond": {
      "person": -0.1133,
      "symbol": -4.7185,
      "event": -4.0254,
      "place": -4.7185,
      "ritual": -3.6199,
      "object": -4.7185,
      "tradition": -4.0254,
      "identity": -4.7185,
      "self": -4.7185
    },
    "moral_awakening": {
      "person": -2.4941,
      "symbol": -4.6913,
      "event": -4.6913,
      "place": -3.3051,
      "ritual": -4.6913,
      "object": -3.9982,
      "tradition": -3.9982,
      "identity": -4.6913,
      "self": -0.214
    },
    "transformation": {
      "person": -3.9982,
      "symbol": -4.6913,
      "event": -3.5927,
      "place": -3.5927,
      "ritual": -4.6913,
      "object": -4.6913,
      "tradition": -4.6913,
      "identity": -3.5927,
      "self": -0.1481
    },
    "reconciliation": {
      "person": -0.1375,
      "symbol": -4.6913,
      "event": -3.5927,
      "place": -4.6913,
      "ritual": -4.6913,
      "object": -3.9982,
      "tradition": -3.9982,
      "identity": -4.6913,
      "self": -3.5927
    },
    "reckoning": {
      "person": -1.8581,
      "symbol": -4.6913,
      "event": -3.3051,
      "place": -4.6913,
      "ritual": -4.6913,
      "object": -3.9982,
      "tradition": -4.6913,
      "identity": -4.6913,
      "self": -0.2969
    },
    "threshold": {
      "person": -4.0342,
      "symbol": -4.7274,
      "event": -0.163,
      "place": -2.9356,
      "ritual": -4.7274,
      "object": -4.0342,
      "tradition": -4.7274,
      "identity": -4.0342,
      "self": -4.0342
    },
    "exile": {
      "person": -1.0369,
      "symbol": -4.7005,
      "event": -4.7005,
      "place": -0.6931,
      "ritual": -4.7005,
      "object": -4.7005,
      "tradition": -3.6019,
      "identity": -2.7546,
      "self": -4.0073
    },
    "gratitude": {
      "person": -0.1166,
      "symbol": -4.6913,
      "event": -3.3051,
      "place": -4.6913,
      "ritual": -4.6913,
      "object": -3.9982,
      "tradition": -4.6913,
      "identity": -4.6913,
      "self": -4.6913
    },
    "authenticity": {
      "person": -4.6821,
      "symbol": -3.5835,
      "event": -4.6821,
      "place": -4.6821,
      "ritual": -4.6821,
      "object": -4.6821,
      "tradition": -4.6821,
      "identity": -0.4055,
      "self": -1.3863
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.654,
      "negative": -0.0192,
      "mixed": -4.654
    },
    "liberation": {
      "positive": -0.0192,
      "negative": -4.654,
      "mixed": -4.654
    },
    "grief": {
      "positive": -4.7005,
      "negative": -0.1054,
      "mixed": -2.3979
    },
    "discovery": {
      "positive": -0.1558,
      "negative": -4.6444,
      "mixed": -2.0053
    },
    "resistance": {
      "positive": -1.089,
      "negative": -4.6444,
      "mixed": -0.4249
    },
    "bond": {
      "positive": -0.0185,
      "negative": -4.6913,
      "mixed": -4.6913
    },
    "moral_awakening": {
      "positive": -4.6347,
      "negative": -0.6457,
      "mixed": -0.7635
    },
    "transformation": {
      "positive": -0.304,
      "negative": -3.9416,
      "mixed": -1.4159
    },
    "reconciliation": {
      "positive": -0.2403,
      "negative": -4.6347,
      "mixed": -1.5902
    },
    "reckoning": {
      "positive": -4.6347,
      "negative": -0.0396,
      "mixed": -3.5361
    },
    "threshold": {
      "positive": -1.1558,
      "negative": -3.989,
      "mixed": -0.4055
    },
    "exile": {
      "positive": -4.6444,
      "negative": -0.0194,
      "mixed": -4.6444
    },
    "gratitude": {
      "positive": -0.0196,
      "negative": -4.6347,
      "mixed": -4.6347
    },
    "authenticity": {
      "positive": -0.0503,
      "negative": -4.625,
      "mixed": -3.2387
    }
  },
  "prior_weight": {
    "tether": 0.9,
    "valence": 0.6
  },
  "calibration": {
    "a": 1.4387,
    "b": -1.227,
    "open_gate": 0.0536,
    "top": 0.4829,
    "lead": 0.4315,
    "open_offset": -0.4947
  }
};
