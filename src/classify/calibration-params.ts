/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { FittedParams } from "./params.js";

export const FITTED: FittedParams = {
  "gate": {
    "bias": -1.3073,
    "weights": {
      "frame": 1.3964,
      "lookup": -2.3644,
      "task": -1.7974,
      "info": -1.7595,
      "chat": -0.5652,
      "arc": 0.4305,
      "emotion": -0.329,
      "intensity": 0.4782,
      "tether": 0.9001,
      "personal": 1.0694,
      "gerund_opening": 2.2483,
      "when_clause": 2.34,
      "past": 1.168,
      "no_content": -0.2808,
      "short": -0.5807,
      "impersonal": -1.405,
      "impersonal_arc": -0.7861
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.1787,
      "symbol": -4.7005,
      "event": -3.091,
      "place": -4.0073,
      "ritual": -4.295,
      "object": -3.1964,
      "tradition": -4.295,
      "identity": -4.295,
      "self": -4.7005
    },
    "liberation": {
      "person": -1.6275,
      "symbol": -4.0254,
      "event": -2.3206,
      "place": -2.6391,
      "ritual": -4.313,
      "object": -3.6199,
      "tradition": -3.8022,
      "identity": -3.6199,
      "self": -0.641
    },
    "grief": {
      "person": -0.4816,
      "symbol": -3.6243,
      "event": -2.3251,
      "place": -2.8512,
      "ritual": -3.1135,
      "object": -2.3716,
      "tradition": -3.4702,
      "identity": -4.3175,
      "self": -4.0298
    },
    "discovery": {
      "person": -2.1702,
      "symbol": -4.2905,
      "event": -2.9042,
      "place": -1.3817,
      "ritual": -3.5973,
      "object": -2.2536,
      "tradition": -4.2905,
      "identity": -2.681,
      "self": -1.0453
    },
    "resistance": {
      "person": -0.8383,
      "symbol": -3.6109,
      "event": -1.4514,
      "place": -3.2055,
      "ritual": -4.3041,
      "object": -4.3041,
      "tradition": -3.1001,
      "identity": -3.2055,
      "self": -1.8763
    },
    "bond": {
      "person": -0.3899,
      "symbol": -3.2099,
      "event": -3.7977,
      "place": -3.7977,
      "ritual": -1.7963,
      "object": -3.6154,
      "tradition": -3.7977,
      "identity": -4.0209,
      "self": -5.4072
    },
    "moral_awakening": {
      "person": -1.5695,
      "symbol": -4.0119,
      "event": -2.9133,
      "place": -2.4024,
      "ritual": -4.2996,
      "object": -2.7591,
      "tradition": -3.6064,
      "identity": -3.6064,
      "self": -0.6977
    },
    "transformation": {
      "person": -3.4477,
      "symbol": -4.295,
      "event": -1.9279,
      "place": -2.6856,
      "ritual": -3.7842,
      "object": -4.295,
      "tradition": -4.295,
      "identity": -2.5604,
      "self": -0.4884
    },
    "reconciliation": {
      "person": -0.2711,
      "symbol": -4.2905,
      "event": -3.3096,
      "place": -3.5973,
      "ritual": -3.7796,
      "object": -3.0865,
      "tradition": -3.3096,
      "identity": -3.7796,
      "self": -3.4432
    },
    "reckoning": {
      "person": -1.7301,
      "symbol": -5.3936,
      "event": -2.5604,
      "place": -4.0073,
      "ritual": -4.295,
      "object": -2.8287,
      "tradition": -4.295,
      "identity": -4.295,
      "self": -0.4736
    },
    "threshold": {
      "person": -2.5213,
      "symbol": -3.8022,
      "event": -0.5288,
      "place": -2.4672,
      "ritual": -4.313,
      "object": -3.2144,
      "tradition": -3.1091,
      "identity": -2.6391,
      "self": -2.9267
    },
    "exile": {
      "person": -1.2147,
      "symbol": -3.4432,
      "event": -3.5973,
      "place": -0.9232,
      "ritual": -4.0028,
      "object": -4.0028,
      "tradition": -2.4987,
      "identity": -2.298,
      "self": -3.5973
    },
    "gratitude": {
      "person": -0.2254,
      "symbol": -4.2859,
      "event": -3.0819,
      "place": -3.7751,
      "ritual": -3.7751,
      "object": -3.0819,
      "tradition": -3.9982,
      "identity": -4.2859,
      "self": -3.9982
    },
    "authenticity": {
      "person": -3.7842,
      "symbol": -3.1964,
      "event": -3.7842,
      "place": -3.3142,
      "ritual": -3.6019,
      "object": -3.6019,
      "tradition": -3.4477,
      "identity": -0.6751,
      "self": -1.2665
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -5.3706,
      "negative": -0.0093,
      "mixed": -5.3706
    },
    "liberation": {
      "positive": -0.0231,
      "negative": -5.3891,
      "mixed": -4.0028
    },
    "grief": {
      "positive": -5.4027,
      "negative": -0.2265,
      "mixed": -1.6185
    },
    "discovery": {
      "positive": -0.0874,
      "negative": -5.3706,
      "mixed": -2.5374
    },
    "resistance": {
      "positive": -1.405,
      "negative": -4.6821,
      "mixed": -0.2939
    },
    "bond": {
      "positive": -0.023,
      "negative": -5.3936,
      "mixed": -4.0073
    },
    "moral_awakening": {
      "positive": -5.3706,
      "negative": -0.8488,
      "mixed": -0.5666
    },
    "transformation": {
      "positive": -0.358,
      "negative": -4.2767,
      "mixed": -1.2481
    },
    "reconciliation": {
      "positive": -0.2302,
      "negative": -5.366,
      "mixed": -1.6048
    },
    "reckoning": {
      "positive": -5.3706,
      "negative": -0.0525,
      "mixed": -3.0681
    },
    "threshold": {
      "positive": -0.8718,
      "negative": -4.7005,
      "mixed": -0.5573
    },
    "exile": {
      "positive": -5.3613,
      "negative": -0.053,
      "mixed": -3.0587
    },
    "gratitude": {
      "positive": -0.0236,
      "negative": -5.366,
      "mixed": -3.9797
    },
    "authenticity": {
      "positive": -0.0828,
      "negative": -5.366,
      "mixed": -2.5934
    }
  },
  "prior_weight": {
    "tether": 1.1,
    "valence": 0.9
  },
  "tether_cue_scale": {
    "person": 1,
    "symbol": 2.25,
    "event": 1,
    "place": 1,
    "ritual": 1.5,
    "object": 2.25,
    "tradition": 2,
    "identity": 1.25,
    "self": 1
  },
  "calibration": {
    "a": 1.2514,
    "b": -0.7432,
    "open_gate": 0,
    "top": 1.4672,
    "lead": 2.1369,
    "open_offset": 0.0011
  }
};
