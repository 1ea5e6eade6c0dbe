/**
 * CLI conventions for EVERY command (enumerated from `arcroute --help`, which lists the COMMANDS
 * table, and every benchmark from `arcroute bench --help`): `--help` exits 0 and documents
 * `--json`; an unknown option is one line on stderr and exit 2, never a stack trace; every
 * benchmark draws a progress bar; the README documents the exit codes.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { progressBar } from "../../benchmarks/classifier/progress.js";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./support/built-cli.js";
import { runCli } from "./support/cli.js";

/** Names listed under a "<heading>:" line of a help text (two-space indented). */
function listed(help: string, heading: string): string[] {
  const lines = help.split("\n");
  const start = lines.indexOf(`${heading}:`);
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^ {2}(\S+)\s/.exec(line);
    if (!match) break;
    names.push(match[1]!);
  }
  return names;
}

const commands = listed((await runCli(["--help"])).stdout, "Commands");
const benchmarks = listed((await runCli(["bench", "--help"])).stdout, "Benchmarks");

describe("every command", () => {
  it("is listed by arcroute --help (the COMMANDS table)", () => {
    expect(commands).toEqual(expect.arrayContaining(["activate", "bench", "learn", "openapi", "mcp", "demo", "serve", "keys", "usage"]));
    expect(benchmarks).toEqual(expect.arrayContaining(["classifier", "feedback", "retrieval", "http"]));
  });

  it.each(commands)("%s --help exits 0 with its usage and documents --json", async (name) => {
    const help = await runCli([name, "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage/);
    if (name !== "bench") expect(help.stdout).toMatch(/--json\b(?!l)/); // --jsonl alone does not count
  });

  it.each(commands.filter((name) => !["bench", "demo", "serve", "mcp"].includes(name)))("%s accepts --json", async (name) => {
    // Each is run far enough to parse its options: a usage error about --json would be exit 2 naming it.
    const run = await runCli([...(name === "keys" ? ["keys", "list"] : [name]), "--json", "--no-such-option"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/no-such-option/);
  });

  it.each(benchmarks)("bench %s --help exits 0 and documents --json", async (name) => {
    const help = await runCli(["bench", name, "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--json");
  });

  it.each(commands)("%s refuses an unknown option with one line and exit 2", async (name) => {
    const args = name === "bench" ? ["bench", "--no-such-option"] : name === "keys" ? ["keys", "list", "--no-such-option"] : [name, "--no-such-option"];
    const run = await runCli(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^arcroute: /);
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("long commands", () => {
  it("the shared progress bar draws on a terminal: phase, bar, count, through to 100 %", () => {
    const terminal = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
    let drawn = "";
    terminal.on("data", (chunk: Buffer) => (drawn += chunk.toString()));
    const bar = progressBar(terminal, "classify", 4);
    for (let i = 0; i < 4; i++) bar.tick();
    bar.stop();
    expect(drawn).toMatch(/classify +\[░+\] 0% \| 0\/4/);
    expect(drawn).toMatch(/classify +\[█+\] 100% \| 4\/4/);
  });

  it("every benchmark's source reports progress through that bar (or cli-progress itself)", () => {
    for (const name of benchmarks) {
      const folder = join(REPO_ROOT, "benchmarks", name);
      const sources = readdirSync(folder)
        .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
        .map((file) => readFileSync(join(folder, file), "utf8"))
        .join("\n");
      expect(sources, `benchmarks/${name}`).toMatch(/progressBar\(|cli-progress/);
    }
  });
});

describe("README", () => {
  it("documents the exit codes", () => {
    const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
    expect(readme).toMatch(/Exit codes: \*\*0\*\* success, \*\*1\*\* runtime failure[^*]*\*\*2\*\* bad usage/);
  });
});
