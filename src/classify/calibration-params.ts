/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -1.5302,
    "weights": {
      "frame": 1.4365,
      "lookup": -2.3398,
      "task": -1.3795,
      "info": -1.7958,
      "chat": -0.6338,
      "arc": 1.2387,
      "emotion": -0.2696,
      "intensity": 0.7256,
      "tether": 0.4719,
      "personal": 0.7153,
      "gerund_opening": 1.6218,
      "when_clause": 1.4469,
      "past": 0.9049,
      "no_content": -0.1372,
      "short": -0.5541,
      "impersonal": -1.0354,
      "impersonal_arc": -0.9785
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.0825,
      "symbol": -4.6151,
      "event": -4.6151,
      "place": -4.6151,
      "ritual": -4.6151,
      "object": -4.6151,
      "tradition": -4.6151,
      "identity": -4.6151,
      "self": -4.6151
    },
    "liberation": {
      "person": -1.7346,
      "symbol": -4.625,
      "event": -3.2387,
      "place": -3.0155,
      "ritual": -4.625,
      "object": -4.625,
      "tradition": -4.625,
      "identity": -4.625,
      "self": -0.3765
    },
    "grief": {
      "person": -0.2326,
      "symbol": -4.6634,
      "event": -2.4662,
      "place": -3.5648,
      "ritual": -4.6634,
      "object": -3.2771,
      "tradition": -4.6634,
      "identity": -4.6634,
      "self": -3.9703
    },
    "discovery": {
      "person": -1.9661,
      "symbol": -4.6052,
      "event": -3.5066,
      "place": -1.3093,
      "ritual": -4.6052,
      "object": -2.9957,
      "tradition": -4.6052,
      "identity": -3.912,
      "self": -0.7765
    },
    "resistance": {
      "person": -0.6448,
      "symbol": -4.6151,
      "event": -1.7247,
      "place": -3.5165,
      "ritual": -4.6151,
      "object": -4.6151,
      "tradition": -4.6151,
      "identity": -4.6151,
      "self": -1.5241
    },
    "bond": {
      "person": -0.1239,
      "symbol": -4.6347,
      "event": -3.9416,
      "place": -4.6347,
      "ritual": -3.5361,
      "object": -4.6347,
      "tradition": -3.9416,
      "identity": -4.6347,
      "self": -4.6347
    },
    "moral_awakening": {
      "person": -2.4079,
      "symbol": -4.6052,
      "event": -4.6052,
      "place": -3.2189,
      "ritual": -4.6052,
      "object": -3.912,
      "tradition": -3.912,
      "identity": -4.6052,
      "self": -0.2357
    },
    "transformation": {
      "person": -3.912,
      "symbol": -4.6052,
      "event": -3.5066,
      "place": -3.5066,
      "ritual": -4.6052,
      "object": -4.6052,
      "tradition": -4.6052,
      "identity": -3.5066,
      "self": -0.1625
    },
    "reconciliation": {
      "person": -0.1508,
      "symbol": -4.6052,
      "event": -3.5066,
      "place": -4.6052,
      "ritual": -4.6052,
      "object": -3.912,
      "tradition": -3.912,
      "identity": -4.6052,
      "self": -3.5066
    },
    "reckoning": {
      "person": -1.772,
      "symbol": -4.6052,
      "event": -3.2189,
      "place": -4.6052,
      "ritual": -4.6052,
      "object": -3.912,
      "tradition": -4.6052,
      "identity": -4.6052,
      "self": -0.3285
    },
    "threshold": {
      "person": -3.9512,
      "symbol": -4.6444,
      "event": -0.1785,
      "place": -2.8526,
      "ritual": -4.6444,
      "object": -3.9512,
      "tradition": -4.6444,
      "identity": -3.9512,
      "self": -3.9512
    },
    "exile": {
      "person": -1.0316,
      "symbol": -4.6151,
      "event": -4.6151,
      "place": -0.7233,
      "ritual": -4.6151,
      "object": -4.6151,
      "tradition": -3.5165,
      "identity": -2.6692,
      "self": -3.922
    },
    "gratitude": {
      "person": -0.1278,
      "symbol": -4.6052,
      "event": -3.2189,
      "place": -4.6052,
      "ritual": -4.6052,
      "object": -3.912,
      "tradition": -4.6052,
      "identity": -4.6052,
      "self": -4.6052
    },
    "authenticity": {
      "person": -4.5951,
      "symbol": -3.4965,
      "event": -4.5951,
      "place": -4.5951,
      "ritual": -4.5951,
      "object": -4.5951,
      "tradition": -4.5951,
      "identity": -0.4055,
      "self": -1.4171
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.5643,
      "negative": -0.0211,
      "mixed": -4.5643
    },
    "liberation": {
      "positive": -0.0211,
      "negative": -4.5643,
      "mixed": -4.5643
    },
    "grief": {
      "positive": -4.6151,
      "negative": -0.1153,
      "mixed": -2.3125
    },
    "discovery": {
      "positive": -0.1719,
      "negative": -4.5539,
      "mixed": -1.9148
    },
    "resistance": {
      "positive": -1.0881,
      "negative": -4.5539,
      "mixed": -0.4267
    },
    "bond": {
      "positive": -0.0202,
      "negative": -4.6052,
      "mixed": -4.6052
    },
    "moral_awakening": {
      "positive": -4.5433,
      "negative": -0.6721,
      "mixed": -0.7366
    },
    "transformation": {
      "positive": -0.2948,
      "negative": -3.8501,
      "mixed": -1.4523
    },
    "reconciliation": {
      "positive": -0.2392,
      "negative": -4.5433,
      "mixed": -1.5989
    },
    "reckoning": {
      "positive": -4.5433,
      "negative": -0.0435,
      "mixed": -3.4447
    },
    "threshold": {
      "positive": -1.1611,
      "negative": -3.902,
      "mixed": -0.4055
    },
    "exile": {
      "positive": -4.5539,
      "negative": -0.0213,
      "mixed": -4.5539
    },
    "gratitude": {
      "positive": -0.0215,
      "negative": -4.5433,
      "mixed": -4.5433
    },
    "authenticity": {
      "positive": -0.0553,
      "negative": -4.5326,
      "mixed": -3.1463
    }
  },
  "prior_weight": {
    "tether": 1,
    "valence": 0.6
  },
  "calibration": {
    "a": 1.2145,
    "b": -1.3472,
    "open_gate": 0,
    "top": 0.5164,
    "lead": 0.8238,
    "open_offset": -0.4633
  }
};
