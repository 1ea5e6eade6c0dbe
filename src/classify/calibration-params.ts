/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -2.3677,
    "weights": {
      "frame": 1.923,
      "lookup": -2.0878,
      "task": -1.2991,
      "info": -1.8461,
      "chat": -1.2487,
      "arc": 1.4181,
      "emotion": 0.0886,
      "intensity": 0.6811,
      "tether": 0.3945,
      "personal": 0.8824,
      "gerund_opening": 1.8837,
      "when_clause": 0.8465,
      "past": 1.1938,
      "no_content": -0.1176,
      "short": -0.3805
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.1603,
      "symbol": -3.989,
      "event": -3.989,
      "place": -3.989,
      "ritual": -3.989,
      "object": -3.989,
      "tradition": -3.989,
      "identity": -3.989,
      "self": -3.989
    },
    "liberation": {
      "person": -1.7047,
      "symbol": -4.0073,
      "event": -2.621,
      "place": -2.3979,
      "ritual": -4.0073,
      "object": -4.0073,
      "tradition": -4.0073,
      "identity": -4.0073,
      "self": -0.5733
    },
    "grief": {
      "person": -0.4495,
      "symbol": -4.0604,
      "event": -1.8632,
      "place": -2.9618,
      "ritual": -4.0604,
      "object": -2.9618,
      "tradition": -4.0604,
      "identity": -4.0604,
      "self": -3.3673
    },
    "discovery": {
      "person": -2.0244,
      "symbol": -3.9703,
      "event": -2.8717,
      "place": -1.3312,
      "ritual": -3.9703,
      "object": -2.3609,
      "tradition": -3.9703,
      "identity": -3.2771,
      "self": -1.0259
    },
    "resistance": {
      "person": -0.8979,
      "symbol": -3.989,
      "event": -1.5041,
      "place": -2.8904,
      "ritual": -3.989,
      "object": -3.989,
      "tradition": -3.989,
      "identity": -3.989,
      "self": -1.5041
    },
    "bond": {
      "person": -0.2461,
      "symbol": -4.0073,
      "event": -3.3142,
      "place": -4.0073,
      "ritual": -2.9087,
      "object": -4.0073,
      "tradition": -3.3142,
      "identity": -4.0073,
      "self": -4.0073
    },
    "moral_awakening": {
      "person": -1.7731,
      "symbol": -3.9703,
      "event": -3.9703,
      "place": -2.584,
      "ritual": -3.9703,
      "object": -3.2771,
      "tradition": -3.2771,
      "identity": -3.9703,
      "self": -0.5046
    },
    "transformation": {
      "person": -3.2771,
      "symbol": -3.9703,
      "event": -2.8717,
      "place": -2.8717,
      "ritual": -3.9703,
      "object": -3.9703,
      "tradition": -3.9703,
      "identity": -2.8717,
      "self": -0.3327
    },
    "reconciliation": {
      "person": -0.3067,
      "symbol": -3.9703,
      "event": -2.8717,
      "place": -3.9703,
      "ritual": -3.9703,
      "object": -3.2771,
      "tradition": -3.2771,
      "identity": -3.9703,
      "self": -2.8717
    },
    "reckoning": {
      "person": -1.4053,
      "symbol": -3.9703,
      "event": -2.584,
      "place": -3.9703,
      "ritual": -3.9703,
      "object": -3.2771,
      "tradition": -3.9703,
      "identity": -3.9703,
      "self": -0.603
    },
    "threshold": {
      "person": -3.3499,
      "symbol": -4.0431,
      "event": -0.3542,
      "place": -2.2513,
      "ritual": -4.0431,
      "object": -3.3499,
      "tradition": -4.0431,
      "identity": -3.3499,
      "self": -3.3499
    },
    "exile": {
      "person": -1.2164,
      "symbol": -3.989,
      "event": -3.989,
      "place": -0.8109,
      "ritual": -3.989,
      "object": -3.989,
      "tradition": -2.8904,
      "identity": -2.3795,
      "self": -3.2958
    },
    "gratitude": {
      "person": -0.2567,
      "symbol": -3.9703,
      "event": -2.584,
      "place": -3.9703,
      "ritual": -3.9703,
      "object": -3.2771,
      "tradition": -3.9703,
      "identity": -3.9703,
      "self": -3.9703
    },
    "authenticity": {
      "person": -3.9703,
      "symbol": -2.8717,
      "event": -3.9703,
      "place": -3.9703,
      "ritual": -3.9703,
      "object": -3.9703,
      "tradition": -3.9703,
      "identity": -0.5046,
      "self": -1.4854
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -3.8918,
      "negative": -0.0417,
      "mixed": -3.8918
    },
    "liberation": {
      "positive": -0.0417,
      "negative": -3.8918,
      "mixed": -3.8918
    },
    "grief": {
      "positive": -3.9703,
      "negative": -0.1417,
      "mixed": -2.1785
    },
    "discovery": {
      "positive": -0.1823,
      "negative": -3.8712,
      "mixed": -1.9253
    },
    "resistance": {
      "positive": -1.038,
      "negative": -3.8712,
      "mixed": -0.47
    },
    "bond": {
      "positive": -0.04,
      "negative": -3.9318,
      "mixed": -3.9318
    },
    "moral_awakening": {
      "positive": -3.8501,
      "negative": -0.6313,
      "mixed": -0.8056
    },
    "transformation": {
      "positive": -0.3844,
      "negative": -3.157,
      "mixed": -1.2852
    },
    "reconciliation": {
      "positive": -0.2666,
      "negative": -3.8501,
      "mixed": -1.5476
    },
    "reckoning": {
      "positive": -3.8501,
      "negative": -0.0889,
      "mixed": -2.7515
    },
    "threshold": {
      "positive": -1.2432,
      "negative": -3.2581,
      "mixed": -0.3959
    },
    "exile": {
      "positive": -3.8712,
      "negative": -0.0426,
      "mixed": -3.8712
    },
    "gratitude": {
      "positive": -0.0435,
      "negative": -3.8501,
      "mixed": -3.8501
    },
    "authenticity": {
      "positive": -0.1125,
      "negative": -3.8501,
      "mixed": -2.4639
    }
  },
  "prior_weight": {
    "tether": 0.5,
    "valence": 1.1
  },
  "calibration": {
    "a": 0.2851,
    "b": 0.0951,
    "lead": 4.1866,
    "open_offset": -8.3699
  }
};
