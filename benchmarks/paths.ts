/**
 * Locates benchmark data whether the code runs from source (vitest, tsx) or from dist/:
 * data files live in the repository's `benchmarks/` folder and are not copied by tsc.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "arcroute") return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error("cannot find the arcroute package root");
    dir = parent;
  }
}

export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

/** Absolute path of a file under the repository's `benchmarks/` folder. */
export function benchmarkPath(...parts: string[]): string {
  return join(PACKAGE_ROOT, "benchmarks", ...parts);
}

/** Where `arcroute bench` writes its JSON results and charts (override with ARCROUTE_BENCH_OUT). */
export function resultsPath(...parts: string[]): string {
  return join(process.env.ARCROUTE_BENCH_OUT ?? join(PACKAGE_ROOT, "benchmarks", "results"), ...parts);
}
