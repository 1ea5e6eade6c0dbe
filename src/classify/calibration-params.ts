/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { FittedParams } from "./params.js";

export const FITTED: FittedParams = {
  "gate": {
    "bias": -1.1334,
    "weights": {
      "frame": 1.3563,
      "lookup": -2.6217,
      "task": -1.6724,
      "info": -1.84,
      "chat": -0.4755,
      "arc": 0.9495,
      "emotion": -0.3161,
      "intensity": 0.7639,
      "tether": 0.7686,
      "personal": 0.7594,
      "gerund_opening": 1.9298,
      "when_clause": 1.6116,
      "past": 1.3754,
      "no_content": -0.672,
      "short": -0.8263,
      "impersonal": -0.6498,
      "impersonal_arc": -1.0424
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.2067,
      "symbol": -4.4188,
      "event": -3.1661,
      "place": -3.7257,
      "ritual": -4.0134,
      "object": -3.1661,
      "tradition": -4.0134,
      "identity": -4.0134,
      "self": -4.4188
    },
    "liberation": {
      "person": -1.684,
      "symbol": -4.0194,
      "event": -2.8154,
      "place": -2.7201,
      "ritual": -4.0194,
      "object": -3.7317,
      "tradition": -3.7317,
      "identity": -3.5086,
      "self": -0.5536
    },
    "grief": {
      "person": -0.4143,
      "symbol": -4.0431,
      "event": -2.3691,
      "place": -3.1958,
      "ritual": -3.3499,
      "object": -2.3691,
      "tradition": -3.5322,
      "identity": -4.4485,
      "self": -4.0431
    },
    "discovery": {
      "person": -2.2667,
      "symbol": -4.0013,
      "event": -3.3081,
      "place": -1.3387,
      "ritual": -4.0013,
      "object": -2.2095,
      "tradition": -4.0013,
      "identity": -3.0204,
      "self": -0.9567
    },
    "resistance": {
      "person": -0.7682,
      "symbol": -4.0134,
      "event": -1.5285,
      "place": -3.1661,
      "ritual": -4.0134,
      "object": -4.0134,
      "tradition": -3.3202,
      "identity": -3.5025,
      "self": -1.8539
    },
    "bond": {
      "person": -0.3533,
      "symbol": -4.0254,
      "event": -3.7377,
      "place": -3.5145,
      "ritual": -1.9885,
      "object": -3.5145,
      "tradition": -3.5145,
      "identity": -3.7377,
      "self": -5.124
    },
    "moral_awakening": {
      "person": -2.1615,
      "symbol": -4.0073,
      "event": -3.16,
      "place": -2.9087,
      "ritual": -4.4128,
      "object": -2.7081,
      "tradition": -3.7197,
      "identity": -3.3142,
      "self": -0.4616
    },
    "transformation": {
      "person": -3.4965,
      "symbol": -4.4128,
      "event": -2.2727,
      "place": -2.9087,
      "ritual": -3.4965,
      "object": -4.0073,
      "tradition": -4.0073,
      "identity": -3.0265,
      "self": -0.3786
    },
    "reconciliation": {
      "person": -0.2636,
      "symbol": -4.0013,
      "event": -3.0204,
      "place": -4.0013,
      "ritual": -3.4904,
      "object": -3.154,
      "tradition": -3.3081,
      "identity": -4.0013,
      "self": -4.0013
    },
    "reckoning": {
      "person": -1.9644,
      "symbol": -5.0999,
      "event": -2.702,
      "place": -4.0013,
      "ritual": -4.0013,
      "object": -2.615,
      "tradition": -4.0013,
      "identity": -4.0013,
      "self": -0.4459
    },
    "threshold": {
      "person": -3.1781,
      "symbol": -4.0254,
      "event": -0.379,
      "place": -2.6391,
      "ritual": -4.0254,
      "object": -2.9267,
      "tradition": -3.3322,
      "identity": -2.9267,
      "self": -3.7377
    },
    "exile": {
      "person": -1.2141,
      "symbol": -3.7197,
      "event": -3.4965,
      "place": -0.8864,
      "ritual": -4.0073,
      "object": -3.7197,
      "tradition": -2.4669,
      "identity": -2.4669,
      "self": -3.7197
    },
    "gratitude": {
      "person": -0.2323,
      "symbol": -4.0013,
      "event": -3.0204,
      "place": -4.0013,
      "ritual": -3.4904,
      "object": -3.154,
      "tradition": -4.0013,
      "identity": -4.0013,
      "self": -4.4067
    },
    "authenticity": {
      "person": -4.0013,
      "symbol": -3.4904,
      "event": -3.7136,
      "place": -3.7136,
      "ritual": -3.7136,
      "object": -3.7136,
      "tradition": -4.0013,
      "identity": -0.5673,
      "self": -1.3157
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -5.0814,
      "negative": -0.0125,
      "mixed": -5.0814
    },
    "liberation": {
      "positive": -0.0188,
      "negative": -5.0814,
      "mixed": -4.3883
    },
    "grief": {
      "positive": -5.112,
      "negative": -0.1775,
      "mixed": -1.8539
    },
    "discovery": {
      "positive": -0.1054,
      "negative": -5.0752,
      "mixed": -2.3671
    },
    "resistance": {
      "positive": -1.2465,
      "negative": -5.0752,
      "mixed": -0.3478
    },
    "bond": {
      "positive": -0.0122,
      "negative": -5.1059,
      "mixed": -5.1059
    },
    "moral_awakening": {
      "positive": -5.0689,
      "negative": -0.7648,
      "mixed": -0.6381
    },
    "transformation": {
      "positive": -0.3415,
      "negative": -4.3758,
      "mixed": -1.2847
    },
    "reconciliation": {
      "positive": -0.2247,
      "negative": -5.0689,
      "mixed": -1.6349
    },
    "reckoning": {
      "positive": -5.0689,
      "negative": -0.0583,
      "mixed": -2.9895
    },
    "threshold": {
      "positive": -0.989,
      "negative": -4.4067,
      "mixed": -0.4847
    },
    "exile": {
      "positive": -5.0689,
      "negative": -0.0516,
      "mixed": -3.123
    },
    "gratitude": {
      "positive": -0.0255,
      "negative": -5.0689,
      "mixed": -3.9703
    },
    "authenticity": {
      "positive": -0.052,
      "negative": -5.0626,
      "mixed": -3.1167
    }
  },
  "prior_weight": {
    "tether": 0.8,
    "valence": 0.9
  },
  "tether_cue_scale": {
    "person": 1,
    "symbol": 2.25,
    "event": 1,
    "place": 1,
    "ritual": 1.25,
    "object": 1.75,
    "tradition": 1.5,
    "identity": 1,
    "self": 1
  },
  "calibration": {
    "a": 1.1627,
    "b": -0.1174,
    "open_gate": 0.0063,
    "top": 2.2085,
    "lead": 1.4671,
    "open_offset": -0.5317
  }
};
