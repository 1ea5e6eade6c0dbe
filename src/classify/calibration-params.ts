/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -1.5408,
    "weights": {
      "frame": 1.448,
      "lookup": -2.3376,
      "task": -1.3803,
      "info": -1.8033,
      "chat": -0.6325,
      "arc": 1.2462,
      "emotion": -0.2714,
      "intensity": 0.7263,
      "tether": 0.478,
      "personal": 0.7103,
      "gerund_opening": 1.6409,
      "when_clause": 1.4465,
      "past": 0.9019,
      "no_content": -0.1357,
      "short": -0.5555,
      "impersonal": -1.0343,
      "impersonal_arc": -0.9844
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.08,
      "symbol": -4.6444,
      "event": -4.6444,
      "place": -4.6444,
      "ritual": -4.6444,
      "object": -4.6444,
      "tradition": -4.6444,
      "identity": -4.6444,
      "self": -4.6444
    },
    "liberation": {
      "person": -1.7095,
      "symbol": -4.654,
      "event": -3.2677,
      "place": -3.0445,
      "ritual": -4.654,
      "object": -4.654,
      "tradition": -4.654,
      "identity": -4.654,
      "self": -0.3773
    },
    "grief": {
      "person": -0.2254,
      "symbol": -4.6913,
      "event": -2.4941,
      "place": -3.5927,
      "ritual": -4.6913,
      "object": -3.3051,
      "tradition": -4.6913,
      "identity": -4.6913,
      "self": -3.9982
    },
    "discovery": {
      "person": -1.9957,
      "symbol": -4.6347,
      "event": -3.5361,
      "place": -1.3025,
      "ritual": -4.6347,
      "object": -3.0253,
      "tradition": -4.6347,
      "identity": -3.9416,
      "self": -0.7635
    },
    "resistance": {
      "person": -0.6371,
      "symbol": -4.6444,
      "event": -1.7,
      "place": -3.5458,
      "ritual": -4.6444,
      "object": -4.6444,
      "tradition": -4.6444,
      "identity": -4.6444,
      "self": -1.5533
    },
    "bond": {
      "person": -0.1201,
      "symbol": -4.6634,
      "event": -3.9703,
      "place": -4.6634,
      "ritual": -3.5648,
      "object": -4.6634,
      "tradition": -3.9703,
      "identity": -4.6634,
      "self": -4.6634
    },
    "moral_awakening": {
      "person": -2.4375,
      "symbol": -4.6347,
      "event": -4.6347,
      "place": -3.2484,
      "ritual": -4.6347,
      "object": -3.9416,
      "tradition": -3.9416,
      "identity": -4.6347,
      "self": -0.228
    },
    "transformation": {
      "person": -3.9416,
      "symbol": -4.6347,
      "event": -3.5361,
      "place": -3.5361,
      "ritual": -4.6347,
      "object": -4.6347,
      "tradition": -4.6347,
      "identity": -3.5361,
      "self": -0.1574
    },
    "reconciliation": {
      "person": -0.1461,
      "symbol": -4.6347,
      "event": -3.5361,
      "place": -4.6347,
      "ritual": -4.6347,
      "object": -3.9416,
      "tradition": -3.9416,
      "identity": -4.6347,
      "self": -3.5361
    },
    "reckoning": {
      "person": -1.8015,
      "symbol": -4.6347,
      "event": -3.2484,
      "place": -4.6347,
      "ritual": -4.6347,
      "object": -3.9416,
      "tradition": -4.6347,
      "identity": -4.6347,
      "self": -0.3172
    },
    "threshold": {
      "person": -3.9797,
      "symbol": -4.6728,
      "event": -0.173,
      "place": -2.8811,
      "ritual": -4.6728,
      "object": -3.9797,
      "tradition": -4.6728,
      "identity": -3.9797,
      "self": -3.9797
    },
    "exile": {
      "person": -1.0335,
      "symbol": -4.6444,
      "event": -4.6444,
      "place": -0.7126,
      "ritual": -4.6444,
      "object": -4.6444,
      "tradition": -3.5458,
      "identity": -2.6985,
      "self": -3.9512
    },
    "gratitude": {
      "person": -0.1239,
      "symbol": -4.6347,
      "event": -3.2484,
      "place": -4.6347,
      "ritual": -4.6347,
      "object": -3.9416,
      "tradition": -4.6347,
      "identity": -4.6347,
      "self": -4.6347
    },
    "authenticity": {
      "person": -4.625,
      "symbol": -3.5264,
      "event": -4.625,
      "place": -4.625,
      "ritual": -4.625,
      "object": -4.625,
      "tradition": -4.625,
      "identity": -0.4055,
      "self": -1.4061
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.5951,
      "negative": -0.0204,
      "mixed": -4.5951
    },
    "liberation": {
      "positive": -0.0204,
      "negative": -4.5951,
      "mixed": -4.5951
    },
    "grief": {
      "positive": -4.6444,
      "negative": -0.1118,
      "mixed": -2.3418
    },
    "discovery": {
      "positive": -0.1661,
      "negative": -4.585,
      "mixed": -1.9459
    },
    "resistance": {
      "positive": -1.0885,
      "negative": -4.585,
      "mixed": -0.4261
    },
    "bond": {
      "positive": -0.0196,
      "negative": -4.6347,
      "mixed": -4.6347
    },
    "moral_awakening": {
      "positive": -4.5747,
      "negative": -0.6627,
      "mixed": -0.7461
    },
    "transformation": {
      "positive": -0.298,
      "negative": -3.8816,
      "mixed": -1.4392
    },
    "reconciliation": {
      "positive": -0.2309,
      "negative": -4.5747,
      "mixed": -1.6303
    },
    "reckoning": {
      "positive": -4.5747,
      "negative": -0.0421,
      "mixed": -3.4761
    },
    "threshold": {
      "positive": -1.1592,
      "negative": -3.9318,
      "mixed": -0.4055
    },
    "exile": {
      "positive": -4.585,
      "negative": -0.0206,
      "mixed": -4.585
    },
    "gratitude": {
      "positive": -0.0208,
      "negative": -4.5747,
      "mixed": -4.5747
    },
    "authenticity": {
      "positive": -0.0535,
      "negative": -4.5643,
      "mixed": -3.1781
    }
  },
  "prior_weight": {
    "tether": 1,
    "valence": 0.6
  },
  "calibration": {
    "a": 1.2114,
    "b": -1.3492,
    "open_gate": 0,
    "top": 0.5362,
    "lead": 0.8068,
    "open_offset": -0.4914
  }
};
