import { createInterface } from "node:readline";

/** The streams a command talks to; injectable so commands can be tested in-process. */
export interface CliIO {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export const processIO: CliIO = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };

/** Writes one line, waiting for the stream to drain when it is full. */
export async function writeLine(stream: NodeJS.WritableStream, line: string): Promise<void> {
  if (!stream.write(line + "\n")) await new Promise<void>((resolve) => stream.once("drain", resolve));
}

/**
 * The lines of stdin for the `--jsonl` modes (LF or CRLF), without the byte-order mark some
 * editors put before the first one: it is not part of the first document.
 */
export async function* inputLines(io: CliIO): AsyncGenerator<string> {
  let first = true;
  for await (const line of createInterface({ input: io.stdin, crlfDelay: Infinity })) {
    yield first && line.startsWith("\uFEFF") ? line.slice(1) : line;
    first = false;
  }
}
