/**
 * The package's public surface, as a user installs it:
 * - the root entry's exports, listed explicitly (any change shows up in review);
 * - every package.json `exports` entry resolves to a built module with its types, and a
 *   consumer importing each one by its package name type-checks (after `npm run build`);
 * - `npm pack` ships only what a user needs.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, requireBuiltCli } from "./ecosystem/support/built-cli.js";

const ROOT_EXPORTS = [
  "ARC_TYPES",
  "ActivateRequestSchema",
  "ActivationEnvelopeSchema",
  "ActivationMetaSchema",
  "ActivationResultSchema",
  "CATEGORICAL_FIELDS",
  "CLASSIFIER_MODEL",
  "DEFAULT_LLM_TIMEOUT_MS",
  "DEFAULT_TOP_K",
  "DEFAULT_TRANSFORMERS_MODEL",
  "DRIVE_STATES",
  "EDM_DOMAINS",
  "EMOTIONS_PRIMARY",
  "ErrorEnvelopeSchema",
  "FILTER_FIELDS",
  "FieldFilterSchema",
  "LearnedWeightsSchema",
  "MAX_QUERY_CHARS",
  "MEMORY_TYPES",
  "MOTIVATIONAL_ORIENTATIONS",
  "NARRATIVE_ARCS",
  "NUMERIC_FIELDS",
  "OPERATORS",
  "PUBLIC_SCHEMAS",
  "RELATIONAL_DYNAMICS",
  "SHIPPED_STATIC_MODEL",
  "TEMPORAL_CONTEXTS",
  "TETHER_TYPES",
  "VALENCES",
  "analyze",
  "applyLearnedWeights",
  "classify",
  "classifyWithModel",
  "createEmbeddingClassifier",
  "createEnsembleClassifier",
  "createShippedEmbeddingClassifier",
  "createShippedEnsembleClassifier",
  "createStaticEmbedder",
  "createTransformersEmbedder",
  "domainOf",
  "explain",
  "fitEnsembleWeights",
  "fitPrototypes",
  "isCanonicalValue",
  "jsonSchemaOf",
  "learnFromStore",
  "learnWeights",
  "lexicalClassifier",
  "parseActivateRequest",
  "readEnsembleWeights",
  "readLearnedWeights",
  "readPrototypes",
  "shippedModelsDir",
  "successEnvelope",
  "withLearnedWeights",
  "withLlmHook",
];

interface PackageJson {
  name: string;
  exports: Record<string, string | { types: string; import: string }>;
}
const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as PackageJson;

/**
 * Entries whose implementation has not landed in src/ yet (their issue is open). The test checks
 * that each still has no source: once it lands, it must be removed from here and resolve.
 */
const PENDING: Record<string, string> = { "./http": "src/http/index.ts" };

/** Every concrete subpath of the exports map: wildcards expanded over the built folders. */
function concreteEntries(): { specifier: string; types: string; js: string }[] {
  const out = [];
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target === "string") continue; // ./package.json
    if (subpath in PENDING) continue;
    const specifier = pkg.name + subpath.slice(1);
    if (!subpath.includes("*")) {
      out.push({ specifier, types: target.types, js: target.import });
      continue;
    }
    // "./dist/adapters/*/index.js" → the folders under dist/adapters
    const folder = target.import.slice(0, target.import.indexOf("*"));
    const names = existsSync(join(REPO_ROOT, folder))
      ? readdirSync(join(REPO_ROOT, folder), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
      : [];
    for (const name of names) {
      if (!existsSync(join(REPO_ROOT, target.import.replace("*", name)))) continue; // a helper folder, not an entry
      out.push({ specifier: specifier.replace("*", name), types: target.types.replace("*", name), js: target.import.replace("*", name) });
    }
  }
  return out;
}

describe("public surface", () => {
  it("the root entry exports exactly the reviewed names", async () => {
    expect(Object.keys(await import("../src/index.js")).sort()).toEqual(ROOT_EXPORTS);
  });
});

describe("built package", () => {
  beforeAll(requireBuiltCli);

  it("every exports entry resolves to a built module with types", () => {
    const entries = concreteEntries();
    expect(entries.map((e) => e.specifier)).toEqual(expect.arrayContaining(["arcroute", "arcroute/client", "arcroute/langchain"]));
    for (const [subpath, source] of Object.entries(PENDING)) {
      expect(existsSync(join(REPO_ROOT, source)), `${subpath} has landed (${source}): remove it from PENDING`).toBe(false);
    }
    for (const entry of entries) {
      expect(existsSync(join(REPO_ROOT, entry.js)), `${entry.specifier} → ${entry.js}`).toBe(true);
      expect(existsSync(join(REPO_ROOT, entry.types)), `${entry.specifier} → ${entry.types}`).toBe(true);
    }
  });

  it("a TypeScript consumer importing every entry by package name type-checks", () => {
    const entries = concreteEntries();
    // Inside the package folder, so the package resolves its own name through `exports`.
    const dir = mkdtempSync(join(REPO_ROOT, ".types-consumer-"));
    try {
      const lines = entries.map((entry, i) => `import * as entry${i} from "${entry.specifier}";\nexport const keys${i}: string[] = Object.keys(entry${i});`);
      // A few typed uses, so a broken declaration (not only a missing file) fails.
      lines.push(
        `import { createClient, type ArcrouteError } from "arcroute/client";`,
        `import { classify, type ActivationResult } from "arcroute";`,
        `const result: ActivationResult = classify("when was I most afraid of losing her");`,
        `export const gate: boolean = result.significance_gate;`,
        `export const client = createClient({ baseUrl: "http://127.0.0.1:8787/v1", apiKey: "ar_test_x" });`,
        `export type Status = ArcrouteError["status"];`,
      );
      writeFileSync(join(dir, "consumer.ts"), lines.join("\n") + "\n");
      writeFileSync(
        join(dir, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", strict: true, noEmit: true, skipLibCheck: true, types: ["node"] },
          files: ["consumer.ts"],
        }),
      );
      const tsc = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
      let output = "";
      try {
        execFileSync(process.execPath, [tsc, "-p", join(dir, "tsconfig.json")], { cwd: dir, encoding: "utf8" });
      } catch (error) {
        output = String((error as { stdout?: string }).stdout ?? error);
      }
      expect(output).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("npm pack ships the built entries and nothing a user does not need", () => {
    const json = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: REPO_ROOT, encoding: "utf8" });
    const [packed] = JSON.parse(json) as { files: { path: string; size: number }[]; unpackedSize: number }[];
    const paths = packed!.files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(["bin/arcroute.js", "README.md", "package.json", ...concreteEntries().flatMap((e) => [e.js.slice(2), e.types.slice(2)])]));
    const unwanted = paths.filter(
      (p) =>
        /(^|\/)(test|tests|__fixtures__)\//.test(p) ||
        /\.test(-d)?\.(js|ts|d\.ts|js\.map)$/.test(p) ||
        /^(src|adapters|benchmarks|examples|scripts|dist\/benchmarks|dist\/test)\//.test(p) ||
        /\.tsbuildinfo$/.test(p),
    );
    expect(unwanted).toEqual([]);
    // The shipped models are the only large files; everything else is small compiled code.
    expect(packed!.unpackedSize).toBeLessThan(25 * 1024 * 1024);
  }, 60_000);
});
