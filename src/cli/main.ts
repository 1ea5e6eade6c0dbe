/**
 * `arcroute` entry point: dispatches to one module per command, loaded lazily so that
 * `arcroute activate` does not pay for the server, the stores or the benchmarks.
 * Exit codes: 0 success, 1 runtime failure, 2 bad usage or bad input.
 */
import type { Command } from "./command.js";
import { redactSecrets } from "../keys/redact.js";
import { CliError } from "./errors.js";
import { processIO, type CliIO } from "./io.js";
import { packageVersion } from "./version.js";

const COMMANDS: Record<string, () => Promise<{ command: Command }>> = {
  activate: () => import("./commands/activate.js"),
  tag: () => import("./commands/tag.js"),
  bench: () => import("./commands/bench.js"),
  learn: () => import("./commands/learn.js"),
  openapi: () => import("./commands/openapi.js"),
  mcp: () => import("./commands/mcp.js"),
  demo: () => import("./commands/demo.js"),
  serve: () => import("./commands/serve.js"),
  keys: () => import("./commands/keys.js"),
  usage: () => import("./commands/usage.js"),
};

const CHECKOUT_MARK = "(checkout only)";

function topLevelHelp(commands: Record<string, Command>): string {
  const lines = ["Usage: arcroute <command> [options]", "", "Commands:"];
  for (const [name, command] of Object.entries(commands)) lines.push(`  ${name.padEnd(10)} ${command.checkoutOnly ? `${CHECKOUT_MARK} ` : ""}${command.summary}`);
  lines.push(
    "",
    "Run `arcroute <command> --help` for a command's options; `arcroute --version` (or -v) prints the version.",
    `${CHECKOUT_MARK}: runs from a clone of the repository (git clone, npm install), not from the npm package.`,
  );
  return lines.join("\n");
}

export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined || name === "--help" || name === "-h" || name === "help") {
      const loaded = Object.fromEntries(
        await Promise.all(Object.entries(COMMANDS).map(async ([key, load]) => [key, (await load()).command] as const)),
      );
      io.stdout.write(topLevelHelp(loaded) + "\n");
      return name === undefined ? 2 : 0;
    }
    // -v as node and npm have it: no command here has a verbose mode for it to be confused with.
    if (name === "--version" || name === "-v") {
      io.stdout.write(`${await packageVersion()}\n`);
      return 0;
    }
    const load = COMMANDS[name];
    if (!load) throw new CliError(`unknown command '${name}' (run 'arcroute --help')`);
    const { command } = await load();
    if (name !== "bench" && (rest.includes("--help") || rest.includes("-h"))) {
      io.stdout.write(`${command.usage}\n`);
      return 0;
    }
    return await command.run(rest, io);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Messages quote what was typed ("unknown command '…'", parseArgs' "Unexpected argument '…'"):
    // a key or a store URL with its password pasted in the wrong place (`usage --org acme
    // postgres://app:pw@db`, the --store forgotten) must not reach a terminal log or CI output.
    io.stderr.write(`arcroute: ${redactSecrets(message.split("\n")[0]!)}\n`);
    return error instanceof CliError ? error.exitCode : 1;
  }
}
