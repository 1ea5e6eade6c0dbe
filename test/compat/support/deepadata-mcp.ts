/**
 * The published `deepadata-edm-mcp-server@0.3.1`, fetched with `npm pack` at test time (its code
 * is not vendored) and laid out as an installed package:
 *
 *   <dir>/node_modules/deepadata-edm-mcp-server/   the tarball, unchanged
 *   <dir>/node_modules/@modelcontextprotocol       → our own @modelcontextprotocol/sdk (its one runtime dependency we have)
 *   <dir>/node_modules/edm-spec/package.json       a placeholder: see below
 *
 * The server's `dist/version.js` reads only `require("edm-spec/package.json").version` at start-up,
 * and `edm-spec` is not on the npm registry this project can reach; a package.json declaring the
 * version the server depends on (0.8.3) stands in for it. `dist/tools/activate.js` imports nothing.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "../../ecosystem/support/built-cli.js";

const run = promisify(execFile);
export const PACKAGE = "deepadata-edm-mcp-server@0.3.1";

export interface InstalledMcpServer {
  /** <dir>/node_modules/deepadata-edm-mcp-server */
  root: string;
  /** dist/tools/activate.js */
  activateModule: string;
  /** dist/server.js (stdio MCP server) */
  serverScript: string;
}

export async function installDeepadataMcpServer(): Promise<InstalledMcpServer> {
  const dir = mkdtempSync(join(tmpdir(), "arcroute-compat-"));
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  await run(npm, ["pack", PACKAGE, "--pack-destination", dir, "--silent"], { cwd: dir, timeout: 120_000 });
  const tarball = readdirSync(dir).find((name) => name.endsWith(".tgz"));
  if (!tarball) throw new Error(`npm pack ${PACKAGE} produced no tarball`);
  const root = join(dir, "node_modules", "deepadata-edm-mcp-server");
  mkdirSync(root, { recursive: true });
  await run("tar", ["xzf", join(dir, tarball), "-C", root, "--strip-components=1"]);
  symlinkSync(join(REPO_ROOT, "node_modules", "@modelcontextprotocol"), join(dir, "node_modules", "@modelcontextprotocol"), "dir");
  mkdirSync(join(dir, "node_modules", "edm-spec"));
  writeFileSync(join(dir, "node_modules", "edm-spec", "package.json"), JSON.stringify({ name: "edm-spec", version: "0.8.3", description: "placeholder: only the version is read" }));
  return { root, activateModule: join(root, "dist", "tools", "activate.js"), serverScript: join(root, "dist", "server.js") };
}
