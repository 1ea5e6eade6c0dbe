/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -2.0471,
    "weights": {
      "frame": 2.0836,
      "lookup": -1.7054,
      "task": -1.4515,
      "info": -1.829,
      "chat": -0.9434,
      "arc": 1.4067,
      "emotion": -0.0892,
      "intensity": 0.5208,
      "tether": 0.372,
      "personal": 0.8459,
      "gerund_opening": 1.7007,
      "when_clause": 3.0906,
      "past": 1.5118,
      "no_content": -0.3602,
      "short": -0.5396
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.1252,
      "symbol": -4.2195,
      "event": -4.2195,
      "place": -4.2195,
      "ritual": -4.2195,
      "object": -4.2195,
      "tradition": -4.2195,
      "identity": -4.2195,
      "self": -4.2195
    },
    "liberation": {
      "person": -1.7492,
      "symbol": -4.2341,
      "event": -2.8478,
      "place": -2.6247,
      "ritual": -4.2341,
      "object": -4.2341,
      "tradition": -4.2341,
      "identity": -4.2341,
      "self": -0.4729
    },
    "grief": {
      "person": -0.3448,
      "symbol": -4.2767,
      "event": -2.0794,
      "place": -3.1781,
      "ritual": -4.2767,
      "object": -3.1781,
      "tradition": -4.2767,
      "identity": -4.2767,
      "self": -3.5835
    },
    "discovery": {
      "person": -2.0075,
      "symbol": -4.2047,
      "event": -3.1061,
      "place": -1.3143,
      "ritual": -4.2047,
      "object": -2.5953,
      "tradition": -4.2047,
      "identity": -3.5115,
      "self": -0.9089
    },
    "resistance": {
      "person": -0.7855,
      "symbol": -4.2195,
      "event": -1.5805,
      "place": -3.1209,
      "ritual": -4.2195,
      "object": -4.2195,
      "tradition": -4.2195,
      "identity": -4.2195,
      "self": -1.5115
    },
    "bond": {
      "person": -0.1911,
      "symbol": -4.2341,
      "event": -3.541,
      "place": -4.2341,
      "ritual": -3.1355,
      "object": -4.2341,
      "tradition": -3.541,
      "identity": -4.2341,
      "self": -4.2341
    },
    "moral_awakening": {
      "person": -2.0075,
      "symbol": -4.2047,
      "event": -4.2047,
      "place": -2.8184,
      "ritual": -4.2047,
      "object": -3.5115,
      "tradition": -3.5115,
      "identity": -4.2047,
      "self": -0.3761
    },
    "transformation": {
      "person": -3.5115,
      "symbol": -4.2047,
      "event": -3.1061,
      "place": -3.1061,
      "ritual": -4.2047,
      "object": -4.2047,
      "tradition": -4.2047,
      "identity": -3.1061,
      "self": -0.2534
    },
    "reconciliation": {
      "person": -0.2344,
      "symbol": -4.2047,
      "event": -3.1061,
      "place": -4.2047,
      "ritual": -4.2047,
      "object": -3.5115,
      "tradition": -3.5115,
      "identity": -4.2047,
      "self": -3.1061
    },
    "reckoning": {
      "person": -1.4966,
      "symbol": -4.2047,
      "event": -2.8184,
      "place": -4.2047,
      "ritual": -4.2047,
      "object": -3.5115,
      "tradition": -4.2047,
      "identity": -4.2047,
      "self": -0.4911
    },
    "threshold": {
      "person": -3.5553,
      "symbol": -4.2485,
      "event": -0.2782,
      "place": -2.4567,
      "ritual": -4.2485,
      "object": -3.5553,
      "tradition": -4.2485,
      "identity": -3.5553,
      "self": -3.5553
    },
    "exile": {
      "person": -1.1285,
      "symbol": -4.2195,
      "event": -4.2195,
      "place": -0.7855,
      "ritual": -4.2195,
      "object": -4.2195,
      "tradition": -3.1209,
      "identity": -2.4277,
      "self": -3.5264
    },
    "gratitude": {
      "person": -0.1974,
      "symbol": -4.2047,
      "event": -2.8184,
      "place": -4.2047,
      "ritual": -4.2047,
      "object": -3.5115,
      "tradition": -4.2047,
      "identity": -4.2047,
      "self": -4.2047
    },
    "authenticity": {
      "person": -4.1897,
      "symbol": -3.091,
      "event": -4.1897,
      "place": -4.1897,
      "ritual": -4.1897,
      "object": -4.1897,
      "tradition": -4.1897,
      "identity": -0.452,
      "self": -1.4816
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.1431,
      "negative": -0.0323,
      "mixed": -4.1431
    },
    "liberation": {
      "positive": -0.0323,
      "negative": -4.1431,
      "mixed": -4.1431
    },
    "grief": {
      "positive": -4.2047,
      "negative": -0.1442,
      "mixed": -2.1253
    },
    "discovery": {
      "positive": -0.1759,
      "negative": -4.1271,
      "mixed": -1.9299
    },
    "resistance": {
      "positive": -1.0361,
      "negative": -4.1271,
      "mixed": -0.4636
    },
    "bond": {
      "positive": -0.0313,
      "negative": -4.1744,
      "mixed": -4.1744
    },
    "moral_awakening": {
      "positive": -4.1109,
      "negative": -0.6769,
      "mixed": -0.7436
    },
    "transformation": {
      "positive": -0.3497,
      "negative": -3.4177,
      "mixed": -1.3383
    },
    "reconciliation": {
      "positive": -0.2397,
      "negative": -4.1109,
      "mixed": -1.626
    },
    "reckoning": {
      "positive": -4.1109,
      "negative": -0.0678,
      "mixed": -3.0123
    },
    "threshold": {
      "positive": -1.2299,
      "negative": -3.4812,
      "mixed": -0.3902
    },
    "exile": {
      "positive": -4.1271,
      "negative": -0.0328,
      "mixed": -4.1271
    },
    "gratitude": {
      "positive": -0.0333,
      "negative": -4.1109,
      "mixed": -4.1109
    },
    "authenticity": {
      "positive": -0.087,
      "negative": -4.0943,
      "mixed": -2.7081
    }
  },
  "prior_weight": {
    "tether": 0.6,
    "valence": 1.1
  },
  "calibration": {
    "a": 1.0323,
    "b": -1.0845,
    "open_gate": 0,
    "top": 0.6904,
    "lead": 0.9623,
    "open_offset": -0.4677
  }
};
