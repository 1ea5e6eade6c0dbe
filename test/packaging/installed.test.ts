/**
 * The tarball as a user installs it. `npm pack` writes the real tarball; it is unpacked into
 * `<tmp>/node_modules/arcroute` next to links to this checkout's dependencies (installing them
 * again would need the network). Then, from outside the repository:
 * - every `exports` entry (wildcards expanded over the real source folders) imports at run time;
 * - a TypeScript consumer importing every entry by package name type-checks (NodeNext), with a
 *   few typed uses so a broken declaration fails, not only a missing one;
 * - the `arcroute` bin runs, and the shipped static-embedding model loads from the package
 *   through the public API (so nothing the library reads at run time was left out of `files`).
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireBuiltCli } from "../ecosystem/support/built-cli.js";
import { exportEntries, pkg, REPO_ROOT } from "./support.js";

const run = promisify(execFile);
const root = mkdtempSync(join(tmpdir(), "arcroute-installed-"));
const modules = join(root, "node_modules");
const installed = join(modules, pkg.name);

beforeAll(() => {
  requireBuiltCli();
  mkdirSync(installed, { recursive: true });
  const [packed] = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", root], { cwd: REPO_ROOT, encoding: "utf8" }),
  ) as { filename: string }[];
  execFileSync("tar", ["-xzf", join(root, packed!.filename), "-C", installed, "--strip-components", "1"]);
  // Link each dependency (scoped ones by scope folder); never the package itself.
  for (const name of readdirSync(join(REPO_ROOT, "node_modules"))) {
    if (name === pkg.name || name.startsWith(".")) continue;
    symlinkSync(join(REPO_ROOT, "node_modules", name), join(modules, name), "dir");
  }
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs an ES module script from the temp project (outside the repository). */
async function node(script: string, args: string[] = []): Promise<string> {
  const file = join(root, `script-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, script);
  const { stdout } = await run(process.execPath, [file, ...args], { cwd: root, timeout: 60_000 });
  return stdout;
}

describe("the packed package, installed", () => {
  it("imports every exports entry at run time", async () => {
    const { entries } = exportEntries();
    const specifiers = entries.map((e) => e.specifier);
    const out = await node(
      `const specs = ${JSON.stringify(specifiers)};
       const result = {};
       for (const s of specs) result[s] = Object.keys(await import(s)).length;
       console.log(JSON.stringify(result));`,
    );
    const counts = JSON.parse(out) as Record<string, number>;
    expect(Object.keys(counts)).toEqual(specifiers);
    for (const [specifier, count] of Object.entries(counts)) expect(count, `${specifier} exports something`).toBeGreaterThan(0);
  });

  it("type-checks a consumer importing every entry by package name", () => {
    const { entries } = exportEntries();
    const lines = entries.map((entry, i) => `import * as entry${i} from "${entry.specifier}"; export const keys${i}: string[] = Object.keys(entry${i});`);
    lines.push(
      `import { createClient, type ArcrouteError } from "arcroute/client";`,
      `import { ArcrouteRetriever } from "arcroute/langchain";`,
      `import { classify, createShippedEnsembleClassifier, type ActivationResult } from "arcroute";`,
      `const result: ActivationResult = classify("when was I most afraid of losing her");`,
      `export const gate: boolean = result.significance_gate;`,
      `export const ensemble: Promise<{ model: string }> = createShippedEnsembleClassifier();`,
      `export const client = createClient({ baseUrl: "http://127.0.0.1:8787/v1", apiKey: "ar_test_x" });`,
      `export type Status = ArcrouteError["status"];`,
      `export type Retriever = ArcrouteRetriever;`,
    );
    lines.push(
      // The store and limiter contracts createApi takes, and a pool the PostgreSQL store checks.
      `import type { ArcStore, RateLimiter, Embedder } from "arcroute";`,
      `import { createPostgresStore } from "arcroute/stores/postgres";`,
      `export type Contracts = [ArcStore, RateLimiter, Embedder];`,
      `// @ts-expect-error a number is not a pg Pool (with pg's types missing, Pool would be any)`,
      `export const notAPool = () => createPostgresStore({ pool: 123 });`,
    );
    const tsc = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
    // Both ways users set it: declarations of the dependencies checked too (skipLibCheck false, every
    // installed @types package visible, as by default) and skipped.
    for (const skipLibCheck of [false, true]) {
      // chromadb's own declarations import a package it does not depend on: not ours to check.
      const checked = skipLibCheck ? lines : lines.filter((line) => !line.includes(`"arcroute/adapters/chroma"`));
      writeFileSync(join(root, "consumer.ts"), checked.join("\n") + "\n");
      writeFileSync(
        join(root, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", strict: true, noEmit: true, skipLibCheck },
          files: ["consumer.ts"],
        }),
      );
      let output = "";
      try {
        execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.json")], { cwd: root, encoding: "utf8" });
      } catch (error) {
        output = String((error as { stdout?: string }).stdout ?? error);
      }
      expect(output, `skipLibCheck ${skipLibCheck}`).toBe("");
    }
  }, 180_000);

  it("runs the arcroute bin", async () => {
    const { stdout } = await run(process.execPath, [join(installed, "bin", "arcroute.js"), "activate", "times dad was proud of me"], { cwd: root, timeout: 60_000 });
    const envelope = JSON.parse(stdout);
    expect(envelope.data.significance_gate).toBe(true);
    const version = await run(process.execPath, [join(installed, "bin", "arcroute.js"), "--version"], { cwd: root, timeout: 60_000 });
    expect(version.stdout).toBe(`${(pkg as unknown as { version: string }).version}\n`);
  });

  it("bench says in one line that the benchmarks run from a checkout, and bench --help still lists them", async () => {
    const bin = join(installed, "bin", "arcroute.js");
    const failed = await run(process.execPath, [bin, "bench", "retrieval"], { cwd: root, timeout: 60_000 }).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^arcroute: arcroute bench runs from a checkout of the repository/)]);
    const { stdout } = await run(process.execPath, [bin, "bench", "--help"], { cwd: root, timeout: 60_000 });
    expect(stdout).toMatch(/^Usage: arcroute bench/);
    expect(stdout).toContain("feedback, classifier, retrieval, http");
    expect(stdout).toContain("not in the npm package");
    // A benchmark's own --help answers too (exit 0): its name, and that it runs from a checkout.
    const help = await run(process.execPath, [bin, "bench", "classifier", "--help"], { cwd: root, timeout: 60_000 });
    expect(help.stdout).toMatch(/^Usage: arcroute bench classifier \[options\]\n[^]*runs from a checkout[^]*`arcroute bench classifier --help` lists its options/);
    // And the command list says so before anyone runs them.
    const top = await run(process.execPath, [bin, "--help"], { cwd: root, timeout: 60_000 });
    expect(top.stdout).toMatch(/^ {2}bench +\(checkout only\) /m);
    expect(top.stdout).toMatch(/^ {2}demo +\(checkout only\) /m);
  });

  it("demo says in one line, first, that it runs from a checkout", async () => {
    const failed = await run(process.execPath, [join(installed, "bin", "arcroute.js"), "demo"], { cwd: root, timeout: 60_000 }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^arcroute: arcroute demo runs from a checkout of the repository/)]);
  });

  it("loads the shipped model and classifiers from the package, offline", async () => {
    const out = await node(
      `import { createStaticEmbedder, createShippedEnsembleClassifier, shippedModelsDir } from "arcroute";
       const embedder = await createStaticEmbedder();
       const [vector] = await embedder.embed(["the day my grandmother died"]);
       const ensemble = await createShippedEnsembleClassifier();
       const result = await ensemble.classify("the day my grandmother died");
       console.log(JSON.stringify({ dir: shippedModelsDir(), dims: vector.length, model: ensemble.model, gate: result.significance_gate }));`,
    );
    const result = JSON.parse(out);
    expect(result.dir.startsWith(installed)).toBe(true);
    expect(result).toMatchObject({ dims: 100, model: "arcroute-ensemble@1", gate: true });
  });

  it("tags documents with the document models the package ships", async () => {
    const out = await node(
      `import { tag } from "arcroute";
       console.log(JSON.stringify([tag("Nan died on a Tuesday morning in the hospice while I was holding her hand."), tag("Booked the grief counselling session for Tuesday at 3pm.")]));`,
    );
    const [memory, errand] = JSON.parse(out);
    expect(memory).toMatchObject({ arc_type: "grief", tether_type: "person" });
    expect(memory.emotional_weight).toBeGreaterThanOrEqual(0.5);
    expect(errand.emotional_weight).toBeLessThan(0.5);
  });
});
