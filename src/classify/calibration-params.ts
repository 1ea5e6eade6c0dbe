/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { FittedParams } from "./params.js";

export const FITTED: FittedParams = {
  "gate": {
    "bias": -1.4743,
    "weights": {
      "frame": 1.414,
      "lookup": -2.3296,
      "task": -1.4369,
      "info": -1.8498,
      "chat": -0.6778,
      "arc": 1.2962,
      "emotion": -0.3078,
      "intensity": 0.6953,
      "tether": 0.461,
      "personal": 0.7654,
      "gerund_opening": 1.6193,
      "when_clause": 1.3197,
      "past": 0.9779,
      "no_content": -0.1979,
      "short": -0.6164,
      "impersonal": -0.9829,
      "impersonal_arc": -1.0145
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.0656,
      "symbol": -4.8363,
      "event": -4.8363,
      "place": -4.8363,
      "ritual": -4.8363,
      "object": -4.8363,
      "tradition": -4.8363,
      "identity": -4.8363,
      "self": -4.8363
    },
    "liberation": {
      "person": -1.6253,
      "symbol": -4.8442,
      "event": -3.4579,
      "place": -3.2347,
      "ritual": -4.8442,
      "object": -4.151,
      "tradition": -4.151,
      "identity": -4.8442,
      "self": -0.3898
    },
    "grief": {
      "person": -0.2405,
      "symbol": -4.8752,
      "event": -2.678,
      "place": -3.7766,
      "ritual": -4.8752,
      "object": -2.678,
      "tradition": -4.1821,
      "identity": -4.8752,
      "self": -4.1821
    },
    "discovery": {
      "person": -2.4304,
      "symbol": -4.8283,
      "event": -3.7297,
      "place": -1.273,
      "ritual": -4.8283,
      "object": -2.3434,
      "tradition": -4.8283,
      "identity": -3.442,
      "self": -0.7853
    },
    "resistance": {
      "person": -0.6168,
      "symbol": -4.8363,
      "event": -1.5041,
      "place": -3.7377,
      "ritual": -4.8363,
      "object": -4.8363,
      "tradition": -4.8363,
      "identity": -4.8363,
      "self": -1.7452
    },
    "bond": {
      "person": -0.1981,
      "symbol": -4.852,
      "event": -4.1589,
      "place": -4.852,
      "ritual": -2.2871,
      "object": -4.852,
      "tradition": -4.1589,
      "identity": -4.1589,
      "self": -4.852
    },
    "moral_awakening": {
      "person": -2.6311,
      "symbol": -4.8283,
      "event": -4.8283,
      "place": -3.442,
      "ritual": -4.8283,
      "object": -2.8824,
      "tradition": -4.1352,
      "identity": -4.8283,
      "self": -0.2332
    },
    "transformation": {
      "person": -4.1352,
      "symbol": -4.8283,
      "event": -2.4304,
      "place": -3.7297,
      "ritual": -4.8283,
      "object": -4.8283,
      "tradition": -4.8283,
      "identity": -3.7297,
      "self": -0.2033
    },
    "reconciliation": {
      "person": -0.1278,
      "symbol": -4.8283,
      "event": -3.442,
      "place": -4.8283,
      "ritual": -4.8283,
      "object": -3.7297,
      "tradition": -4.1352,
      "identity": -4.8283,
      "self": -4.1352
    },
    "reckoning": {
      "person": -2.0557,
      "symbol": -4.8283,
      "event": -3.2189,
      "place": -4.8283,
      "ritual": -4.8283,
      "object": -2.7489,
      "tradition": -4.8283,
      "identity": -4.8283,
      "self": -0.3175
    },
    "threshold": {
      "person": -4.1667,
      "symbol": -4.8598,
      "event": -0.2059,
      "place": -3.0681,
      "ritual": -4.8598,
      "object": -3.0681,
      "tradition": -4.1667,
      "identity": -3.4735,
      "self": -4.1667
    },
    "exile": {
      "person": -1.0296,
      "symbol": -4.8363,
      "event": -4.8363,
      "place": -0.7587,
      "ritual": -4.8363,
      "object": -4.8363,
      "tradition": -2.6391,
      "identity": -2.8904,
      "self": -4.1431
    },
    "gratitude": {
      "person": -0.1009,
      "symbol": -4.8283,
      "event": -3.442,
      "place": -4.8283,
      "ritual": -4.8283,
      "object": -4.1352,
      "tradition": -4.8283,
      "identity": -4.8283,
      "self": -4.8283
    },
    "authenticity": {
      "person": -4.8203,
      "symbol": -3.7217,
      "event": -4.8203,
      "place": -4.8203,
      "ritual": -4.8203,
      "object": -4.8203,
      "tradition": -4.8203,
      "identity": -0.4014,
      "self": -1.3545
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.7958,
      "negative": -0.0167,
      "mixed": -4.7958
    },
    "liberation": {
      "positive": -0.0167,
      "negative": -4.7958,
      "mixed": -4.7958
    },
    "grief": {
      "positive": -4.8363,
      "negative": -0.1001,
      "mixed": -2.4384
    },
    "discovery": {
      "positive": -0.1431,
      "negative": -4.7875,
      "mixed": -2.0794
    },
    "resistance": {
      "positive": -1.0498,
      "negative": -4.7875,
      "mixed": -0.4437
    },
    "bond": {
      "positive": -0.0161,
      "negative": -4.8283,
      "mixed": -4.8283
    },
    "moral_awakening": {
      "positive": -4.7791,
      "negative": -0.6202,
      "mixed": -0.7901
    },
    "transformation": {
      "positive": -0.3132,
      "negative": -4.086,
      "mixed": -1.3779
    },
    "reconciliation": {
      "positive": -0.2573,
      "negative": -4.7791,
      "mixed": -1.521
    },
    "reckoning": {
      "positive": -4.7791,
      "negative": -0.0342,
      "mixed": -3.6805
    },
    "threshold": {
      "positive": -1.1567,
      "negative": -4.1271,
      "mixed": -0.4014
    },
    "exile": {
      "positive": -4.7875,
      "negative": -0.0168,
      "mixed": -4.7875
    },
    "gratitude": {
      "positive": -0.0169,
      "negative": -4.7791,
      "mixed": -4.7791
    },
    "authenticity": {
      "positive": -0.0433,
      "negative": -4.7707,
      "mixed": -3.3844
    }
  },
  "prior_weight": {
    "tether": 0.7,
    "valence": 0.6
  },
  "tether_cue_scale": {
    "person": 1,
    "symbol": 1,
    "event": 1,
    "place": 1,
    "ritual": 1.5,
    "object": 2,
    "tradition": 1.5,
    "identity": 1,
    "self": 1
  },
  "calibration": {
    "a": 1.1926,
    "b": -0.7112,
    "open_gate": 0.061,
    "top": 1.7021,
    "lead": 1.8127,
    "open_offset": -0.1542
  }
};
