/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -1.5212,
    "weights": {
      "frame": 1.4395,
      "lookup": -2.3166,
      "task": -1.3949,
      "info": -1.8106,
      "chat": -0.6521,
      "arc": 1.275,
      "emotion": -0.2869,
      "intensity": 0.7188,
      "tether": 0.45,
      "personal": 0.7295,
      "gerund_opening": 1.6019,
      "when_clause": 1.3689,
      "past": 0.9458,
      "no_content": -0.1497,
      "short": -0.5671,
      "impersonal": -1.025,
      "impersonal_arc": -1.012
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.0734,
      "symbol": -4.7274,
      "event": -4.7274,
      "place": -4.7274,
      "ritual": -4.7274,
      "object": -4.7274,
      "tradition": -4.7274,
      "identity": -4.7274,
      "self": -4.7274
    },
    "liberation": {
      "person": -1.6452,
      "symbol": -4.7362,
      "event": -3.3499,
      "place": -3.1268,
      "ritual": -4.7362,
      "object": -4.7362,
      "tradition": -4.7362,
      "identity": -4.7362,
      "self": -0.3795
    },
    "grief": {
      "person": -0.2063,
      "symbol": -4.7707,
      "event": -2.5735,
      "place": -3.6721,
      "ritual": -4.7707,
      "object": -3.3844,
      "tradition": -4.7707,
      "identity": -4.7707,
      "self": -4.0775
    },
    "discovery": {
      "person": -2.0794,
      "symbol": -4.7185,
      "event": -3.6199,
      "place": -1.2845,
      "ritual": -4.7185,
      "object": -3.1091,
      "tradition": -4.7185,
      "identity": -4.0254,
      "self": -0.7295
    },
    "resistance": {
      "person": -0.6165,
      "symbol": -4.7274,
      "event": -1.7317,
      "place": -3.6288,
      "ritual": -4.7274,
      "object": -4.7274,
      "tradition": -4.7274,
      "identity": -4.7274,
      "self": -1.5493
    },
    "bond": {
      "person": -0.1102,
      "symbol": -4.7449,
      "event": -4.0518,
      "place": -4.7449,
      "ritual": -3.6463,
      "object": -4.7449,
      "tradition": -4.0518,
      "identity": -4.7449,
      "self": -4.7449
    },
    "moral_awakening": {
      "person": -2.5213,
      "symbol": -4.7185,
      "event": -4.7185,
      "place": -3.3322,
      "ritual": -4.7185,
      "object": -4.0254,
      "tradition": -4.0254,
      "identity": -4.7185,
      "self": -0.2076
    },
    "transformation": {
      "person": -4.0254,
      "symbol": -4.7185,
      "event": -3.6199,
      "place": -3.6199,
      "ritual": -4.7185,
      "object": -4.7185,
      "tradition": -4.7185,
      "identity": -3.6199,
      "self": -0.1438
    },
    "reconciliation": {
      "person": -0.1335,
      "symbol": -4.7185,
      "event": -3.6199,
      "place": -4.7185,
      "ritual": -4.7185,
      "object": -4.0254,
      "tradition": -4.0254,
      "identity": -4.7185,
      "self": -3.6199
    },
    "reckoning": {
      "person": -1.8853,
      "symbol": -4.7185,
      "event": -3.3322,
      "place": -4.7185,
      "ritual": -4.7185,
      "object": -4.0254,
      "tradition": -4.7185,
      "identity": -4.7185,
      "self": -0.2877
    },
    "threshold": {
      "person": -4.0604,
      "symbol": -4.7536,
      "event": -0.1585,
      "place": -2.9618,
      "ritual": -4.7536,
      "object": -4.0604,
      "tradition": -4.7536,
      "identity": -4.0604,
      "self": -4.0604
    },
    "exile": {
      "person": -1.0385,
      "symbol": -4.7274,
      "event": -4.7274,
      "place": -0.6843,
      "ritual": -4.7274,
      "object": -4.7274,
      "tradition": -3.6288,
      "identity": -2.7815,
      "self": -4.0342
    },
    "gratitude": {
      "person": -0.1133,
      "symbol": -4.7185,
      "event": -3.3322,
      "place": -4.7185,
      "ritual": -4.7185,
      "object": -4.0254,
      "tradition": -4.7185,
      "identity": -4.7185,
      "self": -4.7185
    },
    "authenticity": {
      "person": -4.7095,
      "symbol": -3.6109,
      "event": -4.7095,
      "place": -4.7095,
      "ritual": -4.7095,
      "object": -4.7095,
      "tradition": -4.7095,
      "identity": -0.4055,
      "self": -1.3773
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.6821,
      "negative": -0.0187,
      "mixed": -4.6821
    },
    "liberation": {
      "positive": -0.0187,
      "negative": -4.6821,
      "mixed": -4.6821
    },
    "grief": {
      "positive": -4.7274,
      "negative": -0.1024,
      "mixed": -2.4248
    },
    "discovery": {
      "positive": -0.151,
      "negative": -4.6728,
      "mixed": -2.0338
    },
    "resistance": {
      "positive": -1.0893,
      "negative": -4.6728,
      "mixed": -0.4243
    },
    "bond": {
      "positive": -0.018,
      "negative": -4.7185,
      "mixed": -4.7185
    },
    "moral_awakening": {
      "positive": -4.6634,
      "negative": -0.6381,
      "mixed": -0.7716
    },
    "transformation": {
      "positive": -0.3067,
      "negative": -3.9703,
      "mixed": -1.4053
    },
    "reconciliation": {
      "positive": -0.2446,
      "negative": -4.6634,
      "mixed": -1.5724
    },
    "reckoning": {
      "positive": -4.6634,
      "negative": -0.0385,
      "mixed": -3.5648
    },
    "threshold": {
      "positive": -1.1542,
      "negative": -4.0164,
      "mixed": -0.4055
    },
    "exile": {
      "positive": -4.6728,
      "negative": -0.0189,
      "mixed": -4.6728
    },
    "gratitude": {
      "positive": -0.019,
      "negative": -4.6634,
      "mixed": -4.6634
    },
    "authenticity": {
      "positive": -0.0488,
      "negative": -4.654,
      "mixed": -3.2677
    }
  },
  "prior_weight": {
    "tether": 1,
    "valence": 0.6
  },
  "calibration": {
    "a": 1.4254,
    "b": -1.2068,
    "open_gate": 0.0573,
    "top": 0.4846,
    "lead": 0.4313,
    "open_offset": -0.5172
  }
};
