/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -1.5723,
    "weights": {
      "frame": 1.4646,
      "lookup": -2.3496,
      "task": -1.3864,
      "info": -1.8041,
      "chat": -0.6315,
      "arc": 1.2564,
      "emotion": -0.2736,
      "intensity": 0.7264,
      "tether": 0.4877,
      "personal": 0.7235,
      "gerund_opening": 1.6452,
      "when_clause": 1.4375,
      "past": 0.892,
      "no_content": -0.1315,
      "short": -0.5569,
      "impersonal": -1.0251,
      "impersonal_arc": -0.9912
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.0777,
      "symbol": -4.6728,
      "event": -4.6728,
      "place": -4.6728,
      "ritual": -4.6728,
      "object": -4.6728,
      "tradition": -4.6728,
      "identity": -4.6728,
      "self": -4.6728
    },
    "liberation": {
      "person": -1.6864,
      "symbol": -4.6821,
      "event": -3.2958,
      "place": -3.0727,
      "ritual": -4.6821,
      "object": -4.6821,
      "tradition": -4.6821,
      "identity": -4.6821,
      "self": -0.3781
    },
    "grief": {
      "person": -0.2187,
      "symbol": -4.7185,
      "event": -2.5213,
      "place": -3.6199,
      "ritual": -4.7185,
      "object": -3.3322,
      "tradition": -4.7185,
      "identity": -4.7185,
      "self": -4.0254
    },
    "discovery": {
      "person": -2.0244,
      "symbol": -4.6634,
      "event": -3.5648,
      "place": -1.2961,
      "ritual": -4.6634,
      "object": -3.054,
      "tradition": -4.6634,
      "identity": -3.9703,
      "self": -0.7514
    },
    "resistance": {
      "person": -0.6298,
      "symbol": -4.6728,
      "event": -1.7284,
      "place": -3.5742,
      "ritual": -4.6728,
      "object": -4.6728,
      "tradition": -4.6728,
      "identity": -4.6728,
      "self": -1.5373
    },
    "bond": {
      "person": -0.1166,
      "symbol": -4.6913,
      "event": -3.9982,
      "place": -4.6913,
      "ritual": -3.5927,
      "object": -4.6913,
      "tradition": -3.9982,
      "identity": -4.6913,
      "self": -4.6913
    },
    "moral_awakening": {
      "person": -2.4662,
      "symbol": -4.6634,
      "event": -4.6634,
      "place": -3.2771,
      "ritual": -4.6634,
      "object": -3.9703,
      "tradition": -3.9703,
      "identity": -4.6634,
      "self": -0.2208
    },
    "transformation": {
      "person": -3.9703,
      "symbol": -4.6634,
      "event": -3.5648,
      "place": -3.5648,
      "ritual": -4.6634,
      "object": -4.6634,
      "tradition": -4.6634,
      "identity": -3.5648,
      "self": -0.1526
    },
    "reconciliation": {
      "person": -0.1417,
      "symbol": -4.6634,
      "event": -3.5648,
      "place": -4.6634,
      "ritual": -4.6634,
      "object": -3.9703,
      "tradition": -3.9703,
      "identity": -4.6634,
      "self": -3.5648
    },
    "reckoning": {
      "person": -1.8302,
      "symbol": -4.6634,
      "event": -3.2771,
      "place": -4.6634,
      "ritual": -4.6634,
      "object": -3.9703,
      "tradition": -4.6634,
      "identity": -4.6634,
      "self": -0.3067
    },
    "threshold": {
      "person": -4.0073,
      "symbol": -4.7005,
      "event": -0.1679,
      "place": -2.9087,
      "ritual": -4.7005,
      "object": -4.0073,
      "tradition": -4.7005,
      "identity": -4.0073,
      "self": -4.0073
    },
    "exile": {
      "person": -1.0352,
      "symbol": -4.6728,
      "event": -4.6728,
      "place": -0.7025,
      "ritual": -4.6728,
      "object": -4.6728,
      "tradition": -3.5742,
      "identity": -2.7269,
      "self": -3.9797
    },
    "gratitude": {
      "person": -0.1201,
      "symbol": -4.6634,
      "event": -3.2771,
      "place": -4.6634,
      "ritual": -4.6634,
      "object": -3.9703,
      "tradition": -4.6634,
      "identity": -4.6634,
      "self": -4.6634
    },
    "authenticity": {
      "person": -4.654,
      "symbol": -3.5553,
      "event": -4.654,
      "place": -4.654,
      "ritual": -4.654,
      "object": -4.654,
      "tradition": -4.654,
      "identity": -0.4055,
      "self": -1.3959
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.625,
      "negative": -0.0198,
      "mixed": -4.625
    },
    "liberation": {
      "positive": -0.0198,
      "negative": -4.625,
      "mixed": -4.625
    },
    "grief": {
      "positive": -4.6728,
      "negative": -0.1085,
      "mixed": -2.3702
    },
    "discovery": {
      "positive": -0.1608,
      "negative": -4.6151,
      "mixed": -1.9761
    },
    "resistance": {
      "positive": -1.0888,
      "negative": -4.6151,
      "mixed": -0.4255
    },
    "bond": {
      "positive": -0.019,
      "negative": -4.6634,
      "mixed": -4.6634
    },
    "moral_awakening": {
      "positive": -4.6052,
      "negative": -0.6539,
      "mixed": -0.755
    },
    "transformation": {
      "positive": -0.3011,
      "negative": -3.912,
      "mixed": -1.4271
    },
    "reconciliation": {
      "positive": -0.2357,
      "negative": -4.6052,
      "mixed": -1.6094
    },
    "reckoning": {
      "positive": -4.6052,
      "negative": -0.0408,
      "mixed": -3.5066
    },
    "threshold": {
      "positive": -1.1575,
      "negative": -3.9608,
      "mixed": -0.4055
    },
    "exile": {
      "positive": -4.6151,
      "negative": -0.02,
      "mixed": -4.6151
    },
    "gratitude": {
      "positive": -0.0202,
      "negative": -4.6052,
      "mixed": -4.6052
    },
    "authenticity": {
      "positive": -0.0518,
      "negative": -4.5951,
      "mixed": -3.2088
    }
  },
  "prior_weight": {
    "tether": 1,
    "valence": 0.6
  },
  "calibration": {
    "a": 1.1965,
    "b": -1.3378,
    "open_gate": 0,
    "top": 0.542,
    "lead": 0.816,
    "open_offset": -0.5047
  }
};
