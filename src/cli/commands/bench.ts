/**
 * `arcroute bench <name>`: one benchmark per module under benchmarks/<name>/run.ts, loaded lazily.
 * Each exports `benchmark: Command`; results go to benchmarks/results/ as JSON plus a chart.
 */
import type { Command } from "../command.js";
import { checkoutOnly, CliError } from "../errors.js";

const BENCHMARKS: Record<string, () => Promise<{ benchmark: Command }>> = {
  feedback: () => import("../../../benchmarks/feedback/run.js"),
  classifier: () => import("../../../benchmarks/classifier/run.js"),
  retrieval: () => import("../../../benchmarks/retrieval/run.js"),
  http: () => import("../../../benchmarks/http/run.js"),
};

/** The benchmarks, their query sets and corpora live in the repository, not in the npm package. */
const NOT_PACKAGED = checkoutOnly("bench", "the benchmarks and their data are");

/** Whether `error` is the benchmark module itself missing (an installed package), not one of its imports. */
function isMissingBenchmark(error: unknown, name: string): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === "ERR_MODULE_NOT_FOUND" && typeof message === "string" && message.includes(`benchmarks/${name}/run.js'`);
}

async function load(name: string): Promise<{ benchmark: Command }> {
  try {
    return await BENCHMARKS[name]!();
  } catch (error) {
    if (isMissingBenchmark(error, name)) throw new CliError(NOT_PACKAGED, 1);
    throw error;
  }
}

/**
 * A benchmark's usage. An installed package has no benchmark modules, so no usage to print: it names
 * the benchmark and says where its options are listed, rather than the usage of bench, which only
 * points back at `bench <name> --help`.
 */
async function usageOf(name: string): Promise<string> {
  return load(name).then(
    ({ benchmark }) => benchmark.usage,
    (error: unknown) => {
      if (error instanceof CliError) return `Usage: arcroute bench ${name} [options]\n${NOT_PACKAGED}; in a checkout, \`arcroute bench ${name} --help\` lists its options.`;
      throw error;
    },
  );
}

/** The usage line plus one line per benchmark with its summary (`arcroute bench --help`). */
async function listing(): Promise<string> {
  const lines = [command.usage, "", "Benchmarks:"];
  for (const name of Object.keys(BENCHMARKS)) {
    const summary = await load(name).then(({ benchmark }) => benchmark.summary, (error: unknown) => {
      if (error instanceof CliError) return null;
      throw error;
    });
    if (summary === null) return [command.usage, "", `Benchmarks: ${Object.keys(BENCHMARKS).join(", ")}.`, NOT_PACKAGED + "."].join("\n");
    lines.push(`  ${name.padEnd(12)} ${summary}`);
  }
  return lines.join("\n");
}

export const command: Command = {
  summary: "run a benchmark: " + Object.keys(BENCHMARKS).join(", "),
  usage: `Usage: arcroute bench <${Object.keys(BENCHMARKS).join("|")}> [options]   (arcroute bench <name> --help)`,
  checkoutOnly: true,
  async run(args, io) {
    const [name, ...rest] = args;
    if (name === "--help" || name === "-h") {
      io.stdout.write((await listing()) + "\n");
      return 0;
    }
    if (name === undefined || !Object.hasOwn(BENCHMARKS, name)) throw new CliError(`unknown benchmark '${name ?? ""}'; choose one of: ${Object.keys(BENCHMARKS).join(", ")}`);
    if (rest.includes("--help") || rest.includes("-h")) {
      io.stdout.write((await usageOf(name)) + "\n");
      return 0;
    }
    const { benchmark } = await load(name);
    return benchmark.run(rest, io);
  },
};
