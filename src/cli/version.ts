import { readFile } from "node:fs/promises";

/**
 * The installed package's version: the nearest package.json named "arcroute" above this module
 * (one more level from dist/src/cli than from src/cli, so it is searched for, not assumed).
 */
export async function packageVersion(): Promise<string> {
  for (let dir = new URL("./", import.meta.url); dir.pathname !== "/"; dir = new URL("../", dir)) {
    try {
      const pkg = JSON.parse(await readFile(new URL("package.json", dir), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "arcroute" && pkg.version) return pkg.version;
    } catch {
      // not here; keep walking up
    }
  }
  return "0.0.0";
}
