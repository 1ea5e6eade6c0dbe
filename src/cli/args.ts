/** Argument parsing shared by every command: `node:util` parseArgs with one-line usage errors. */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { CliError } from "./errors.js";

export type OptionsConfig = NonNullable<ParseArgsConfig["options"]>;
export type ParsedCommandArgs<T extends OptionsConfig> = ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: boolean; strict: true }>>;

/** `node:util` parseArgs whose failures become one-line usage errors (exit 2), never a stack trace. */
export function parseCommandArgs<T extends OptionsConfig>(args: string[], options: T, allowPositionals = false): ParsedCommandArgs<T> {
  try {
    return parseArgs<{ args: string[]; options: T; allowPositionals: boolean; strict: true }>({ args, options, allowPositionals, strict: true });
  } catch (error) {
    throw new CliError((error as Error).message.split("\n")[0]!);
  }
}
