/** Tests that spawn `node bin/arcroute.js` need the compiled CLI (`npm test` builds first). */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const BIN = fileURLToPath(new URL("../../../bin/arcroute.js", import.meta.url));

export function requireBuiltCli(): void {
  if (!existsSync(new URL("../../../dist/src/cli/main.js", import.meta.url))) {
    throw new Error("dist/ is missing: run `npm run build` first (npm test does)");
  }
}
