/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -1.3603,
    "weights": {
      "frame": 1.2321,
      "lookup": -2.3899,
      "task": -1.3517,
      "info": -1.9657,
      "chat": -0.8148,
      "arc": 1.3617,
      "emotion": -0.1664,
      "intensity": 0.653,
      "tether": 0.3964,
      "personal": 0.5467,
      "gerund_opening": 1.7849,
      "when_clause": 1.3023,
      "past": 1.0152,
      "no_content": -0.0086,
      "short": -0.5818,
      "impersonal": -1.0293,
      "impersonal_arc": -1.0013
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.0965,
      "symbol": -4.4659,
      "event": -4.4659,
      "place": -4.4659,
      "ritual": -4.4659,
      "object": -4.4659,
      "tradition": -4.4659,
      "identity": -4.4659,
      "self": -4.4659
    },
    "liberation": {
      "person": -1.7693,
      "symbol": -4.4773,
      "event": -3.091,
      "place": -2.8679,
      "ritual": -4.4773,
      "object": -4.4773,
      "tradition": -4.4773,
      "identity": -4.4773,
      "self": -0.3998
    },
    "grief": {
      "person": -0.2733,
      "symbol": -4.5218,
      "event": -2.3246,
      "place": -3.4232,
      "ritual": -4.5218,
      "object": -3.1355,
      "tradition": -4.5218,
      "identity": -4.5218,
      "self": -3.8286
    },
    "discovery": {
      "person": -1.9694,
      "symbol": -4.4543,
      "event": -3.3557,
      "place": -1.3189,
      "ritual": -4.4543,
      "object": -2.8449,
      "tradition": -4.4543,
      "identity": -3.7612,
      "self": -0.8168
    },
    "resistance": {
      "person": -0.6817,
      "symbol": -4.4659,
      "event": -1.6933,
      "place": -3.3673,
      "ritual": -4.4659,
      "object": -4.4659,
      "tradition": -4.4659,
      "identity": -4.4659,
      "self": -1.5215
    },
    "bond": {
      "person": -0.1448,
      "symbol": -4.4886,
      "event": -3.7955,
      "place": -4.4886,
      "ritual": -3.39,
      "object": -4.4886,
      "tradition": -3.7955,
      "identity": -4.4886,
      "self": -4.4886
    },
    "moral_awakening": {
      "person": -2.2571,
      "symbol": -4.4543,
      "event": -4.4543,
      "place": -3.0681,
      "ritual": -4.4543,
      "object": -3.7612,
      "tradition": -3.7612,
      "identity": -4.4543,
      "self": -0.28
    },
    "transformation": {
      "person": -3.7612,
      "symbol": -4.4543,
      "event": -3.3557,
      "place": -3.3557,
      "ritual": -4.4543,
      "object": -4.4543,
      "tradition": -4.4543,
      "identity": -3.3557,
      "self": -0.1917
    },
    "reconciliation": {
      "person": -0.1777,
      "symbol": -4.4543,
      "event": -3.3557,
      "place": -4.4543,
      "ritual": -4.4543,
      "object": -3.7612,
      "tradition": -3.7612,
      "identity": -4.4543,
      "self": -3.3557
    },
    "reckoning": {
      "person": -1.6211,
      "symbol": -4.4543,
      "event": -3.0681,
      "place": -4.4543,
      "ritual": -4.4543,
      "object": -3.7612,
      "tradition": -4.4543,
      "identity": -4.4543,
      "self": -0.3939
    },
    "threshold": {
      "person": -3.8067,
      "symbol": -4.4998,
      "event": -0.2094,
      "place": -2.7081,
      "ritual": -4.4998,
      "object": -3.8067,
      "tradition": -4.4998,
      "identity": -3.8067,
      "self": -3.8067
    },
    "exile": {
      "person": -1.0647,
      "symbol": -4.4659,
      "event": -4.4659,
      "place": -0.7523,
      "ritual": -4.4659,
      "object": -4.4659,
      "tradition": -3.3673,
      "identity": -2.52,
      "self": -3.7728
    },
    "gratitude": {
      "person": -0.1503,
      "symbol": -4.4543,
      "event": -3.0681,
      "place": -4.4543,
      "ritual": -4.4543,
      "object": -3.7612,
      "tradition": -4.4543,
      "identity": -4.4543,
      "self": -4.4543
    },
    "authenticity": {
      "person": -4.4427,
      "symbol": -3.344,
      "event": -4.4427,
      "place": -4.4427,
      "ritual": -4.4427,
      "object": -4.4427,
      "tradition": -4.4427,
      "identity": -0.4173,
      "self": -1.4469
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.4067,
      "negative": -0.0247,
      "mixed": -4.4067
    },
    "liberation": {
      "positive": -0.0247,
      "negative": -4.4067,
      "mixed": -4.4067
    },
    "grief": {
      "positive": -4.4659,
      "negative": -0.1352,
      "mixed": -2.1633
    },
    "discovery": {
      "positive": -0.1749,
      "negative": -4.3944,
      "mixed": -1.9095
    },
    "resistance": {
      "positive": -1.0986,
      "negative": -4.3944,
      "mixed": -0.4242
    },
    "bond": {
      "positive": -0.0235,
      "negative": -4.4543,
      "mixed": -4.4543
    },
    "moral_awakening": {
      "positive": -4.382,
      "negative": -0.6931,
      "mixed": -0.7185
    },
    "transformation": {
      "positive": -0.3045,
      "negative": -3.6889,
      "mixed": -1.4376
    },
    "reconciliation": {
      "positive": -0.2231,
      "negative": -4.382,
      "mixed": -1.674
    },
    "reckoning": {
      "positive": -4.382,
      "negative": -0.0513,
      "mixed": -3.2834
    },
    "threshold": {
      "positive": -1.1468,
      "negative": -3.7495,
      "mixed": -0.4173
    },
    "exile": {
      "positive": -4.3944,
      "negative": -0.025,
      "mixed": -4.3944
    },
    "gratitude": {
      "positive": -0.0253,
      "negative": -4.382,
      "mixed": -4.382
    },
    "authenticity": {
      "positive": -0.0654,
      "negative": -4.3694,
      "mixed": -2.9832
    }
  },
  "prior_weight": {
    "tether": 0.7,
    "valence": 0.7
  },
  "calibration": {
    "a": 1.2973,
    "b": -1.3684,
    "open_gate": 0,
    "top": 0.6349,
    "lead": 0.7698,
    "open_offset": -0.6063
  }
};
