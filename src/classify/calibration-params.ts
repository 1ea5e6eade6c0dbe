/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -1.2432,
    "weights": {
      "frame": 1.2903,
      "lookup": -2.4188,
      "task": -1.383,
      "info": -1.9766,
      "chat": -0.8489,
      "arc": 1.3539,
      "emotion": -0.1995,
      "intensity": 0.6042,
      "tether": 0.3789,
      "personal": 0.5528,
      "gerund_opening": 1.8309,
      "when_clause": 1.416,
      "past": 1.0218,
      "no_content": -0.0427,
      "short": -0.62,
      "impersonal": -1.0489,
      "impersonal_arc": -1.016
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.088,
      "symbol": -4.5539,
      "event": -4.5539,
      "place": -4.5539,
      "ritual": -4.5539,
      "object": -4.5539,
      "tradition": -4.5539,
      "identity": -4.5539,
      "self": -4.5539
    },
    "liberation": {
      "person": -1.7918,
      "symbol": -4.5643,
      "event": -3.1781,
      "place": -2.9549,
      "ritual": -4.5643,
      "object": -4.5643,
      "tradition": -4.5643,
      "identity": -4.5643,
      "self": -0.3747
    },
    "grief": {
      "person": -0.2485,
      "symbol": -4.6052,
      "event": -2.4079,
      "place": -3.5066,
      "ritual": -4.6052,
      "object": -3.2189,
      "tradition": -4.6052,
      "identity": -4.6052,
      "self": -3.912
    },
    "discovery": {
      "person": -1.9783,
      "symbol": -4.5433,
      "event": -3.4447,
      "place": -1.3244,
      "ritual": -4.5433,
      "object": -2.9339,
      "tradition": -4.5433,
      "identity": -3.8501,
      "self": -0.7821
    },
    "resistance": {
      "person": -0.6621,
      "symbol": -4.5539,
      "event": -1.7207,
      "place": -3.4553,
      "ritual": -4.5539,
      "object": -4.5539,
      "tradition": -4.5539,
      "identity": -4.5539,
      "self": -1.5094
    },
    "bond": {
      "person": -0.1321,
      "symbol": -4.5747,
      "event": -3.8816,
      "place": -4.5747,
      "ritual": -3.4761,
      "object": -4.5747,
      "tradition": -3.8816,
      "identity": -4.5747,
      "self": -4.5747
    },
    "moral_awakening": {
      "person": -2.3461,
      "symbol": -4.5433,
      "event": -4.5433,
      "place": -3.157,
      "ritual": -4.5433,
      "object": -3.8501,
      "tradition": -3.8501,
      "identity": -4.5433,
      "self": -0.2528
    },
    "transformation": {
      "person": -3.8501,
      "symbol": -4.5433,
      "event": -3.4447,
      "place": -3.4447,
      "ritual": -4.5433,
      "object": -4.5433,
      "tradition": -4.5433,
      "identity": -3.4447,
      "self": -0.1738
    },
    "reconciliation": {
      "person": -0.1613,
      "symbol": -4.5433,
      "event": -3.4447,
      "place": -4.5433,
      "ritual": -4.5433,
      "object": -3.8501,
      "tradition": -3.8501,
      "identity": -4.5433,
      "self": -3.4447
    },
    "reckoning": {
      "person": -1.7101,
      "symbol": -4.5433,
      "event": -3.157,
      "place": -4.5433,
      "ritual": -4.5433,
      "object": -3.8501,
      "tradition": -4.5433,
      "identity": -4.5433,
      "self": -0.3536
    },
    "threshold": {
      "person": -3.8918,
      "symbol": -4.585,
      "event": -0.1905,
      "place": -2.7932,
      "ritual": -4.585,
      "object": -3.8918,
      "tradition": -4.585,
      "identity": -3.8918,
      "self": -3.8918
    },
    "exile": {
      "person": -1.0275,
      "symbol": -4.5539,
      "event": -4.5539,
      "place": -0.7472,
      "ritual": -4.5539,
      "object": -4.5539,
      "tradition": -3.4553,
      "identity": -2.608,
      "self": -3.8607
    },
    "gratitude": {
      "person": -0.1366,
      "symbol": -4.5433,
      "event": -3.157,
      "place": -4.5433,
      "ritual": -4.5433,
      "object": -3.8501,
      "tradition": -4.5433,
      "identity": -4.5433,
      "self": -4.5433
    },
    "authenticity": {
      "person": -4.5326,
      "symbol": -3.434,
      "event": -4.5326,
      "place": -4.5326,
      "ritual": -4.5326,
      "object": -4.5326,
      "tradition": -4.5326,
      "identity": -0.4055,
      "self": -1.4416
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.4998,
      "negative": -0.0225,
      "mixed": -4.4998
    },
    "liberation": {
      "positive": -0.0225,
      "negative": -4.4998,
      "mixed": -4.4998
    },
    "grief": {
      "positive": -4.5539,
      "negative": -0.1231,
      "mixed": -2.2513
    },
    "discovery": {
      "positive": -0.1711,
      "negative": -4.4886,
      "mixed": -1.9237
    },
    "resistance": {
      "positive": -1.0874,
      "negative": -4.4886,
      "mixed": -0.4282
    },
    "bond": {
      "positive": -0.0215,
      "negative": -4.5433,
      "mixed": -4.5433
    },
    "moral_awakening": {
      "positive": -4.4773,
      "negative": -0.6931,
      "mixed": -0.7161
    },
    "transformation": {
      "positive": -0.3029,
      "negative": -3.7842,
      "mixed": -1.4328
    },
    "reconciliation": {
      "positive": -0.2288,
      "negative": -4.4773,
      "mixed": -1.6441
    },
    "reckoning": {
      "positive": -4.4773,
      "negative": -0.0465,
      "mixed": -3.3787
    },
    "threshold": {
      "positive": -1.1653,
      "negative": -3.8395,
      "mixed": -0.4055
    },
    "exile": {
      "positive": -4.4886,
      "negative": -0.0227,
      "mixed": -4.4886
    },
    "gratitude": {
      "positive": -0.023,
      "negative": -4.4773,
      "mixed": -4.4773
    },
    "authenticity": {
      "positive": -0.0592,
      "negative": -4.4659,
      "mixed": -3.0796
    }
  },
  "prior_weight": {
    "tether": 1.1,
    "valence": 0.6
  },
  "calibration": {
    "a": 1.0991,
    "b": -0.7387,
    "open_gate": 0,
    "top": 0.4675,
    "lead": 0.9402,
    "open_offset": -0.838
  }
};
