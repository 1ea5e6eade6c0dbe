/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -1.4779,
    "weights": {
      "frame": 1.4245,
      "lookup": -2.319,
      "task": -1.4319,
      "info": -1.8338,
      "chat": -0.6708,
      "arc": 1.28,
      "emotion": -0.3294,
      "intensity": 0.7037,
      "tether": 0.4621,
      "personal": 0.7723,
      "gerund_opening": 1.6243,
      "when_clause": 1.3255,
      "past": 0.9506,
      "no_content": -0.2062,
      "short": -0.611,
      "impersonal": -0.9732,
      "impersonal_arc": -0.9998
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.0678,
      "symbol": -4.804,
      "event": -4.804,
      "place": -4.804,
      "ritual": -4.804,
      "object": -4.804,
      "tradition": -4.804,
      "identity": -4.804,
      "self": -4.804
    },
    "liberation": {
      "person": -1.5933,
      "symbol": -4.8122,
      "event": -3.4259,
      "place": -3.2027,
      "ritual": -4.8122,
      "object": -4.8122,
      "tradition": -4.8122,
      "identity": -4.8122,
      "self": -0.3814
    },
    "grief": {
      "person": -0.1902,
      "symbol": -4.8442,
      "event": -2.647,
      "place": -3.7456,
      "ritual": -4.8442,
      "object": -3.4579,
      "tradition": -4.8442,
      "identity": -4.8442,
      "self": -4.151
    },
    "discovery": {
      "person": -2.1567,
      "symbol": -4.7958,
      "event": -3.6972,
      "place": -1.2694,
      "ritual": -4.7958,
      "object": -3.1864,
      "tradition": -4.7958,
      "identity": -4.1026,
      "self": -0.7014
    },
    "resistance": {
      "person": -0.6144,
      "symbol": -4.804,
      "event": -1.6685,
      "place": -3.7054,
      "ritual": -4.804,
      "object": -4.804,
      "tradition": -4.804,
      "identity": -4.804,
      "self": -1.5851
    },
    "bond": {
      "person": -0.1018,
      "symbol": -4.8203,
      "event": -4.1271,
      "place": -4.8203,
      "ritual": -3.7217,
      "object": -4.8203,
      "tradition": -4.1271,
      "identity": -4.8203,
      "self": -4.8203
    },
    "moral_awakening": {
      "person": -2.5986,
      "symbol": -4.7958,
      "event": -4.7958,
      "place": -3.4095,
      "ritual": -4.7958,
      "object": -4.1026,
      "tradition": -4.1026,
      "identity": -4.7958,
      "self": -0.1906
    },
    "transformation": {
      "person": -4.1026,
      "symbol": -4.7958,
      "event": -3.6972,
      "place": -3.6972,
      "ritual": -4.7958,
      "object": -4.7958,
      "tradition": -4.7958,
      "identity": -3.6972,
      "self": -0.1324
    },
    "reconciliation": {
      "person": -0.123,
      "symbol": -4.7958,
      "event": -3.6972,
      "place": -4.7958,
      "ritual": -4.7958,
      "object": -4.1026,
      "tradition": -4.1026,
      "identity": -4.7958,
      "self": -3.6972
    },
    "reckoning": {
      "person": -1.9626,
      "symbol": -4.7958,
      "event": -3.4095,
      "place": -4.7958,
      "ritual": -4.7958,
      "object": -4.1026,
      "tradition": -4.7958,
      "identity": -4.7958,
      "self": -0.2632
    },
    "threshold": {
      "person": -4.1352,
      "symbol": -4.8283,
      "event": -0.1462,
      "place": -3.0366,
      "ritual": -4.8283,
      "object": -4.1352,
      "tradition": -4.8283,
      "identity": -4.1352,
      "self": -4.1352
    },
    "exile": {
      "person": -1.0428,
      "symbol": -4.804,
      "event": -4.804,
      "place": -0.6609,
      "ritual": -4.804,
      "object": -4.804,
      "tradition": -3.7054,
      "identity": -2.8581,
      "self": -4.1109
    },
    "gratitude": {
      "person": -0.1044,
      "symbol": -4.7958,
      "event": -3.4095,
      "place": -4.7958,
      "ritual": -4.7958,
      "object": -4.1026,
      "tradition": -4.7958,
      "identity": -4.7958,
      "self": -4.7958
    },
    "authenticity": {
      "person": -4.7875,
      "symbol": -3.6889,
      "event": -4.7875,
      "place": -4.7875,
      "ritual": -4.7875,
      "object": -4.7875,
      "tradition": -4.7875,
      "identity": -0.4055,
      "self": -1.3535
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.7622,
      "negative": -0.0172,
      "mixed": -4.7622
    },
    "liberation": {
      "positive": -0.0172,
      "negative": -4.7622,
      "mixed": -4.7622
    },
    "grief": {
      "positive": -4.804,
      "negative": -0.0945,
      "mixed": -2.5014
    },
    "discovery": {
      "positive": -0.1385,
      "negative": -4.7536,
      "mixed": -2.1145
    },
    "resistance": {
      "positive": -1.0647,
      "negative": -4.7536,
      "mixed": -0.4361
    },
    "bond": {
      "positive": -0.0167,
      "negative": -4.7958,
      "mixed": -4.7958
    },
    "moral_awakening": {
      "positive": -4.7449,
      "negative": -0.6178,
      "mixed": -0.7937
    },
    "transformation": {
      "positive": -0.3141,
      "negative": -4.0518,
      "mixed": -1.3776
    },
    "reconciliation": {
      "positive": -0.2563,
      "negative": -4.7449,
      "mixed": -1.5261
    },
    "reckoning": {
      "positive": -4.7449,
      "negative": -0.0354,
      "mixed": -3.6463
    },
    "threshold": {
      "positive": -1.1499,
      "negative": -4.0943,
      "mixed": -0.4055
    },
    "exile": {
      "positive": -4.7536,
      "negative": -0.0174,
      "mixed": -4.7536
    },
    "gratitude": {
      "positive": -0.0175,
      "negative": -4.7449,
      "mixed": -4.7449
    },
    "authenticity": {
      "positive": -0.0449,
      "negative": -4.7362,
      "mixed": -3.3499
    }
  },
  "prior_weight": {
    "tether": 1,
    "valence": 0.6
  },
  "calibration": {
    "a": 1.246,
    "b": -0.8275,
    "open_gate": 0.0497,
    "top": 0.5346,
    "lead": 0.4642,
    "open_offset": -0.695
  }
};
