/**
 * Type-checks a piece of TypeScript (a README fragment) as if it were a file of this repository:
 * its imports resolve against the repository's node_modules (and `arcroute` to its own built
 * declarations), under tsconfig.json's options plus `overrides`. Nothing is written to disk.
 */
import { join } from "node:path";
import ts from "typescript";
import { REPO_ROOT } from "../ecosystem/support/built-cli.js";

const SNIPPET = join(REPO_ROOT, "test", "__snippet__.ts");

function repoOptions(overrides: ts.CompilerOptions): ts.CompilerOptions {
  const { config } = ts.readConfigFile(join(REPO_ROOT, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, REPO_ROOT);
  return { ...options, ...overrides, noEmit: true };
}

/** The compiler's messages for `code` ("TS2339: …"), empty when it type-checks. */
export function typeErrors(code: string, overrides: ts.CompilerOptions = {}): string[] {
  const options = repoOptions(overrides);
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (file) => file === SNIPPET || fileExists(file);
  host.readFile = (file) => (file === SNIPPET ? code : readFile(file));
  host.getSourceFile = (file, language, ...rest) => (file === SNIPPET ? ts.createSourceFile(file, code, language) : getSourceFile(file, language, ...rest));
  const program = ts.createProgram([SNIPPET], options, host);
  // Only the fragment's own errors: the files it imports are type-checked by the build.
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(SNIPPET)).map((d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
}
