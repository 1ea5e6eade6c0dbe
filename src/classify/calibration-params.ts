/** Fitted classifier parameters: written by `npx tsx scripts/fit-classifier.ts` from the TRAIN split only. */
import type { FittedParams } from "./params.js";

export const FITTED: FittedParams = {
  "gate": {
    "bias": -0.8608,
    "weights": {
      "frame": 1.7788,
      "lookup": -2.6371,
      "task": -2.2317,
      "info": -1.8446,
      "chat": -0.7818,
      "arc": 0.697,
      "emotion": -0.2058,
      "intensity": 0.3608,
      "tether": 0.8501,
      "personal": 0.8591,
      "gerund_opening": 2.2921,
      "when_clause": 1.8677,
      "past": 1.6226,
      "no_content": -0.3166,
      "short": -1.005,
      "impersonal": -1.0787,
      "impersonal_arc": -1.0852
    }
  },
  "tether_prior": {
    "betrayal": {
      "person": -0.1772,
      "symbol": -4.3631,
      "event": -3.0413,
      "place": -3.9576,
      "ritual": -4.6508,
      "object": -3.1844,
      "tradition": -4.6508,
      "identity": -4.14,
      "self": -5.0562
    },
    "liberation": {
      "person": -1.5937,
      "symbol": -4.1431,
      "event": -2.115,
      "place": -2.4945,
      "ritual": -4.1431,
      "object": -3.6731,
      "tradition": -3.8067,
      "identity": -3.5553,
      "self": -0.7221
    },
    "grief": {
      "person": -0.5834,
      "symbol": -3.0571,
      "event": -2.2098,
      "place": -2.7207,
      "ritual": -2.8748,
      "object": -2.3979,
      "tradition": -3.3673,
      "identity": -4.3789,
      "self": -3.6857
    },
    "discovery": {
      "person": -2.0053,
      "symbol": -4.6444,
      "event": -2.7473,
      "place": -1.5235,
      "ritual": -3.4404,
      "object": -2.2773,
      "tradition": -4.3567,
      "identity": -2.5649,
      "self": -1.0517
    },
    "resistance": {
      "person": -0.8117,
      "symbol": -3.2613,
      "event": -1.5415,
      "place": -2.913,
      "ritual": -4.6476,
      "object": -4.3599,
      "tradition": -3.0382,
      "identity": -3.1813,
      "self": -1.985
    },
    "bond": {
      "person": -0.4425,
      "symbol": -3.1167,
      "event": -3.5585,
      "place": -3.5585,
      "ritual": -1.7127,
      "object": -3.6763,
      "tradition": -3.5585,
      "identity": -3.964,
      "self": -5.7557
    },
    "moral_awakening": {
      "person": -1.2592,
      "symbol": -4.1271,
      "event": -2.6455,
      "place": -2.3693,
      "ritual": -4.638,
      "object": -2.7921,
      "tradition": -3.6571,
      "identity": -3.2517,
      "self": -0.9163
    },
    "transformation": {
      "person": -2.964,
      "symbol": -4.1271,
      "event": -1.8047,
      "place": -2.5585,
      "ritual": -3.7907,
      "object": -4.3503,
      "tradition": -4.638,
      "identity": -2.3693,
      "self": -0.5949
    },
    "reconciliation": {
      "person": -0.2845,
      "symbol": -4.3535,
      "event": -3.5426,
      "place": -3.4372,
      "ritual": -3.6604,
      "object": -3.0317,
      "tradition": -3.3419,
      "identity": -3.6604,
      "self": -3.2549
    },
    "reckoning": {
      "person": -1.6321,
      "symbol": -5.743,
      "event": -2.309,
      "place": -3.6636,
      "ritual": -4.6444,
      "object": -3.035,
      "tradition": -4.6444,
      "identity": -4.1336,
      "self": -0.5226
    },
    "threshold": {
      "person": -2.2561,
      "symbol": -4.1431,
      "event": -0.6346,
      "place": -2.1417,
      "ritual": -4.654,
      "object": -3.45,
      "tradition": -2.98,
      "identity": -2.4567,
      "self": -2.9194
    },
    "exile": {
      "person": -1.256,
      "symbol": -3.3354,
      "event": -3.4308,
      "place": -0.9293,
      "ritual": -4.347,
      "object": -4.1239,
      "tradition": -2.5978,
      "identity": -2.207,
      "self": -3.2484
    },
    "gratitude": {
      "person": -0.2444,
      "symbol": -4.347,
      "event": -3.0253,
      "place": -3.3354,
      "ritual": -3.9416,
      "object": -3.0943,
      "tradition": -4.1239,
      "identity": -4.6347,
      "self": -3.5361
    },
    "authenticity": {
      "person": -3.1813,
      "symbol": -2.9736,
      "event": -3.4436,
      "place": -3.4436,
      "ritual": -3.6668,
      "object": -3.6668,
      "tradition": -3.1813,
      "identity": -0.8189,
      "self": -1.1715
    }
  },
  "valence_prior": {
    "betrayal": {
      "positive": -5.7333,
      "negative": -0.0065,
      "mixed": -5.7333
    },
    "liberation": {
      "positive": -0.0162,
      "negative": -5.743,
      "mixed": -4.3567
    },
    "grief": {
      "positive": -5.7589,
      "negative": -0.2866,
      "mixed": -1.4022
    },
    "discovery": {
      "positive": -0.0706,
      "negative": -5.7301,
      "mixed": -2.7344
    },
    "resistance": {
      "positive": -1.7195,
      "negative": -4.6282,
      "mixed": -0.2094
    },
    "bond": {
      "positive": -0.0193,
      "negative": -5.7494,
      "mixed": -4.14
    },
    "moral_awakening": {
      "positive": -5.0239,
      "negative": -0.9985,
      "mixed": -0.47
    },
    "transformation": {
      "positive": -0.3656,
      "negative": -4.6282,
      "mixed": -1.216
    },
    "reconciliation": {
      "positive": -0.2094,
      "negative": -5.7268,
      "mixed": -1.6838
    },
    "reckoning": {
      "positive": -5.7268,
      "negative": -0.0604,
      "mixed": -2.8936
    },
    "threshold": {
      "positive": -0.8646,
      "negative": -4.6412,
      "mixed": -0.5636
    },
    "exile": {
      "positive": -5.7137,
      "negative": -0.0612,
      "mixed": -2.8805
    },
    "gratitude": {
      "positive": -0.0263,
      "negative": -5.7301,
      "mixed": -3.7842
    },
    "authenticity": {
      "positive": -0.1064,
      "negative": -5.7268,
      "mixed": -2.3257
    }
  },
  "prior_weight": {
    "tether": 0.8,
    "valence": 1.6
  },
  "tether_cue_scale": {
    "person": 1,
    "symbol": 2,
    "event": 1,
    "place": 1,
    "ritual": 1.25,
    "object": 1.75,
    "tradition": 1.5,
    "identity": 1,
    "self": 1
  },
  "calibration": {
    "a": 1.1085,
    "b": -0.8772,
    "open_gate": 0.0244,
    "top": 2.5854,
    "lead": 2.5967,
    "open_offset": -0.4236
  }
};
