import type { CliIO } from "./io.js";

/** One CLI command: `arcroute <name> ...`. `run` resolves to the exit code. */
export interface Command {
  readonly summary: string;
  readonly usage: string;
  /** Needs files only a clone of the repository has (the benchmarks, the demo's corpus): marked so in `arcroute --help`. */
  readonly checkoutOnly?: true;
  run(args: string[], io: CliIO): Promise<number>;
}
