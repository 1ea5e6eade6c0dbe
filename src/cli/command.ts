import type { CliIO } from "./io.js";

/** One CLI command: `arcroute <name> ...`. `run` resolves to the exit code. */
export interface Command {
  readonly summary: string;
  readonly usage: string;
  run(args: string[], io: CliIO): Promise<number>;
}
