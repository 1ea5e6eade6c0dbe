/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { FittedParams } from "./params.js";

export const FITTED: FittedParams = {
  "gate": {
    "bias": -0.1597,
    "weights": {
      "frame": 1.7514,
      "lookup": -2.3844,
      "task": -2.199,
      "info": -1.5153,
      "chat": -1.4798,
      "arc": 0.3374,
      "emotion": -0.2198,
      "intensity": 0.4245,
      "tether": 0.6747,
      "personal": 0.7217,
      "gerund_opening": 2.6301,
      "when_clause": 1.2576,
      "past": 1.5082,
      "no_content": -0.7182,
      "short": -0.3439,
      "impersonal": -1.7527,
      "impersonal_arc": -0.465
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.2197,
      "symbol": -4.2817,
      "event": -2.6192,
      "place": -3.7892,
      "ritual": -5.2933,
      "object": -2.8295,
      "tradition": -5.2933,
      "identity": -4.377,
      "self": -5.0702
    },
    "liberation": {
      "person": -1.6659,
      "symbol": -4.0013,
      "event": -1.881,
      "place": -2.1875,
      "ritual": -3.9367,
      "object": -3.3081,
      "tradition": -3.5738,
      "identity": -3.2753,
      "self": -0.9012
    },
    "grief": {
      "person": -0.8289,
      "symbol": -2.9993,
      "event": -1.9495,
      "place": -2.4329,
      "ritual": -2.5781,
      "object": -2.2826,
      "tradition": -2.8868,
      "identity": -4.5397,
      "self": -3.2405
    },
    "discovery": {
      "person": -1.8417,
      "symbol": -4.8941,
      "event": -2.4232,
      "place": -1.7371,
      "ritual": -3.5078,
      "object": -2.0511,
      "tradition": -4.0468,
      "identity": -2.4518,
      "self": -1.1805
    },
    "resistance": {
      "person": -0.9506,
      "symbol": -2.942,
      "event": -1.4457,
      "place": -2.853,
      "ritual": -4.506,
      "object": -4.1382,
      "tradition": -2.7329,
      "identity": -3.0143,
      "self": -2.0685
    },
    "bond": {
      "person": -0.5416,
      "symbol": -2.7408,
      "event": -3.2333,
      "place": -3.4717,
      "ritual": -1.6361,
      "object": -3.2333,
      "tradition": -3.3976,
      "identity": -4.3319,
      "self": -6.0367
    },
    "moral_awakening": {
      "person": -1.0088,
      "symbol": -4.1172,
      "event": -2.3001,
      "place": -2.1603,
      "ritual": -4.7362,
      "object": -2.6217,
      "tradition": -3.5041,
      "identity": -2.8754,
      "self": -1.4457
    },
    "transformation": {
      "person": -2.6655,
      "symbol": -3.6463,
      "event": -1.721,
      "place": -2.26,
      "ritual": -3.5128,
      "object": -3.9828,
      "tradition": -4.8991,
      "identity": -2.0659,
      "self": -0.8244
    },
    "reconciliation": {
      "person": -0.3563,
      "symbol": -4.2293,
      "event": -2.8855,
      "place": -3.4183,
      "ritual": -3.4183,
      "object": -2.953,
      "tradition": -3.5361,
      "identity": -3.8238,
      "self": -2.8021
    },
    "reckoning": {
      "person": -1.4578,
      "symbol": -6.0064,
      "event": -2.0082,
      "place": -3.4414,
      "ritual": -4.9077,
      "object": -2.9383,
      "tradition": -5.3132,
      "identity": -3.7551,
      "self": -0.6736
    },
    "threshold": {
      "person": -1.8753,
      "symbol": -4.4403,
      "event": -0.8186,
      "place": -1.9807,
      "ritual": -4.9511,
      "object": -3.4848,
      "tradition": -2.6653,
      "identity": -2.4524,
      "self": -2.7726
    },
    "exile": {
      "person": -1.3242,
      "symbol": -3.4037,
      "event": -3.1731,
      "place": -1.0159,
      "ritual": -4.3016,
      "object": -3.655,
      "tradition": -2.7483,
      "identity": -2.0551,
      "self": -2.7292
    },
    "gratitude": {
      "person": -0.383,
      "symbol": -4.1897,
      "event": -2.7427,
      "place": -2.8244,
      "ritual": -3.2406,
      "object": -2.8679,
      "tradition": -3.7301,
      "identity": -4.1096,
      "self": -3.1482
    },
    "authenticity": {
      "person": -2.4078,
      "symbol": -2.747,
      "event": -3.1147,
      "place": -3.4024,
      "ritual": -3.8651,
      "object": -3.1719,
      "tradition": -2.8696,
      "identity": -1.1929,
      "self": -1.0635
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -5.9915,
      "negative": -0.0038,
      "mixed": -6.6846
    },
    "liberation": {
      "positive": -0.0282,
      "negative": -6.7166,
      "mixed": -3.6256
    },
    "grief": {
      "positive": -6.7546,
      "negative": -0.3968,
      "mixed": -1.1198
    },
    "discovery": {
      "positive": -0.1033,
      "negative": -6.6908,
      "mixed": -2.3341
    },
    "resistance": {
      "positive": -2.2675,
      "negative": -4.3004,
      "mixed": -0.1246
    },
    "bond": {
      "positive": -0.0626,
      "negative": -6.7346,
      "mixed": -2.8226
    },
    "moral_awakening": {
      "positive": -5.5822,
      "negative": -1.0007,
      "mixed": -0.4642
    },
    "transformation": {
      "positive": -0.3748,
      "negative": -4.9163,
      "mixed": -1.1866
    },
    "reconciliation": {
      "positive": -0.2602,
      "negative": -6.0222,
      "mixed": -1.4843
    },
    "reckoning": {
      "positive": -6.6958,
      "negative": -0.0546,
      "mixed": -2.9581
    },
    "threshold": {
      "positive": -0.8118,
      "negative": -4.4415,
      "mixed": -0.6085
    },
    "exile": {
      "positive": -6.6933,
      "negative": -0.088,
      "mixed": -2.4886
    },
    "gratitude": {
      "positive": -0.0788,
      "negative": -6.6908,
      "mixed": -2.5965
    },
    "authenticity": {
      "positive": -0.1496,
      "negative": -6.6921,
      "mixed": -1.9826
    }
  },
  "prior_weight": {
    "tether": 0.8,
    "valence": 1.1
  },
  "tether_cue_scale": {
    "person": 1,
    "symbol": 2,
    "event": 1,
    "place": 1,
    "ritual": 1,
    "object": 1.75,
    "tradition": 1.25,
    "identity": 1.25,
    "self": 1
  },
  "calibration": {
    "a": 0.9763,
    "b": -1.1083,
    "open_gate": 0.0172,
    "top": 5.0787,
    "lead": 1.143,
    "open_offset": -0.9148
  }
};
