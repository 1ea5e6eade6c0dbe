/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -1.4788,
    "weights": {
      "frame": 1.4269,
      "lookup": -2.3115,
      "task": -1.4283,
      "info": -1.825,
      "chat": -0.6678,
      "arc": 1.2706,
      "emotion": -0.3275,
      "intensity": 0.7039,
      "tether": 0.4616,
      "personal": 0.7729,
      "gerund_opening": 1.6338,
      "when_clause": 1.3259,
      "past": 0.9551,
      "no_content": -0.2125,
      "short": -0.6064,
      "impersonal": -0.9718,
      "impersonal_arc": -0.9912
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.0696,
      "symbol": -4.7791,
      "event": -4.7791,
      "place": -4.7791,
      "ritual": -4.7791,
      "object": -4.7791,
      "tradition": -4.7791,
      "identity": -4.7791,
      "self": -4.7791
    },
    "liberation": {
      "person": -1.6094,
      "symbol": -4.7875,
      "event": -3.4012,
      "place": -3.1781,
      "ritual": -4.7875,
      "object": -4.7875,
      "tradition": -4.7875,
      "identity": -4.7875,
      "self": -0.3808
    },
    "grief": {
      "person": -0.1953,
      "symbol": -4.8203,
      "event": -2.6231,
      "place": -3.7217,
      "ritual": -4.8203,
      "object": -3.434,
      "tradition": -4.8203,
      "identity": -4.8203,
      "self": -4.1271
    },
    "discovery": {
      "person": -2.1316,
      "symbol": -4.7707,
      "event": -3.6721,
      "place": -1.2742,
      "ritual": -4.7707,
      "object": -3.1612,
      "tradition": -4.7707,
      "identity": -4.0775,
      "self": -0.7102
    },
    "resistance": {
      "person": -0.6047,
      "symbol": -4.7791,
      "event": -1.6881,
      "place": -3.6805,
      "ritual": -4.7791,
      "object": -4.7791,
      "tradition": -4.7791,
      "identity": -4.7791,
      "self": -1.6011
    },
    "bond": {
      "person": -0.1044,
      "symbol": -4.7958,
      "event": -4.1026,
      "place": -4.7958,
      "ritual": -3.6972,
      "object": -4.7958,
      "tradition": -4.1026,
      "identity": -4.7958,
      "self": -4.7958
    },
    "moral_awakening": {
      "person": -2.5735,
      "symbol": -4.7707,
      "event": -4.7707,
      "place": -3.3844,
      "ritual": -4.7707,
      "object": -4.0775,
      "tradition": -4.0775,
      "identity": -4.7707,
      "self": -0.196
    },
    "transformation": {
      "person": -4.0775,
      "symbol": -4.7707,
      "event": -3.6721,
      "place": -3.6721,
      "ritual": -4.7707,
      "object": -4.7707,
      "tradition": -4.7707,
      "identity": -3.6721,
      "self": -0.136
    },
    "reconciliation": {
      "person": -0.1263,
      "symbol": -4.7707,
      "event": -3.6721,
      "place": -4.7707,
      "ritual": -4.7707,
      "object": -4.0775,
      "tradition": -4.0775,
      "identity": -4.7707,
      "self": -3.6721
    },
    "reckoning": {
      "person": -1.9375,
      "symbol": -4.7707,
      "event": -3.3844,
      "place": -4.7707,
      "ritual": -4.7707,
      "object": -4.0775,
      "tradition": -4.7707,
      "identity": -4.7707,
      "self": -0.2709
    },
    "threshold": {
      "person": -4.1109,
      "symbol": -4.804,
      "event": -0.1501,
      "place": -3.0123,
      "ritual": -4.804,
      "object": -4.1109,
      "tradition": -4.804,
      "identity": -4.1109,
      "self": -4.1109
    },
    "exile": {
      "person": -1.0415,
      "symbol": -4.7791,
      "event": -4.7791,
      "place": -0.6682,
      "ritual": -4.7791,
      "object": -4.7791,
      "tradition": -3.6805,
      "identity": -2.8332,
      "self": -4.086
    },
    "gratitude": {
      "person": -0.1072,
      "symbol": -4.7707,
      "event": -3.3844,
      "place": -4.7707,
      "ritual": -4.7707,
      "object": -4.0775,
      "tradition": -4.7707,
      "identity": -4.7707,
      "self": -4.7707
    },
    "authenticity": {
      "person": -4.7622,
      "symbol": -3.6636,
      "event": -4.7622,
      "place": -4.7622,
      "ritual": -4.7622,
      "object": -4.7622,
      "tradition": -4.7622,
      "identity": -0.4055,
      "self": -1.361
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.7362,
      "negative": -0.0177,
      "mixed": -4.7362
    },
    "liberation": {
      "positive": -0.0177,
      "negative": -4.7362,
      "mixed": -4.7362
    },
    "grief": {
      "positive": -4.7791,
      "negative": -0.097,
      "mixed": -2.4765
    },
    "discovery": {
      "positive": -0.1424,
      "negative": -4.7274,
      "mixed": -2.0883
    },
    "resistance": {
      "positive": -1.0898,
      "negative": -4.7274,
      "mixed": -0.4233
    },
    "bond": {
      "positive": -0.0171,
      "negative": -4.7707,
      "mixed": -4.7707
    },
    "moral_awakening": {
      "positive": -4.7185,
      "negative": -0.6242,
      "mixed": -0.7867
    },
    "transformation": {
      "positive": -0.3118,
      "negative": -4.0254,
      "mixed": -1.3863
    },
    "reconciliation": {
      "positive": -0.2526,
      "negative": -4.7185,
      "mixed": -1.5404
    },
    "reckoning": {
      "positive": -4.7185,
      "negative": -0.0364,
      "mixed": -3.6199
    },
    "threshold": {
      "positive": -1.1513,
      "negative": -4.069,
      "mixed": -0.4055
    },
    "exile": {
      "positive": -4.7274,
      "negative": -0.0179,
      "mixed": -4.7274
    },
    "gratitude": {
      "positive": -0.018,
      "negative": -4.7185,
      "mixed": -4.7185
    },
    "authenticity": {
      "positive": -0.0461,
      "negative": -4.7095,
      "mixed": -3.3232
    }
  },
  "prior_weight": {
    "tether": 1,
    "valence": 0.6
  },
  "calibration": {
    "a": 1.2526,
    "b": -0.8388,
    "open_gate": 0.0502,
    "top": 0.5453,
    "lead": 0.457,
    "open_offset": -0.7164
  }
};
