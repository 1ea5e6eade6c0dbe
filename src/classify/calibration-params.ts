/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { ClassifierParams } from "./params.js";

export const FITTED: ClassifierParams = {
  "gate": {
    "bias": -2.1749,
    "weights": {
      "frame": 2.0252,
      "lookup": -2.1682,
      "task": -1.4175,
      "info": -1.9499,
      "chat": -0.9571,
      "arc": 1.427,
      "emotion": 0.0589,
      "intensity": 0.5846,
      "tether": 0.4538,
      "personal": 0.8255,
      "gerund_opening": 1.7487,
      "when_clause": 0.7732,
      "past": 1.3686,
      "no_content": -0.1014,
      "short": -0.543
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.1406,
      "symbol": -4.1109,
      "event": -4.1109,
      "place": -4.1109,
      "ritual": -4.1109,
      "object": -4.1109,
      "tradition": -4.1109,
      "identity": -4.1109,
      "self": -4.1109
    },
    "liberation": {
      "person": -1.7292,
      "symbol": -4.1271,
      "event": -2.7408,
      "place": -2.5177,
      "ritual": -4.1271,
      "object": -4.1271,
      "tradition": -4.1271,
      "identity": -4.1271,
      "self": -0.5162
    },
    "grief": {
      "person": -0.3902,
      "symbol": -4.1744,
      "event": -1.9772,
      "place": -3.0758,
      "ritual": -4.1744,
      "object": -3.0758,
      "tradition": -4.1744,
      "identity": -4.1744,
      "self": -3.4812
    },
    "discovery": {
      "person": -2.0149,
      "symbol": -4.0943,
      "event": -2.9957,
      "place": -1.3218,
      "ritual": -4.0943,
      "object": -2.4849,
      "tradition": -4.0943,
      "identity": -3.4012,
      "self": -0.9589
    },
    "resistance": {
      "person": -0.815,
      "symbol": -4.1109,
      "event": -1.5459,
      "place": -3.0123,
      "ritual": -4.1109,
      "object": -4.1109,
      "tradition": -4.1109,
      "identity": -4.1109,
      "self": -1.5459
    },
    "bond": {
      "person": -0.2151,
      "symbol": -4.1271,
      "event": -3.434,
      "place": -4.1271,
      "ritual": -3.0285,
      "object": -4.1271,
      "tradition": -3.434,
      "identity": -4.1271,
      "self": -4.1271
    },
    "moral_awakening": {
      "person": -1.8971,
      "symbol": -4.0943,
      "event": -4.0943,
      "place": -2.7081,
      "ritual": -4.0943,
      "object": -3.4012,
      "tradition": -3.4012,
      "identity": -4.0943,
      "self": -0.4308
    },
    "transformation": {
      "person": -3.4012,
      "symbol": -4.0943,
      "event": -2.9957,
      "place": -2.9957,
      "ritual": -4.0943,
      "object": -4.0943,
      "tradition": -4.0943,
      "identity": -2.9957,
      "self": -0.2877
    },
    "reconciliation": {
      "person": -0.2657,
      "symbol": -4.0943,
      "event": -2.9957,
      "place": -4.0943,
      "ritual": -4.0943,
      "object": -3.4012,
      "tradition": -3.4012,
      "identity": -4.0943,
      "self": -2.9957
    },
    "reckoning": {
      "person": -1.4553,
      "symbol": -4.0943,
      "event": -2.7081,
      "place": -4.0943,
      "ritual": -4.0943,
      "object": -3.4012,
      "tradition": -4.0943,
      "identity": -4.0943,
      "self": -0.539
    },
    "threshold": {
      "person": -3.45,
      "symbol": -4.1431,
      "event": -0.3145,
      "place": -2.3514,
      "ritual": -4.1431,
      "object": -3.45,
      "tradition": -4.1431,
      "identity": -3.45,
      "self": -3.45
    },
    "exile": {
      "person": -1.1664,
      "symbol": -4.1109,
      "event": -4.1109,
      "place": -0.815,
      "ritual": -4.1109,
      "object": -4.1109,
      "tradition": -3.0123,
      "identity": -2.3191,
      "self": -3.4177
    },
    "gratitude": {
      "person": -0.2231,
      "symbol": -4.0943,
      "event": -2.7081,
      "place": -4.0943,
      "ritual": -4.0943,
      "object": -3.4012,
      "tradition": -4.0943,
      "identity": -4.0943,
      "self": -4.0943
    },
    "authenticity": {
      "person": -4.0775,
      "symbol": -2.9789,
      "event": -4.0775,
      "place": -4.0775,
      "ritual": -4.0775,
      "object": -4.0775,
      "tradition": -4.0775,
      "identity": -0.4666,
      "self": -1.5126
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -4.0254,
      "negative": -0.0364,
      "mixed": -4.0254
    },
    "liberation": {
      "positive": -0.0364,
      "negative": -4.0254,
      "mixed": -4.0254
    },
    "grief": {
      "positive": -4.0943,
      "negative": -0.1431,
      "mixed": -2.1484
    },
    "discovery": {
      "positive": -0.1787,
      "negative": -4.0073,
      "mixed": -1.9279
    },
    "resistance": {
      "positive": -1.0629,
      "negative": -4.0073,
      "mixed": -0.452
    },
    "bond": {
      "positive": -0.0351,
      "negative": -4.0604,
      "mixed": -4.0604
    },
    "moral_awakening": {
      "positive": -3.989,
      "negative": -0.6568,
      "mixed": -0.7701
    },
    "transformation": {
      "positive": -0.3514,
      "negative": -3.2958,
      "mixed": -1.3499
    },
    "reconciliation": {
      "positive": -0.2513,
      "negative": -3.989,
      "mixed": -1.5911
    },
    "reckoning": {
      "positive": -3.989,
      "negative": -0.077,
      "mixed": -2.8904
    },
    "threshold": {
      "positive": -1.2879,
      "negative": -3.3673,
      "mixed": -0.3716
    },
    "exile": {
      "positive": -4.0073,
      "negative": -0.037,
      "mixed": -4.0073
    },
    "gratitude": {
      "positive": -0.0377,
      "negative": -3.989,
      "mixed": -3.989
    },
    "authenticity": {
      "positive": -0.0991,
      "negative": -3.9703,
      "mixed": -2.584
    }
  },
  "prior_weight": {
    "tether": 0.7,
    "valence": 1
  },
  "calibration": {
    "a": 0.9607,
    "b": -1.1453,
    "open_gate": 0,
    "top": 0.703,
    "lead": 0.9849,
    "open_offset": -0.4612
  }
};
