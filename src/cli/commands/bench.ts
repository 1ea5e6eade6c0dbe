/**
 * `arcroute bench <name>`: one benchmark per module under benchmarks/<name>/run.ts, loaded lazily.
 * Each exports `benchmark: Command`; results go to benchmarks/results/ as JSON plus a chart.
 */
import type { Command } from "../command.js";
import { CliError } from "../errors.js";

const BENCHMARKS: Record<string, () => Promise<{ benchmark: Command }>> = {
  feedback: () => import("../../../benchmarks/feedback/run.js"),
  classifier: () => import("../../../benchmarks/classifier/run.js"),
  retrieval: () => import("../../../benchmarks/retrieval/run.js"),
  http: () => import("../../../benchmarks/http/run.js"),
};

/** The usage line plus one line per benchmark with its summary (`arcroute bench --help`). */
async function listing(): Promise<string> {
  const lines = [command.usage, "", "Benchmarks:"];
  for (const [name, load] of Object.entries(BENCHMARKS)) lines.push(`  ${name.padEnd(12)} ${(await load()).benchmark.summary}`);
  return lines.join("\n");
}

export const command: Command = {
  summary: "run a benchmark: " + Object.keys(BENCHMARKS).join(", "),
  usage: `Usage: arcroute bench <${Object.keys(BENCHMARKS).join("|")}> [options]   (arcroute bench <name> --help)`,
  async run(args, io) {
    const [name, ...rest] = args;
    if (name === "--help" || name === "-h") {
      io.stdout.write((await listing()) + "\n");
      return 0;
    }
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
