/** Gate weights (hand-set starting point; scripts/fit-classifier.ts refits them on the train split). */
export const GATE_MODEL = {
  bias: -1.4,
  weights: {
    frame: 0.8, lookup: -1.2, task: -1.4, info: -1.2, chat: -1.4, arc: 0.7, emotion: 0.4, intensity: 0.3, tether: 0.2, personal: 0.3,
    gerund_opening: 0.8, when_clause: 0.8, past: 0.4, no_content: -1, short: -0.5,
  },
} as const;
