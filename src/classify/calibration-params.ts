/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { FittedParams } from "./params.js";

export const FITTED: FittedParams = {
  "gate": {
    "bias": -0.0249,
    "weights": {
      "frame": 1.518,
      "lookup": -2.3501,
      "task": -2.0609,
      "info": -1.4003,
      "chat": -1.414,
      "arc": 0.3229,
      "emotion": -0.1452,
      "intensity": 0.5424,
      "tether": 0.6515,
      "personal": 0.6583,
      "gerund_opening": 2.5815,
      "when_clause": 1.2004,
      "past": 1.3162,
      "no_content": -0.7312,
      "short": 0.0803,
      "impersonal": -1.2379,
      "impersonal_arc": -0.5298
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.2488,
      "symbol": -4.2767,
      "event": -2.711,
      "place": -3.5484,
      "ritual": -5.5294,
      "object": -2.585,
      "tradition": -5.124,
      "identity": -4.0825,
      "self": -4.7185
    },
    "liberation": {
      "person": -1.7748,
      "symbol": -3.8655,
      "event": -1.8506,
      "place": -2.0587,
      "ritual": -3.4012,
      "object": -2.9492,
      "tradition": -3.5553,
      "identity": -3.373,
      "self": -0.9777
    },
    "grief": {
      "person": -0.9371,
      "symbol": -2.8396,
      "event": -1.9171,
      "place": -2.4552,
      "ritual": -2.6041,
      "object": -2.0713,
      "tradition": -2.6547,
      "identity": -4.6006,
      "self": -3.3096
    },
    "discovery": {
      "person": -1.8387,
      "symbol": -4.6299,
      "event": -2.5136,
      "place": -1.6854,
      "ritual": -3.4667,
      "object": -1.9285,
      "tradition": -4.0421,
      "identity": -2.3786,
      "self": -1.28
    },
    "resistance": {
      "person": -0.9988,
      "symbol": -3.0426,
      "event": -1.4493,
      "place": -2.678,
      "ritual": -4.4697,
      "object": -3.4889,
      "tradition": -2.6506,
      "identity": -2.8771,
      "self": -2.1925
    },
    "bond": {
      "person": -0.5887,
      "symbol": -2.8501,
      "event": -3.2884,
      "place": -3.3664,
      "ritual": -1.522,
      "object": -3.0855,
      "tradition": -3.3397,
      "identity": -4.2692,
      "self": -6.2841
    },
    "moral_awakening": {
      "person": -0.9779,
      "symbol": -4.1559,
      "event": -2.3134,
      "place": -2.0844,
      "ritual": -4.9826,
      "object": -2.6245,
      "tradition": -3.291,
      "identity": -2.6944,
      "self": -1.6055
    },
    "transformation": {
      "person": -2.643,
      "symbol": -3.6012,
      "event": -1.7405,
      "place": -2.2606,
      "ritual": -3.2958,
      "object": -3.8889,
      "tradition": -4.7362,
      "identity": -1.9362,
      "self": -0.8884
    },
    "reconciliation": {
      "person": -0.4126,
      "symbol": -4.1262,
      "event": -3.0276,
      "place": -3.2458,
      "ritual": -3.2705,
      "object": -2.6967,
      "tradition": -3.1093,
      "identity": -3.6636,
      "self": -2.8323
    },
    "reckoning": {
      "person": -1.4799,
      "symbol": -5.3385,
      "event": -1.9373,
      "place": -3.337,
      "ritual": -4.383,
      "object": -2.7138,
      "tradition": -5.3385,
      "identity": -3.4216,
      "self": -0.7515
    },
    "threshold": {
      "person": -1.9107,
      "symbol": -4.284,
      "event": -0.863,
      "place": -1.8622,
      "ritual": -5.0462,
      "object": -3.3032,
      "tradition": -2.7016,
      "identity": -2.3869,
      "self": -2.8332
    },
    "exile": {
      "person": -1.3682,
      "symbol": -3.3926,
      "event": -3.0767,
      "place": -1.0344,
      "ritual": -4.463,
      "object": -3.5806,
      "tradition": -2.5912,
      "identity": -1.9575,
      "self": -2.9049
    },
    "gratitude": {
      "person": -0.3833,
      "symbol": -4.2047,
      "event": -2.8523,
      "place": -2.8697,
      "ritual": -3.1751,
      "object": -2.6087,
      "tradition": -3.7347,
      "identity": -4.3478,
      "self": -3.3018
    },
    "authenticity": {
      "person": -2.4603,
      "symbol": -2.6182,
      "event": -2.838,
      "place": -3.3654,
      "ritual": -3.7708,
      "object": -2.8546,
      "tradition": -2.8218,
      "identity": -1.2253,
      "self": -1.1559
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -6.2305,
      "negative": -0.0059,
      "mixed": -5.5373
    },
    "liberation": {
      "positive": -0.0433,
      "negative": -6.967,
      "mixed": -3.1828
    },
    "grief": {
      "positive": -7.0148,
      "negative": -0.4231,
      "mixed": -1.0668
    },
    "discovery": {
      "positive": -0.1324,
      "negative": -6.2461,
      "mixed": -2.103
    },
    "resistance": {
      "positive": -2.3456,
      "negative": -4.3859,
      "mixed": -0.1146
    },
    "bond": {
      "positive": -0.077,
      "negative": -6.9838,
      "mixed": -2.6143
    },
    "moral_awakening": {
      "positive": -4.8491,
      "negative": -0.9831,
      "mixed": -0.4812
    },
    "transformation": {
      "positive": -0.3903,
      "negative": -4.6501,
      "mixed": -1.1597
    },
    "reconciliation": {
      "positive": -0.2972,
      "negative": -5.8617,
      "mixed": -1.3694
    },
    "reckoning": {
      "positive": -6.9499,
      "negative": -0.0684,
      "mixed": -2.7303
    },
    "threshold": {
      "positive": -0.8403,
      "negative": -3.6608,
      "mixed": -0.6112
    },
    "exile": {
      "positive": -6.9431,
      "negative": -0.0951,
      "mixed": -2.4105
    },
    "gratitude": {
      "positive": -0.0931,
      "negative": -6.9315,
      "mixed": -2.4317
    },
    "authenticity": {
      "positive": -0.2024,
      "negative": -6.9441,
      "mixed": -1.7023
    }
  },
  "prior_weight": {
    "tether": 0.6,
    "valence": 0.8
  },
  "tether_cue_scale": {
    "person": 1,
    "symbol": 1.5,
    "event": 1,
    "place": 1,
    "ritual": 1,
    "object": 1.5,
    "tradition": 1.25,
    "identity": 1,
    "self": 1
  },
  "calibration": {
    "a": 0.9746,
    "b": -1.0863,
    "open_gate": 0.0273,
    "top": 4.794,
    "lead": 1.3671,
    "open_offset": -0.7565
  }
};
