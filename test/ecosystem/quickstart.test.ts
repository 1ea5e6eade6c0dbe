/**
 * The README's first command, from a fresh clone: only committed files, then the build and
 * `arcroute demo` (what `npm run demo` runs). Dependencies are linked from this checkout's
 * node_modules instead of downloaded again (`npm install` itself is npm's job; the lock file is
 * committed). The demo must exit 0 and answer the query both ways.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./support/built-cli.js";


const run = promisify(execFile);
const clone = join(mkdtempSync(join(tmpdir(), "arcroute-clone-")), "arcroute");

afterAll(() => rmSync(join(clone, ".."), { recursive: true, force: true }));


describe("five-minute start from a fresh clone", () => {
  it("npm run demo builds, serves, activates and shows raw vs routed results", async () => {
    await run("git", ["clone", "--quiet", "--depth", "1", `file://${REPO_ROOT}`, clone]);
    symlinkSync(join(REPO_ROOT, "node_modules"), join(clone, "node_modules"), "dir");
    const { stdout } = await run("npm", ["run", "--silent", "demo", "--", "--json"], { cwd: clone, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 });
    const result = JSON.parse(stdout.trim().split("\n").at(-1)!);
    expect(result.server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(result.activation.success).toBe(true);
    expect(result.activation.data.activation_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.raw).toHaveLength(5);
    expect(result.routed).toHaveLength(5);
  }, 300_000);
});
