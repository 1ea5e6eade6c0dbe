/** Argument parsing shared by every command: `node:util` parseArgs with one-line usage errors. */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { CliError } from "./errors.js";

export type OptionsConfig = NonNullable<ParseArgsConfig["options"]>;
export type ParsedCommandArgs<T extends OptionsConfig> = ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: boolean; strict: true }>>;

/** `node:util` parseArgs whose failures become one-line usage errors (exit 2), never a stack trace. */
export function parseCommandArgs<T extends OptionsConfig>(args: string[], options: T, allowPositionals = false): ParsedCommandArgs<T> {
  try {
    return parseArgs<{ args: string[]; options: T; allowPositionals: boolean; strict: true }>({ args: joinDashValues(args, options), options, allowPositionals, strict: true });
  } catch (error) {
    throw new CliError(oneLine((error as Error).message));
  }
}

/** parseArgs' first line, except for "ambiguous", whose explanation is on the lines after it. */
function oneLine(message: string): string {
  const ambiguous = /^Option '(--[^']+)' argument is ambiguous/.exec(message);
  if (!ambiguous) return message.split("\n")[0]!;
  const option = ambiguous[1]!;
  return `Option '${option}' needs a value, and the argument after it is an option (a value starting with '--' is written ${option}=<value>)`;
}

/**
 * `--rpm -1` as `--rpm=-1`: parseArgs refuses a value that starts with a dash as "ambiguous" (it
 * could be a forgotten value followed by an option), which leaves the command's own check of the
 * value unreached. A single-dash word that is no declared short option cannot be an option here, so
 * it is the value, and the command reports it as it reports any bad value ("--rpm must be an
 * integer from 1 to …, got '-1'"). `--rpm --json` stays an error: that is a forgotten value.
 */
function joinDashValues(args: string[], options: OptionsConfig): string[] {
  const shorts = new Set(Object.values(options).flatMap((option) => (option.short ? [`-${option.short}`] : [])));
  const takesValue = (arg: string) => arg.startsWith("--") && options[arg.slice(2)]?.type === "string";
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") return [...joined, ...args.slice(i)]; // what follows is positional, as typed
    const next = args[i + 1];
    if (next !== undefined && /^-[^-]/.test(next) && !shorts.has(next) && takesValue(arg)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else joined.push(arg);
  }
  return joined;
}
