/** Memory users never load pg, PGlite or ioredis: the drivers are imported only when a spec asks for them. */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, requireBuiltCli } from "../ecosystem/support/built-cli.js";

const HOOK = fileURLToPath(new URL("./support/forbid-drivers.mjs", import.meta.url));

function open(store: string, limiter: string): string {
  const script = `
    const { openStore, openLimiter } = await import("./dist/src/stores/open.js");
    try {
      const store = await openStore(${JSON.stringify(store)});
      const limiter = await openLimiter(${JSON.stringify(limiter)});
      await store.close(); await limiter.close();
      console.log("opened");
    } catch (error) { console.log(error.message); }`;
  return execFileSync(process.execPath, ["--import", HOOK, "--input-type=module", "-e", script], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
}

describe("lazy driver imports", () => {
  it("opens the memory store and limiter without touching a driver", () => {
    requireBuiltCli();
    expect(open("memory", "memory")).toBe("opened");
    // The guard works: a PGlite spec does reach for its driver.
    expect(open("pglite:memory://", "memory")).toMatch(/driver imported: @electric-sql\/pglite/);
  });
});
