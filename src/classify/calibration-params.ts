/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -1.4945,
    "weights": {
      "frame": 1.4445,
      "lookup": -2.2859,
      "task": -1.4073,
      "info": -1.8296,
      "chat": -0.662,
      "arc": 1.2869,
      "emotion": -0.3011,
      "intensity": 0.7054,
      "tether": 0.4391,
      "personal": 0.7391,
      "gerund_opening": 1.5772,
      "when_clause": 1.3382,
      "past": 0.9484,
      "no_content": -0.1724,
      "short": -0.5802,
      "impersonal": -1.0242,
      "impersonal_arc": -1.0272
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.0715,
      "symbol": -4.7536,
      "event": -4.7536,
      "place": -4.7536,
      "ritual": -4.7536,
      "object": -4.7536,
      "tradition": -4.7536,
      "identity": -4.7536,
      "self": -4.7536
    },
    "liberation": {
      "person": -1.6267,
      "symbol": -4.7622,
      "event": -3.3759,
      "place": -3.1527,
      "ritual": -4.7622,
      "object": -4.7622,
      "tradition": -4.7622,
      "identity": -4.7622,
      "self": -0.3801
    },
    "grief": {
      "person": -0.2007,
      "symbol": -4.7958,
      "event": -2.5986,
      "place": -3.6972,
      "ritual": -4.7958,
      "object": -3.4095,
      "tradition": -4.7958,
      "identity": -4.7958,
      "self": -4.1026
    },
    "discovery": {
      "person": -2.1059,
      "symbol": -4.7449,
      "event": -3.6463,
      "place": -1.2792,
      "ritual": -4.7449,
      "object": -3.1355,
      "tradition": -4.7449,
      "identity": -4.0518,
      "self": -0.7196
    },
    "resistance": {
      "person": -0.6105,
      "symbol": -4.7536,
      "event": -1.7091,
      "place": -3.655,
      "ritual": -4.7536,
      "object": -4.7536,
      "tradition": -4.7536,
      "identity": -4.7536,
      "self": -1.5755
    },
    "bond": {
      "person": -0.1072,
      "symbol": -4.7707,
      "event": -4.0775,
      "place": -4.7707,
      "ritual": -3.6721,
      "object": -4.7707,
      "tradition": -4.0775,
      "identity": -4.7707,
      "self": -4.7707
    },
    "moral_awakening": {
      "person": -2.5477,
      "symbol": -4.7449,
      "event": -4.7449,
      "place": -3.3586,
      "ritual": -4.7449,
      "object": -4.0518,
      "tradition": -4.0518,
      "identity": -4.7449,
      "self": -0.2016
    },
    "transformation": {
      "person": -4.0518,
      "symbol": -4.7449,
      "event": -3.6463,
      "place": -3.6463,
      "ritual": -4.7449,
      "object": -4.7449,
      "tradition": -4.7449,
      "identity": -3.6463,
      "self": -0.1398
    },
    "reconciliation": {
      "person": -0.1298,
      "symbol": -4.7449,
      "event": -3.6463,
      "place": -4.7449,
      "ritual": -4.7449,
      "object": -4.0518,
      "tradition": -4.0518,
      "identity": -4.7449,
      "self": -3.6463
    },
    "reckoning": {
      "person": -1.9117,
      "symbol": -4.7449,
      "event": -3.3586,
      "place": -4.7449,
      "ritual": -4.7449,
      "object": -4.0518,
      "tradition": -4.7449,
      "identity": -4.7449,
      "self": -0.279
    },
    "threshold": {
      "person": -4.086,
      "symbol": -4.7791,
      "event": -0.1542,
      "place": -2.9874,
      "ritual": -4.7791,
      "object": -4.086,
      "tradition": -4.7791,
      "identity": -4.086,
      "self": -4.086
    },
    "exile": {
      "person": -1.04,
      "symbol": -4.7536,
      "event": -4.7536,
      "place": -0.6761,
      "ritual": -4.7536,
      "object": -4.7536,
      "tradition": -3.655,
      "identity": -2.8077,
      "self": -4.0604
    },
    "gratitude": {
      "person": -0.1102,
      "symbol": -4.7449,
      "event": -3.3586,
      "place": -4.7449,
      "ritual": -4.7449,
      "object": -4.0518,
      "tradition": -4.7449,
      "identity": -4.7449,
      "self": -4.7449
    },
    "authenticity": {
      "person": -4.7362,
      "symbol": -3.6376,
      "event": -4.7362,
      "place": -4.7362,
      "ritual": -4.7362,
      "object": -4.7362,
      "tradition": -4.7362,
      "identity": -0.4055,
      "self": -1.3689
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.7095,
      "negative": -0.0182,
      "mixed": -4.7095
    },
    "liberation": {
      "positive": -0.0182,
      "negative": -4.7095,
      "mixed": -4.7095
    },
    "grief": {
      "positive": -4.7536,
      "negative": -0.0996,
      "mixed": -2.451
    },
    "discovery": {
      "positive": -0.1466,
      "negative": -4.7005,
      "mixed": -2.0614
    },
    "resistance": {
      "positive": -1.0896,
      "negative": -4.7005,
      "mixed": -0.4238
    },
    "bond": {
      "positive": -0.0175,
      "negative": -4.7449,
      "mixed": -4.7449
    },
    "moral_awakening": {
      "positive": -4.6913,
      "negative": -0.6309,
      "mixed": -0.7793
    },
    "transformation": {
      "positive": -0.3093,
      "negative": -3.9982,
      "mixed": -1.3955
    },
    "reconciliation": {
      "positive": -0.2487,
      "negative": -4.6913,
      "mixed": -1.5559
    },
    "reckoning": {
      "positive": -4.6913,
      "negative": -0.0374,
      "mixed": -3.5927
    },
    "threshold": {
      "positive": -1.1527,
      "negative": -4.0431,
      "mixed": -0.4055
    },
    "exile": {
      "positive": -4.7005,
      "negative": -0.0183,
      "mixed": -4.7005
    },
    "gratitude": {
      "positive": -0.0185,
      "negative": -4.6913,
      "mixed": -4.6913
    },
    "authenticity": {
      "positive": -0.0474,
      "negative": -4.6821,
      "mixed": -3.2958
    }
  },
  "prior_weight": {
    "tether": 1,
    "valence": 0.6
  },
  "calibration": {
    "a": 1.4105,
    "b": -1.1786,
    "open_gate": 0.0677,
    "top": 0.4947,
    "lead": 0.4174,
    "open_offset": -0.5603
  }
};
