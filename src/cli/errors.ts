/** A user-facing CLI failure: printed as one line on stderr, exit code attached. Never a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = 2,
  ) {
    super(message);
    this.name = "CliError";
  }
}

/**
 * The one-line reason a command cannot run from the installed package: what it needs lives in the
 * repository only (`missing`, e.g. "the benchmarks and their data are").
 */
export const checkoutOnly = (command: string, missing: string): string =>
  `arcroute ${command} runs from a checkout of the repository (git clone, then npm install): ${missing} not in the npm package`;
