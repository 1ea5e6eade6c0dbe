/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -1.2667,
    "weights": {
      "frame": 1.3468,
      "lookup": -2.4244,
      "task": -1.3924,
      "info": -1.9533,
      "chat": -0.853,
      "arc": 1.3819,
      "emotion": -0.2206,
      "intensity": 0.6481,
      "tether": 0.3627,
      "personal": 0.5636,
      "gerund_opening": 1.8265,
      "when_clause": 1.3928,
      "past": 0.9685,
      "no_content": -0.0355,
      "short": -0.6165,
      "impersonal": -1.0384,
      "impersonal_arc": -1.0315
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.0852,
      "symbol": -4.585,
      "event": -4.585,
      "place": -4.585,
      "ritual": -4.585,
      "object": -4.585,
      "tradition": -4.585,
      "identity": -4.585,
      "self": -4.585
    },
    "liberation": {
      "person": -1.7619,
      "symbol": -4.5951,
      "event": -3.2088,
      "place": -2.9857,
      "ritual": -4.5951,
      "object": -4.5951,
      "tradition": -4.5951,
      "identity": -4.5951,
      "self": -0.3756
    },
    "grief": {
      "person": -0.2403,
      "symbol": -4.6347,
      "event": -2.4375,
      "place": -3.5361,
      "ritual": -4.6347,
      "object": -3.2484,
      "tradition": -4.6347,
      "identity": -4.6347,
      "self": -3.9416
    },
    "discovery": {
      "person": -2.0098,
      "symbol": -4.5747,
      "event": -3.4761,
      "place": -1.3166,
      "ritual": -4.5747,
      "object": -2.9653,
      "tradition": -4.5747,
      "identity": -3.8816,
      "self": -0.768
    },
    "resistance": {
      "person": -0.6531,
      "symbol": -4.585,
      "event": -1.6946,
      "place": -3.4864,
      "ritual": -4.585,
      "object": -4.585,
      "tradition": -4.585,
      "identity": -4.585,
      "self": -1.5404
    },
    "bond": {
      "person": -0.1278,
      "symbol": -4.6052,
      "event": -3.912,
      "place": -4.6052,
      "ritual": -3.5066,
      "object": -4.6052,
      "tradition": -3.912,
      "identity": -4.6052,
      "self": -4.6052
    },
    "moral_awakening": {
      "person": -2.3775,
      "symbol": -4.5747,
      "event": -4.5747,
      "place": -3.1884,
      "ritual": -4.5747,
      "object": -3.8816,
      "tradition": -3.8816,
      "identity": -4.5747,
      "self": -0.244
    },
    "transformation": {
      "person": -3.8816,
      "symbol": -4.5747,
      "event": -3.4761,
      "place": -3.4761,
      "ritual": -4.5747,
      "object": -4.5747,
      "tradition": -4.5747,
      "identity": -3.4761,
      "self": -0.168
    },
    "reconciliation": {
      "person": -0.1559,
      "symbol": -4.5747,
      "event": -3.4761,
      "place": -4.5747,
      "ritual": -4.5747,
      "object": -3.8816,
      "tradition": -3.8816,
      "identity": -4.5747,
      "self": -3.4761
    },
    "reckoning": {
      "person": -1.7415,
      "symbol": -4.5747,
      "event": -3.1884,
      "place": -4.5747,
      "ritual": -4.5747,
      "object": -3.8816,
      "tradition": -4.5747,
      "identity": -4.5747,
      "self": -0.3406
    },
    "threshold": {
      "person": -3.922,
      "symbol": -4.6151,
      "event": -0.1843,
      "place": -2.8234,
      "ritual": -4.6151,
      "object": -3.922,
      "tradition": -4.6151,
      "identity": -3.922,
      "self": -3.922
    },
    "exile": {
      "person": -1.0296,
      "symbol": -4.585,
      "event": -4.585,
      "place": -0.7348,
      "ritual": -4.585,
      "object": -4.585,
      "tradition": -3.4864,
      "identity": -2.6391,
      "self": -3.8918
    },
    "gratitude": {
      "person": -0.1321,
      "symbol": -4.5747,
      "event": -3.1884,
      "place": -4.5747,
      "ritual": -4.5747,
      "object": -3.8816,
      "tradition": -4.5747,
      "identity": -4.5747,
      "self": -4.5747
    },
    "authenticity": {
      "person": -4.5643,
      "symbol": -3.4657,
      "event": -4.5643,
      "place": -4.5643,
      "ritual": -4.5643,
      "object": -4.5643,
      "tradition": -4.5643,
      "identity": -0.4055,
      "self": -1.4289
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.5326,
      "negative": -0.0217,
      "mixed": -4.5326
    },
    "liberation": {
      "positive": -0.0217,
      "negative": -4.5326,
      "mixed": -4.5326
    },
    "grief": {
      "positive": -4.585,
      "negative": -0.1191,
      "mixed": -2.2824
    },
    "discovery": {
      "positive": -0.1651,
      "negative": -4.5218,
      "mixed": -1.9568
    },
    "resistance": {
      "positive": -1.0878,
      "negative": -4.5218,
      "mixed": -0.4274
    },
    "bond": {
      "positive": -0.0208,
      "negative": -4.5747,
      "mixed": -4.5747
    },
    "moral_awakening": {
      "positive": -4.5109,
      "negative": -0.6822,
      "mixed": -0.7267
    },
    "transformation": {
      "positive": -0.2914,
      "negative": -3.8177,
      "mixed": -1.4663
    },
    "reconciliation": {
      "positive": -0.2342,
      "negative": -4.5109,
      "mixed": -1.6205
    },
    "reckoning": {
      "positive": -4.5109,
      "negative": -0.045,
      "mixed": -3.4122
    },
    "threshold": {
      "positive": -1.1632,
      "negative": -3.8712,
      "mixed": -0.4055
    },
    "exile": {
      "positive": -4.5218,
      "negative": -0.022,
      "mixed": -4.5218
    },
    "gratitude": {
      "positive": -0.0222,
      "negative": -4.5109,
      "mixed": -4.5109
    },
    "authenticity": {
      "positive": -0.0572,
      "negative": -4.4998,
      "mixed": -3.1135
    }
  },
  "prior_weight": {
    "tether": 1,
    "valence": 0.6
  },
  "calibration": {
    "a": 1.0854,
    "b": -0.7306,
    "open_gate": 0,
    "top": 0.4656,
    "lead": 0.9468,
    "open_offset": -0.8405
  }
};
