/**
 * `arcroute bench <name>`: one benchmark per module under benchmarks/<name>/run.ts, loaded lazily.
 * Each exports `benchmark: Command`; results go to benchmarks/results/ as JSON plus a chart.
 */
import type { Command } from "../command.js";
import { CliError } from "../errors.js";

const BENCHMARKS: Record<string, () => Promise<{ benchmark: Command }>> = {
  feedback: () => import("../../../benchmarks/feedback/run.js"),
  classifier: () => import("../../../benchmarks/classifier/run.js"),
};

export const command: Command = {
  summary: "run a benchmark: " + Object.keys(BENCHMARKS).join(", "),
  usage: `Usage: arcroute bench <${Object.keys(BENCHMARKS).join("|")}> [options]   (arcroute bench <name> --help)`,
  async run(args, io) {
    const [name, ...rest] = args;
    const load = name === undefined ? undefined : BENCHMARKS[name];
    if (!load) throw new CliError(`unknown benchmark '${name ?? ""}'; choose one of: ${Object.keys(BENCHMARKS).join(", ")}`);
    const { benchmark } = await load();
    if (rest.includes("--help") || rest.includes("-h")) {
      io.stdout.write(benchmark.usage + "\n");
      return 0;
    }
    return benchmark.run(rest, io);
  },
};
