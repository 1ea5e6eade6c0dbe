/**
 * The README's two commands, and how they are verified:
 * - the README opens with exactly two command lines: install + demo, install + the whole suite;
 * - `.ci/run` runs exactly the second one (npm's output flags aside);
 * - the npm scripts they name do what the README says (demo: build + `arcroute demo`; test:
 *   build + type-check + vitest);
 * - the first command is run from a fresh clone by test/ecosystem/quickstart.test.ts, both by
 *   `scripts/verify-fresh-clone.sh` (a real install, minutes), which reads them from the README.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pkg, REPO_ROOT } from "./support.js";

const read = (path: string) => readFileSync(join(REPO_ROOT, path), "utf8");

/** The command lines of the README's "Two commands" block, comments stripped. */
function readmeCommands(): string[] {
  const readme = read("README.md");
  const section = readme.slice(readme.indexOf("## Two commands"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  return block
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line !== "");
}

/** npm flags that change only what npm prints. */
const quiet = (command: string) => command.replace(/\s--no-(audit|fund)\b/g, "").replace(/\s+/g, " ").trim();

describe("the README's two commands", () => {
  it("are the first commands of the README: install + demo, install + tests", () => {
    expect(readmeCommands()).toEqual(["npm install && npm run demo", "npm install && npm test"]);
    expect(read("README.md").indexOf("## Two commands")).toBeLessThan(read("README.md").indexOf("<!-- section:"));
  });

  it(".ci/run runs exactly the second command", () => {
    const commands = read(".ci/run")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#") && !/^(set|cd) /.test(line));
    expect(commands.map(quiet)).toEqual([readmeCommands()[1]]);
  });

  it("name npm scripts that build and run the demo, and build, type-check and run every test", () => {
    const scripts = (pkg as unknown as { scripts: Record<string, string> }).scripts;
    expect(scripts.demo).toMatch(/^npm run build && node bin\/arcroute\.js demo\b/);
    expect(scripts.test).toBe("npm run build && npm run typecheck && vitest run");
    expect(scripts.build).toBe("tsc -p tsconfig.build.json");
  });

  it("are verified from a fresh clone by a script that reads them from the README", () => {
    const script = read("scripts/verify-fresh-clone.sh");
    expect(script).toContain("git clone");
    expect(script).toContain("## Two commands");
    expect(read("test/ecosystem/quickstart.test.ts")).toContain(`"git", ["clone"`);
  });
});
