/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { FittedParams } from "./params.js";

export const FITTED: FittedParams = {
  "gate": {
    "bias": -0.3424,
    "weights": {
      "frame": 1.7629,
      "lookup": -2.3803,
      "task": -2.1608,
      "info": -1.4582,
      "chat": -1.441,
      "arc": 0.4152,
      "emotion": -0.1473,
      "intensity": 0.55,
      "tether": 0.66,
      "personal": 0.6785,
      "gerund_opening": 2.6086,
      "when_clause": 1.1769,
      "past": 1.302,
      "no_content": -0.5702,
      "short": 0.1843,
      "impersonal": -1.372,
      "impersonal_arc": -0.5139
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.2268,
      "symbol": -4.4012,
      "event": -2.6882,
      "place": -3.708,
      "ritual": -5.4128,
      "object": -2.756,
      "tradition": -5.4128,
      "identity": -4.16,
      "self": -4.6018
    },
    "liberation": {
      "person": -1.7149,
      "symbol": -4.0722,
      "event": -1.8681,
      "place": -2.1263,
      "ritual": -3.5126,
      "object": -3.1813,
      "tradition": -3.549,
      "identity": -3.3185,
      "self": -0.934
    },
    "grief": {
      "person": -0.864,
      "symbol": -2.9434,
      "event": -1.9626,
      "place": -2.4444,
      "ritual": -2.5986,
      "object": -2.1748,
      "tradition": -2.7644,
      "identity": -4.5726,
      "self": -3.2917
    },
    "discovery": {
      "person": -1.8228,
      "symbol": -4.8741,
      "event": -2.5025,
      "place": -1.7263,
      "ritual": -3.5619,
      "object": -1.9837,
      "tradition": -4.112,
      "identity": -2.3892,
      "self": -1.2142
    },
    "resistance": {
      "person": -0.9741,
      "symbol": -3.0339,
      "event": -1.4469,
      "place": -2.8332,
      "ritual": -4.538,
      "object": -3.796,
      "tradition": -2.6817,
      "identity": -2.8332,
      "self": -2.122
    },
    "bond": {
      "person": -0.5649,
      "symbol": -2.8034,
      "event": -3.3085,
      "place": -3.4965,
      "ritual": -1.5506,
      "object": -3.2262,
      "tradition": -3.3085,
      "identity": -4.2989,
      "self": -6.1707
    },
    "moral_awakening": {
      "person": -0.9945,
      "symbol": -4.2496,
      "event": -2.2928,
      "place": -2.1324,
      "ritual": -4.8686,
      "object": -2.6557,
      "tradition": -3.5187,
      "identity": -2.7202,
      "self": -1.5013
    },
    "transformation": {
      "person": -2.6467,
      "symbol": -3.7766,
      "event": -1.7091,
      "place": -2.2885,
      "ritual": -3.4199,
      "object": -4.0485,
      "tradition": -4.8752,
      "identity": -1.9769,
      "self": -0.8498
    },
    "reconciliation": {
      "person": -0.3765,
      "symbol": -4.2777,
      "event": -2.9715,
      "place": -3.2592,
      "ritual": -3.5105,
      "object": -2.8173,
      "tradition": -3.4087,
      "identity": -3.7516,
      "self": -2.7483
    },
    "reckoning": {
      "person": -1.4635,
      "symbol": -6.141,
      "event": -1.9899,
      "place": -3.4329,
      "ritual": -4.6369,
      "object": -2.9423,
      "tradition": -5.4478,
      "identity": -3.4001,
      "self": -0.6985
    },
    "threshold": {
      "person": -1.9134,
      "symbol": -4.5737,
      "event": -0.8336,
      "place": -1.9275,
      "ritual": -5.0845,
      "object": -3.4751,
      "tradition": -2.6716,
      "identity": -2.3437,
      "self": -2.8158
    },
    "exile": {
      "person": -1.3309,
      "symbol": -3.469,
      "event": -3.1727,
      "place": -1.0191,
      "ritual": -4.4384,
      "object": -3.6582,
      "tradition": -2.6931,
      "identity": -1.9921,
      "self": -2.8109
    },
    "gratitude": {
      "person": -0.3746,
      "symbol": -4.3097,
      "event": -2.8243,
      "place": -2.8433,
      "ritual": -3.2682,
      "object": -2.7341,
      "tradition": -3.7989,
      "identity": -4.2296,
      "self": -3.1837
    },
    "authenticity": {
      "person": -2.4429,
      "symbol": -2.6784,
      "event": -3.0531,
      "place": -3.47,
      "ritual": -3.8929,
      "object": -3.0087,
      "tradition": -2.83,
      "identity": -1.1954,
      "self": -1.0943
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -6.1148,
      "negative": -0.0044,
      "mixed": -6.1148
    },
    "liberation": {
      "positive": -0.0364,
      "negative": -6.8565,
      "mixed": -3.36
    },
    "grief": {
      "positive": -6.8937,
      "negative": -0.4014,
      "mixed": -1.1098
    },
    "discovery": {
      "positive": -0.1195,
      "negative": -6.8276,
      "mixed": -2.1929
    },
    "resistance": {
      "positive": -2.3476,
      "negative": -4.4384,
      "mixed": -0.1136
    },
    "bond": {
      "positive": -0.0688,
      "negative": -6.8701,
      "mixed": -2.7269
    },
    "moral_awakening": {
      "positive": -5.4282,
      "negative": -1.0369,
      "mixed": -0.4446
    },
    "transformation": {
      "positive": -0.3875,
      "negative": -4.6455,
      "mixed": -1.1659
    },
    "reconciliation": {
      "positive": -0.2701,
      "negative": -6.1506,
      "mixed": -1.4501
    },
    "reckoning": {
      "positive": -6.8363,
      "negative": -0.0598,
      "mixed": -2.866
    },
    "threshold": {
      "positive": -0.8135,
      "negative": -4.2382,
      "mixed": -0.612
    },
    "exile": {
      "positive": -6.8309,
      "negative": -0.088,
      "mixed": -2.4871
    },
    "gratitude": {
      "positive": -0.0787,
      "negative": -6.8156,
      "mixed": -2.5961
    },
    "authenticity": {
      "positive": -0.1778,
      "negative": -6.832,
      "mixed": -1.8213
    }
  },
  "prior_weight": {
    "tether": 0.7,
    "valence": 1.1
  },
  "tether_cue_scale": {
    "person": 1,
    "symbol": 1.75,
    "event": 1,
    "place": 1,
    "ritual": 1,
    "object": 1.75,
    "tradition": 1.5,
    "identity": 1.25,
    "self": 1
  },
  "calibration": {
    "a": 0.9938,
    "b": -1.1042,
    "open_gate": 0.0197,
    "top": 4.5476,
    "lead": 1.382,
    "open_offset": -0.6558
  }
};
