/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -1.3755,
    "weights": {
      "frame": 1.2442,
      "lookup": -2.3663,
      "task": -1.4327,
      "info": -1.9176,
      "chat": -0.7952,
      "arc": 1.31,
      "emotion": -0.1509,
      "intensity": 0.6517,
      "tether": 0.4153,
      "personal": 0.5541,
      "gerund_opening": 1.806,
      "when_clause": 1.3833,
      "past": 1.017,
      "no_content": -0.0284,
      "short": -0.5651,
      "impersonal": -1.0238,
      "impersonal_arc": -0.958
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.1027,
      "symbol": -4.4067,
      "event": -4.4067,
      "place": -4.4067,
      "ritual": -4.4067,
      "object": -4.4067,
      "tradition": -4.4067,
      "identity": -4.4067,
      "self": -4.4067
    },
    "liberation": {
      "person": -1.7798,
      "symbol": -4.4188,
      "event": -3.0325,
      "place": -2.8094,
      "ritual": -4.4188,
      "object": -4.4188,
      "tradition": -4.4188,
      "identity": -4.4188,
      "self": -0.4115
    },
    "grief": {
      "person": -0.2915,
      "symbol": -4.4659,
      "event": -2.2687,
      "place": -3.3673,
      "ritual": -4.4659,
      "object": -3.0796,
      "tradition": -4.4659,
      "identity": -4.4659,
      "self": -3.7728
    },
    "discovery": {
      "person": -1.9966,
      "symbol": -4.3944,
      "event": -3.2958,
      "place": -1.3034,
      "ritual": -4.3944,
      "object": -2.785,
      "tradition": -4.3944,
      "identity": -3.7013,
      "self": -0.8391
    },
    "resistance": {
      "person": -0.7178,
      "symbol": -4.4067,
      "event": -1.6341,
      "place": -3.3081,
      "ritual": -4.4067,
      "object": -4.4067,
      "tradition": -4.4067,
      "identity": -4.4067,
      "self": -1.5163
    },
    "bond": {
      "person": -0.1542,
      "symbol": -4.4308,
      "event": -3.7377,
      "place": -4.4308,
      "ritual": -3.3322,
      "object": -4.4308,
      "tradition": -3.7377,
      "identity": -4.4308,
      "self": -4.4308
    },
    "moral_awakening": {
      "person": -2.1972,
      "symbol": -4.3944,
      "event": -4.3944,
      "place": -3.0082,
      "ritual": -4.3944,
      "object": -3.7013,
      "tradition": -3.7013,
      "identity": -4.3944,
      "self": -0.3001
    },
    "transformation": {
      "person": -3.7013,
      "symbol": -4.3944,
      "event": -3.2958,
      "place": -3.2958,
      "ritual": -4.3944,
      "object": -4.3944,
      "tradition": -4.3944,
      "identity": -3.2958,
      "self": -0.2048
    },
    "reconciliation": {
      "person": -0.1898,
      "symbol": -4.3944,
      "event": -3.2958,
      "place": -4.3944,
      "ritual": -4.3944,
      "object": -3.7013,
      "tradition": -3.7013,
      "identity": -4.3944,
      "self": -3.2958
    },
    "reckoning": {
      "person": -1.5612,
      "symbol": -4.3944,
      "event": -3.0082,
      "place": -4.3944,
      "ritual": -4.3944,
      "object": -3.7013,
      "tradition": -4.3944,
      "identity": -4.3944,
      "self": -0.4242
    },
    "threshold": {
      "person": -3.7495,
      "symbol": -4.4427,
      "event": -0.2231,
      "place": -2.6509,
      "ritual": -4.4427,
      "object": -3.7495,
      "tradition": -4.4427,
      "identity": -3.7495,
      "self": -3.7495
    },
    "exile": {
      "person": -1.0745,
      "symbol": -4.4067,
      "event": -4.4067,
      "place": -0.7691,
      "ritual": -4.4067,
      "object": -4.4067,
      "tradition": -3.3081,
      "identity": -2.4608,
      "self": -3.7136
    },
    "gratitude": {
      "person": -0.1603,
      "symbol": -4.3944,
      "event": -3.0082,
      "place": -4.3944,
      "ritual": -4.3944,
      "object": -3.7013,
      "tradition": -4.3944,
      "identity": -4.3944,
      "self": -4.3944
    },
    "authenticity": {
      "person": -4.382,
      "symbol": -3.2834,
      "event": -4.382,
      "place": -4.382,
      "ritual": -4.382,
      "object": -4.382,
      "tradition": -4.382,
      "identity": -0.4308,
      "self": -1.4376
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.3438,
      "negative": -0.0263,
      "mixed": -4.3438
    },
    "liberation": {
      "positive": -0.0263,
      "negative": -4.3438,
      "mixed": -4.3438
    },
    "grief": {
      "positive": -4.4067,
      "negative": -0.144,
      "mixed": -2.1041
    },
    "discovery": {
      "positive": -0.1719,
      "negative": -4.3307,
      "mixed": -1.9328
    },
    "resistance": {
      "positive": -1.0726,
      "negative": -4.3307,
      "mixed": -0.4389
    },
    "bond": {
      "positive": -0.025,
      "negative": -4.3944,
      "mixed": -4.3944
    },
    "moral_awakening": {
      "positive": -4.3175,
      "negative": -0.6799,
      "mixed": -0.734
    },
    "transformation": {
      "positive": -0.3102,
      "negative": -3.6243,
      "mixed": -1.4271
    },
    "reconciliation": {
      "positive": -0.2231,
      "negative": -4.3175,
      "mixed": -1.6784
    },
    "reckoning": {
      "positive": -4.3175,
      "negative": -0.0548,
      "mixed": -3.2189
    },
    "threshold": {
      "positive": -1.1632,
      "negative": -3.6889,
      "mixed": -0.4117
    },
    "exile": {
      "positive": -4.3307,
      "negative": -0.0267,
      "mixed": -4.3307
    },
    "gratitude": {
      "positive": -0.027,
      "negative": -4.3175,
      "mixed": -4.3175
    },
    "authenticity": {
      "positive": -0.07,
      "negative": -4.3041,
      "mixed": -2.9178
    }
  },
  "prior_weight": {
    "tether": 0.9,
    "valence": 0.7
  },
  "calibration": {
    "a": 1.3232,
    "b": -1.4421,
    "open_gate": 0,
    "top": 0.6153,
    "lead": 0.7068,
    "open_offset": -0.4565
  }
};
