/**
 * `arcroute learn --store <spec> [--org <id>] [--out weights.json]`: learns per-field filter
 * weights and the fusion weight from the retrieval feedback a store holds (POST /v1/feedback)
 * and writes them as a weights file for `withLearnedWeights` and `rerank`.
 */
import { learnFromStore } from "../../feedback/learn.js";
import { writeLearnedWeights } from "../../feedback/weights.js";
import { openStore } from "../../stores/open.js";
import type { Command } from "../command.js";
import { parseCommandArgs } from "../args.js";
import { CliError } from "../errors.js";
import { writeLine } from "../io.js";

const usage = `Usage:
  arcroute learn --store <memory|pglite:<dir>|postgres://...> [--org <id>] [--out weights.json]
                 [--base-fusion 0.5] [--drop-below 0] [--json]
  Learns filter weights from stored feedback (all organizations unless --org) and writes them
  to --out (default: learned-weights.json); prints a one-line summary, or with --json the
  weights file's content and its path as one JSON object. --drop-below m removes the filters whose
  multiplier falls under m (default 0: filters only lose weight).`;

function fraction(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!(n >= 0 && n <= 1)) throw new CliError(`--${name} must be a number from 0 to 1, got '${value}'`);
  return n;
}

export const command: Command = {
  summary: "learn filter weights from retrieval feedback in a store",
  usage,
  async run(args, io) {
    const { values } = parseCommandArgs(args, {
          store: { type: "string" },
          org: { type: "string" },
          out: { type: "string", default: "learned-weights.json" },
          "base-fusion": { type: "string" },
          "drop-below": { type: "string" },
          json: { type: "boolean" },
        });
    if (values.store === undefined) throw new CliError("--store is required (memory, pglite:<dir> or postgres://...)");
    const options = { baseFusion: fraction("base-fusion", values["base-fusion"], 0.5), dropBelow: fraction("drop-below", values["drop-below"], 0) };
    const store = await openStore(values.store);
    try {
      const weights = await learnFromStore(store, values.org ?? null, options);
      writeLearnedWeights(values.out!, weights);
      if (values.json) {
        await writeLine(io.stdout, JSON.stringify({ out: values.out, weights }));
        return 0;
      }
      const fields = Object.entries(weights.fields).map(([field, m]) => `${field}=${m}`).join(" ") || "(no routed feedback)";
      await writeLine(io.stdout, `learned from ${weights.learned_from.feedback} feedback (${weights.learned_from.hits} hits): ${fields}; fusion=${weights.fusion} -> ${values.out}`);
      return 0;
    } finally {
      await store.close();
    }
  },
};
