/**
 * Every package the published declarations import is one the package declares: a dependency, or an
 * optional peer dependency (a store client such as `chromadb`, which only that store's users have)
 * within the major version the tests run against (its devDependency). Otherwise a user's `tsc` meets an
 * import of a package nothing told it to install. The declarations are followed from each
 * `exports` entry through their relative imports, as a consumer's compiler does.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { requireBuiltCli } from "../ecosystem/support/built-cli.js";
import { exportEntries, pkg, REPO_ROOT } from "./support.js";

interface Manifest {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
}
const manifest = pkg as unknown as Manifest;

const SPECIFIER = /(?:from|import\()\s*"([^"]+)"/g;

/** The major version of a caret range (`^1.18.0` → `1`). */
const major = (range: string | undefined) => /^\^(\d+)\./.exec(range ?? "")?.[1];

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

/** The packages imported by the declarations reachable from the exports entries (node: built-ins aside). */
function importedPackages(): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = exportEntries().entries.map((entry) => join(REPO_ROOT, entry.types));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      if (specifier!.startsWith(".")) queue.push(resolve(dirname(file), specifier!.replace(/\.js$/, ".d.ts")));
      else if (!specifier!.startsWith("node:")) packages.add(packageOf(specifier!));
    }
  }
  return packages;
}

beforeAll(() => requireBuiltCli());

describe("the published declarations", () => {
  it("import only declared packages: dependencies, or optional peers at their devDependency's major version", () => {
    const undeclared: string[] = [];
    for (const name of importedPackages()) {
      if (name === pkg.name || Object.hasOwn(manifest.dependencies, name)) continue;
      const peer = manifest.peerDependencies[name];
      const tested = major(peer) !== undefined && major(peer) === major(manifest.devDependencies[name]);
      if (!tested || manifest.peerDependenciesMeta[name]?.optional !== true) undeclared.push(name);
    }
    expect(undeclared).toEqual([]);
  });

  it("include the store clients of the Qdrant, Chroma and Weaviate adapters (the walk reaches them)", () => {
    expect([...importedPackages()]).toEqual(expect.arrayContaining(["@qdrant/js-client-rest", "chromadb", "weaviate-client", "@langchain/core"]));
  });
});
