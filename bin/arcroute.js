#!/usr/bin/env node
// Thin launcher: the CLI is compiled TypeScript in dist/ (run `npm run build` first in a checkout).
// A reader that stops early (`arcroute openapi | head`) closes the pipe: stop quietly, as Unix
// tools do, instead of an unhandled EPIPE with a stack trace.
process.stdout.on("error", (error) => {
  if (error.code !== "EPIPE") process.stderr.write(`arcroute: ${error.message}\n`);
  process.exit(error.code === "EPIPE" ? 0 : 1);
});
import("../dist/src/cli/main.js").then((cli) => cli.main(process.argv.slice(2))).then(
  (code) => { process.exitCode = code; },
  (error) => {
    process.stderr.write(`arcroute: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
