/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -1.9123,
    "weights": {
      "frame": 2.0784,
      "lookup": -2.0659,
      "task": -1.5363,
      "info": -1.8367,
      "chat": -1.0477,
      "arc": 1.3876,
      "emotion": -0.0122,
      "intensity": 0.4731,
      "tether": 0.4533,
      "personal": 0.7736,
      "gerund_opening": 1.7376,
      "when_clause": 0.7338,
      "past": 1.3794,
      "no_content": -0.1588,
      "short": -0.4808
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.1128,
      "symbol": -4.3175,
      "event": -4.3175,
      "place": -4.3175,
      "ritual": -4.3175,
      "object": -4.3175,
      "tradition": -4.3175,
      "identity": -4.3175,
      "self": -4.3175
    },
    "liberation": {
      "person": -1.7658,
      "symbol": -4.3307,
      "event": -2.9444,
      "place": -2.7213,
      "ritual": -4.3307,
      "object": -4.3307,
      "tradition": -4.3307,
      "identity": -4.3307,
      "self": -0.4389
    },
    "grief": {
      "person": -0.3264,
      "symbol": -4.3694,
      "event": -2.1722,
      "place": -3.2708,
      "ritual": -4.3694,
      "object": -2.9832,
      "tradition": -4.3694,
      "identity": -4.3694,
      "self": -3.6763
    },
    "discovery": {
      "person": -2.0015,
      "symbol": -4.3041,
      "event": -3.2055,
      "place": -1.3083,
      "ritual": -4.3041,
      "object": -2.6946,
      "tradition": -4.3041,
      "identity": -3.6109,
      "self": -0.8701
    },
    "resistance": {
      "person": -0.734,
      "symbol": -4.3175,
      "event": -1.6094,
      "place": -3.2189,
      "ritual": -4.3175,
      "object": -4.3175,
      "tradition": -4.3175,
      "identity": -4.3175,
      "self": -1.5449
    },
    "bond": {
      "person": -0.1719,
      "symbol": -4.3307,
      "event": -3.6376,
      "place": -4.3307,
      "ritual": -3.2321,
      "object": -4.3307,
      "tradition": -3.6376,
      "identity": -4.3307,
      "self": -4.3307
    },
    "moral_awakening": {
      "person": -2.1068,
      "symbol": -4.3041,
      "event": -4.3041,
      "place": -2.9178,
      "ritual": -4.3041,
      "object": -3.6109,
      "tradition": -3.6109,
      "identity": -4.3041,
      "self": -0.3338
    },
    "transformation": {
      "person": -3.6109,
      "symbol": -4.3041,
      "event": -3.2055,
      "place": -3.2055,
      "ritual": -4.3041,
      "object": -4.3041,
      "tradition": -4.3041,
      "identity": -3.2055,
      "self": -0.2265
    },
    "reconciliation": {
      "person": -0.2097,
      "symbol": -4.3041,
      "event": -3.2055,
      "place": -4.3041,
      "ritual": -4.3041,
      "object": -3.6109,
      "tradition": -3.6109,
      "identity": -4.3041,
      "self": -3.2055
    },
    "reckoning": {
      "person": -1.5315,
      "symbol": -4.3041,
      "event": -2.9178,
      "place": -4.3041,
      "ritual": -4.3041,
      "object": -3.6109,
      "tradition": -4.3041,
      "identity": -4.3041,
      "self": -0.4539
    },
    "threshold": {
      "person": -3.6507,
      "symbol": -4.3438,
      "event": -0.2495,
      "place": -2.552,
      "ritual": -4.3438,
      "object": -3.6507,
      "tradition": -4.3438,
      "identity": -3.6507,
      "self": -3.6507
    },
    "exile": {
      "person": -1.0986,
      "symbol": -4.3175,
      "event": -4.3175,
      "place": -0.7911,
      "ritual": -4.3175,
      "object": -4.3175,
      "tradition": -3.2189,
      "identity": -2.3716,
      "self": -3.6243
    },
    "gratitude": {
      "person": -0.1769,
      "symbol": -4.3041,
      "event": -2.9178,
      "place": -4.3041,
      "ritual": -4.3041,
      "object": -3.6109,
      "tradition": -4.3041,
      "identity": -4.3041,
      "self": -4.3041
    },
    "authenticity": {
      "person": -4.2905,
      "symbol": -3.1918,
      "event": -4.2905,
      "place": -4.2905,
      "ritual": -4.2905,
      "object": -4.2905,
      "tradition": -4.2905,
      "identity": -0.4193,
      "self": -1.5179
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.2485,
      "negative": -0.029,
      "mixed": -4.2485
    },
    "liberation": {
      "positive": -0.029,
      "negative": -4.2485,
      "mixed": -4.2485
    },
    "grief": {
      "positive": -4.3041,
      "negative": -0.1452,
      "mixed": -2.1068
    },
    "discovery": {
      "positive": -0.1737,
      "negative": -4.2341,
      "mixed": -1.9315
    },
    "resistance": {
      "positive": -1.0561,
      "negative": -4.2341,
      "mixed": -0.4499
    },
    "bond": {
      "positive": -0.0282,
      "negative": -4.2767,
      "mixed": -4.2767
    },
    "moral_awakening": {
      "positive": -4.2195,
      "negative": -0.6642,
      "mixed": -0.7538
    },
    "transformation": {
      "positive": -0.3277,
      "negative": -3.5264,
      "mixed": -1.3863
    },
    "reconciliation": {
      "positive": -0.2305,
      "negative": -4.2195,
      "mixed": -1.6546
    },
    "reckoning": {
      "positive": -4.2195,
      "negative": -0.0606,
      "mixed": -3.1209
    },
    "threshold": {
      "positive": -1.1856,
      "negative": -3.5835,
      "mixed": -0.4055
    },
    "exile": {
      "positive": -4.2341,
      "negative": -0.0294,
      "mixed": -4.2341
    },
    "gratitude": {
      "positive": -0.0299,
      "negative": -4.2195,
      "mixed": -4.2195
    },
    "authenticity": {
      "positive": -0.0776,
      "negative": -4.2047,
      "mixed": -2.8184
    }
  },
  "prior_weight": {
    "tether": 0.6,
    "valence": 1
  },
  "calibration": {
    "a": 1.1818,
    "b": -1.3001,
    "open_gate": 0,
    "top": 0.7071,
    "lead": 0.6548,
    "open_offset": -0.509
  }
};
