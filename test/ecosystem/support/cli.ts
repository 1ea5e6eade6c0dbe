/** Runs the CLI in-process with captured streams. */
import { PassThrough, Readable } from "node:stream";
import { main } from "../../../src/cli/main.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], stdin = ""): Promise<CliRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on("data", (chunk: Buffer) => out.push(chunk.toString()));
  stderr.on("data", (chunk: Buffer) => err.push(chunk.toString()));
  const code = await main(args, { stdin: Readable.from([stdin]), stdout, stderr });
  return { code, stdout: out.join(""), stderr: err.join("") };
}
