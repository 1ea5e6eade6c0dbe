#!/usr/bin/env node
// Thin launcher: the CLI is compiled TypeScript in dist/ (run `npm run build` first in a checkout).
import("../dist/src/cli/main.js").then((cli) => cli.main(process.argv.slice(2))).then(
  (code) => { process.exitCode = code; },
  (error) => {
    process.stderr.write(`arcroute: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
