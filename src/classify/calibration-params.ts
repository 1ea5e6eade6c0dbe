/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -2.4905,
    "weights": {
      "frame": 2.3686,
      "lookup": -1.6217,
      "task": -1.1999,
      "info": -1.7862,
      "chat": -1.1174,
      "arc": 1.3985,
      "emotion": -0.0258,
      "intensity": 0.6384,
      "tether": 0.7957,
      "personal": 0.4807,
      "gerund_opening": 1.1723,
      "when_clause": 0.5632,
      "past": 0.6884,
      "no_content": 0.2412,
      "short": -0.29
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.2776,
      "symbol": -3.4965,
      "event": -3.4965,
      "place": -3.4965,
      "ritual": -3.4965,
      "object": -3.4965,
      "tradition": -3.4965,
      "identity": -3.4965,
      "self": -3.4965
    },
    "liberation": {
      "person": -1.5506,
      "symbol": -3.4965,
      "event": -2.3979,
      "place": -2.3979,
      "ritual": -3.4965,
      "object": -3.4965,
      "tradition": -3.4965,
      "identity": -3.4965,
      "self": -0.7885
    },
    "grief": {
      "person": -0.7828,
      "symbol": -3.5553,
      "event": -1.6094,
      "place": -2.4567,
      "ritual": -3.5553,
      "object": -2.4567,
      "tradition": -3.5553,
      "identity": -3.5553,
      "self": -2.8622
    },
    "discovery": {
      "person": -2.0794,
      "symbol": -3.4657,
      "event": -2.3671,
      "place": -1.3863,
      "ritual": -3.4657,
      "object": -2.0794,
      "tradition": -3.4657,
      "identity": -3.4657,
      "self": -1.2685
    },
    "resistance": {
      "person": -0.9808,
      "symbol": -3.4657,
      "event": -1.5198,
      "place": -2.7726,
      "ritual": -3.4657,
      "object": -3.4657,
      "tradition": -3.4657,
      "identity": -3.4657,
      "self": -1.674
    },
    "bond": {
      "person": -0.4353,
      "symbol": -3.5264,
      "event": -2.8332,
      "place": -3.5264,
      "ritual": -2.4277,
      "object": -3.5264,
      "tradition": -2.8332,
      "identity": -3.5264,
      "self": -3.5264
    },
    "moral_awakening": {
      "person": -1.3863,
      "symbol": -3.4657,
      "event": -3.4657,
      "place": -2.0794,
      "ritual": -3.4657,
      "object": -2.7726,
      "tradition": -3.4657,
      "identity": -3.4657,
      "self": -0.9008
    },
    "transformation": {
      "person": -2.7726,
      "symbol": -3.4657,
      "event": -2.7726,
      "place": -2.3671,
      "ritual": -3.4657,
      "object": -3.4657,
      "tradition": -3.4657,
      "identity": -2.3671,
      "self": -0.5754
    },
    "reconciliation": {
      "person": -0.5008,
      "symbol": -3.4965,
      "event": -2.8034,
      "place": -3.4965,
      "ritual": -3.4965,
      "object": -2.8034,
      "tradition": -2.8034,
      "identity": -3.4965,
      "self": -2.3979
    },
    "reckoning": {
      "person": -1.4881,
      "symbol": -3.434,
      "event": -2.3354,
      "place": -3.434,
      "ritual": -3.434,
      "object": -2.7408,
      "tradition": -3.434,
      "identity": -3.434,
      "self": -0.7949
    },
    "threshold": {
      "person": -2.8622,
      "symbol": -3.5553,
      "event": -0.5108,
      "place": -1.9459,
      "ritual": -3.5553,
      "object": -3.5553,
      "tradition": -3.5553,
      "identity": -3.5553,
      "self": -2.8622
    },
    "exile": {
      "person": -1.674,
      "symbol": -3.4657,
      "event": -3.4657,
      "place": -0.7577,
      "ritual": -3.4657,
      "object": -3.4657,
      "tradition": -2.7726,
      "identity": -2.3671,
      "self": -2.7726
    },
    "gratitude": {
      "person": -0.4212,
      "symbol": -3.4657,
      "event": -2.3671,
      "place": -3.4657,
      "ritual": -3.4657,
      "object": -2.7726,
      "tradition": -3.4657,
      "identity": -3.4657,
      "self": -3.4657
    },
    "authenticity": {
      "person": -3.4965,
      "symbol": -2.3979,
      "event": -3.4965,
      "place": -3.4965,
      "ritual": -3.4965,
      "object": -3.4965,
      "tradition": -3.4965,
      "identity": -0.6061,
      "self": -1.7047
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -3.2958,
      "negative": -0.077,
      "mixed": -3.2958
    },
    "liberation": {
      "positive": -0.077,
      "negative": -3.2958,
      "mixed": -3.2958
    },
    "grief": {
      "positive": -3.4012,
      "negative": -0.2231,
      "mixed": -1.7918
    },
    "discovery": {
      "positive": -0.1603,
      "negative": -3.2958,
      "mixed": -2.1972
    },
    "resistance": {
      "positive": -0.9555,
      "negative": -3.2581,
      "mixed": -0.55
    },
    "bond": {
      "positive": -0.0715,
      "negative": -3.3673,
      "mixed": -3.3673
    },
    "moral_awakening": {
      "positive": -3.2581,
      "negative": -0.55,
      "mixed": -0.9555
    },
    "transformation": {
      "positive": -0.4249,
      "negative": -2.5649,
      "mixed": -1.3122
    },
    "reconciliation": {
      "positive": -0.3514,
      "negative": -3.2958,
      "mixed": -1.3499
    },
    "reckoning": {
      "positive": -3.2189,
      "negative": -0.1278,
      "mixed": -2.5257
    },
    "threshold": {
      "positive": -1.204,
      "negative": -3.4012,
      "mixed": -0.4055
    },
    "exile": {
      "positive": -3.2581,
      "negative": -0.08,
      "mixed": -3.2581
    },
    "gratitude": {
      "positive": -0.08,
      "negative": -3.2581,
      "mixed": -3.2581
    },
    "authenticity": {
      "positive": -0.2048,
      "negative": -3.2958,
      "mixed": -1.9095
    }
  },
  "prior_weight": {
    "tether": 0.3,
    "valence": 1.5
  },
  "calibration": {
    "a": 0.7648,
    "b": 0.1465,
    "lead": 0.0544,
    "open_offset": -1.3238
  }
};
