/**
 * What the package publishes: its `exports` entries (wildcards expanded over the folders that
 * really exist in the source, so a new adapter or store is covered without editing a list) and
 * the files `npm pack` puts in the tarball.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../ecosystem/support/built-cli.js";

export { REPO_ROOT };

interface PackageJson {
  name: string;
  bin: Record<string, string>;
  exports: Record<string, string | { types: string; import: string }>;
}

export const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as PackageJson;

export interface ExportEntry {
  /** How a user imports it: `arcroute`, `arcroute/adapters/qdrant`, … */
  specifier: string;
  /** Built files, relative to the package root (`dist/src/client/index.js`). */
  js: string;
  types: string;
  /** The TypeScript source it is built from. */
  source: string;
}

/** `./dist/src/client/index.js` → `src/client/index.ts` (the build mirrors the source tree under dist/). */
function sourceOf(target: string): string {
  return target.replace(/^\.\/dist\//, "").replace(/\.js$/, ".ts");
}

/**
 * Every concrete entry of the exports map. A wildcard entry (`./adapters/*`) expands to every
 * folder of the SOURCE tree that has an `index.ts` (helper folders without one, like a shared
 * module, are not entries). Non-wildcard entries whose source has not landed are listed in
 * `missing` instead.
 */
export function exportEntries(): { entries: ExportEntry[]; missing: string[] } {
  const entries: ExportEntry[] = [];
  const missing: string[] = [];
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target === "string") continue; // ./package.json
    const specifier = pkg.name + subpath.slice(1);
    const entry = { specifier, js: target.import.slice(2), types: target.types.slice(2), source: sourceOf(target.import) };
    if (!subpath.includes("*")) {
      if (existsSync(join(REPO_ROOT, entry.source))) entries.push(entry);
      else missing.push(subpath);
      continue;
    }
    const folder = entry.source.slice(0, entry.source.indexOf("*"));
    const names = existsSync(join(REPO_ROOT, folder))
      ? readdirSync(join(REPO_ROOT, folder), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
      : [];
    for (const name of names.sort()) {
      const expand = (s: string) => s.replace("*", name);
      if (!existsSync(join(REPO_ROOT, expand(entry.source)))) continue;
      entries.push({ specifier: expand(specifier), js: expand(entry.js), types: expand(entry.types), source: expand(entry.source) });
    }
  }
  return { entries, missing };
}

export interface PackedFile {
  path: string;
  size: number;
}

/** The tarball's file list, as `npm pack --dry-run` reports it (lifecycle scripts not run). */
export function packedFiles(): { files: PackedFile[]; unpackedSize: number } {
  const json = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: REPO_ROOT, encoding: "utf8" });
  const [packed] = JSON.parse(json) as { files: PackedFile[]; unpackedSize: number }[];
  return packed!;
}
