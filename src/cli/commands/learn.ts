/**
 * `arcroute learn --store <spec> [--org <id>] [--out weights.json]`: learns per-field filter
 * weights and the fusion weight from the retrieval feedback a store holds (POST /v1/feedback)
 * and writes them as a weights file for `withLearnedWeights` and `rerank`.
 */
import { feedbackExamples, learnWeights } from "../../feedback/learn.js";
import { writeLearnedWeights } from "../../feedback/weights.js";
import { fractionOption, orgOption, queryTimeoutOption, requireDurableStore, STORE_OPTIONS, storeSpec } from "../../serve/cli-options.js";
import { openStore } from "../../stores/open.js";
import type { Command } from "../command.js";
import { parseCommandArgs } from "../args.js";
import { CliError } from "../errors.js";
import { writeLine } from "../io.js";

const usage = `Usage:
  arcroute learn [--store pglite:<dir>|postgres://...] [--query-timeout-ms N] [--org <id>] [--out weights.json]
                 [--base-fusion 0.5] [--drop-below 0] [--include-test-keys] [--json]
  Learns filter weights from stored feedback (all organizations unless --org) and writes them
  to --out (default: learned-weights.json); prints a one-line summary, or with --json the
  weights file's content and its path as one JSON object. The store is the server's (or
  $ARCROUTE_STORE). One feedback item counts per activation and memory (the latest); feedback on
  activations made with test keys (ar_test_, the dev key) is left out unless --include-test-keys.
  With no feedback to learn from it writes nothing and exits 1. --drop-below m removes the
  filters whose multiplier falls under m (default 0: filters only lose weight). With PostgreSQL,
  --query-timeout-ms is the longest one statement may take (default 30000).`;

export const command: Command = {
  summary: "learn filter weights from retrieval feedback in a store",
  usage,
  async run(args, io) {
    const { values } = parseCommandArgs(args, {
          ...STORE_OPTIONS,
          org: { type: "string" },
          out: { type: "string", default: "learned-weights.json" },
          "base-fusion": { type: "string" },
          "drop-below": { type: "string" },
          "include-test-keys": { type: "boolean" },
          json: { type: "boolean" },
        });
    const org = orgOption(values.org) ?? null;
    const spec = storeSpec(values.store);
    requireDurableStore(spec, "learn");
    const options = {
      baseFusion: values["base-fusion"] === undefined ? 0.5 : fractionOption("base-fusion", values["base-fusion"], 0, 1),
      dropBelow: values["drop-below"] === undefined ? 0 : fractionOption("drop-below", values["drop-below"], 0, 1),
    };
    const store = await openStore(spec, queryTimeoutOption(spec, values["query-timeout-ms"]));
    try {
      if (org !== null && !(await store.getOrganization(org))) throw new CliError(`no organization '${org}' in this store; nothing written`, 1);
      const found = await feedbackExamples(store, org, { includeTestKeys: values["include-test-keys"] });
      if (found.examples.length === 0) {
        const skipped = found.testKeys > 0 ? ` (${found.testKeys} on test-key activations left out: --include-test-keys counts them)` : "";
        throw new CliError(`no feedback to learn from${org === null ? "" : ` for '${org}'`}${skipped}; nothing written`, 1);
      }
      const weights = learnWeights(found.examples, found.organizations, options);
      try {
        writeLearnedWeights(values.out!, weights);
      } catch (error) {
        // One line naming the file (a missing folder, a directory given as --out); the old file, if any, is whole.
        throw new CliError(error instanceof Error ? error.message : String(error), 1);
      }
      if (values.json) {
        await writeLine(io.stdout, JSON.stringify({ out: values.out, weights, repeated: found.repeated, test_keys_left_out: found.testKeys }));
        return 0;
      }
      const fields = Object.entries(weights.fields).map(([field, m]) => `${field}=${m}`).join(" ") || "(no routed feedback)";
      const notCounted = found.repeated + found.testKeys > 0 ? ` (not counted: ${found.repeated} repeated, ${found.testKeys} on test keys)` : "";
      await writeLine(io.stdout, `learned from ${weights.learned_from.feedback} feedback (${weights.learned_from.hits} hits)${notCounted}: ${fields}; fusion=${weights.fusion} -> ${values.out}`);
      return 0;
    } finally {
      await store.close();
    }
  },
};
