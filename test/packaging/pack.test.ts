/**
 * `npm pack --dry-run` lists only what a user needs: the compiled library and CLI with their
 * declarations, the launcher, the README and licence, and the shipped static-embedding model with
 * its fitted classifier files. No tests, fixtures, TypeScript sources, benchmarks (code or data),
 * scripts, examples, source maps or build caches.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { requireBuiltCli } from "../ecosystem/support/built-cli.js";
import { exportEntries, packedFiles, pkg, type PackedFile } from "./support.js";

/** Everything the tarball may hold; a path matching none of these fails the test. */
const ALLOWED: RegExp[] = [
  /^package\.json$/,
  /^README\.md$/,
  /^LICENSE$/,
  /^bin\/arcroute\.js$/,
  /^dist\/(src|adapters)\/.+\.(js|d\.ts)$/,
  /^models\/static-embedding\/(config\.json|tokenizer\.json|tokenizer_config\.json|onnx\/model_quantized\.onnx|arcroute-prototypes\.json|arcroute-neighbours\.bin|arcroute-ensemble\.json)$/,
  /^models\/document-tagger\/(significance|arc|tether|valence)\.json$/,
];

/** Never in the tarball, even inside an allowed folder. */
const FORBIDDEN = /(^|\/)(test|tests|__fixtures__|fixtures|benchmarks|scripts|examples)\/|\.test(-d)?\.(js|d\.ts)$|\.map$|\.tsbuildinfo$|\.ts$(?<!\.d\.ts)/;

let files: PackedFile[];
let unpackedSize: number;

beforeAll(() => {
  requireBuiltCli();
  ({ files, unpackedSize } = packedFiles());
});

describe("npm pack --dry-run", () => {
  it("holds only allowed paths and none of the forbidden ones", () => {
    const paths = files.map((f) => f.path);
    expect(paths.filter((p) => !ALLOWED.some((pattern) => pattern.test(p)))).toEqual([]);
    expect(paths.filter((p) => FORBIDDEN.test(p))).toEqual([]);
  });

  it("holds every exports entry (built module and declarations), the bin and the model", () => {
    const paths = new Set(files.map((f) => f.path));
    const { entries } = exportEntries();
    const needed = [
      "package.json",
      "README.md",
      ...Object.values(pkg.bin).map((p) => p.replace(/^\.\//, "")),
      ...entries.flatMap((e) => [e.js, e.types]),
      "models/static-embedding/config.json",
      "models/static-embedding/tokenizer.json",
      "models/static-embedding/tokenizer_config.json",
      "models/static-embedding/onnx/model_quantized.onnx",
      "models/static-embedding/arcroute-prototypes.json",
      "models/static-embedding/arcroute-neighbours.bin",
      ...["significance", "arc", "tether", "valence"].map((name) => `models/document-tagger/${name}.json`),
    ];
    expect(needed.filter((p) => !paths.has(p))).toEqual([]);
  });

  it("stays small: the models and their example vectors are the only large files", () => {
    const large = files.filter((f) => f.size > 1024 * 1024).map((f) => f.path).sort();
    // tag()'s arc model passed 1 MiB when the train split grew to 17,290 queries (2026-11-26).
    expect(large).toEqual(["models/document-tagger/arc.json", "models/static-embedding/arcroute-neighbours.bin", "models/static-embedding/onnx/model_quantized.onnx"]);
    expect(unpackedSize).toBeLessThan(12 * 1024 * 1024);
  });
});
