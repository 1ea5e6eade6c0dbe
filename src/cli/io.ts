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

/** One record line of a `--jsonl` input and its line number, counted from 1 over every line. */
export interface InputLine {
  text: string;
  number: number;
}

/**
 * The records of stdin for the `--jsonl` modes (LF or CRLF), without the byte-order mark some
 * editors put before the first one: it is not part of the first document. Blank lines (a stray
 * trailing one, a gap between records) hold no record and are skipped, for every `--jsonl` command
 * alike; the line numbers still count them, so an error points at the line an editor shows.
 */
export async function* inputLines(io: CliIO): AsyncGenerator<InputLine> {
  let number = 0;
  for await (const line of createInterface({ input: io.stdin, crlfDelay: Infinity })) {
    number++;
    const text = number === 1 && line.startsWith("\uFEFF") ? line.slice(1) : line;
    if (text.trim() !== "") yield { text, number };
  }
}
