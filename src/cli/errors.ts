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
