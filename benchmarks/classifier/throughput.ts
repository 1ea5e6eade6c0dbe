/**
 * `activate --jsonl` throughput, measured from outside: spawn the built CLI
 * (`node bin/arcroute.js activate --jsonl`), stream N query lines into it, count the envelopes
 * that come back. Queries/s includes process start-up, as a user piping a file would see it.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { CliError } from "../../src/cli/errors.js";
import { PACKAGE_ROOT } from "../paths.js";

export interface Throughput { lines: number; seconds: number; queries_per_second: number; failed_envelopes: number }

export async function measureThroughput(queries: readonly string[], lines: number): Promise<Throughput> {
  if (!existsSync(join(PACKAGE_ROOT, "dist", "src", "cli", "main.js"))) throw new CliError("--throughput runs the built CLI: run `npm run build` first", 1);
  const input = Array.from({ length: lines }, (_, i) => queries[i % queries.length]!).join("\n") + "\n";
  const start = process.hrtime.bigint();
  const child = spawn(process.execPath, [join(PACKAGE_ROOT, "bin", "arcroute.js"), "activate", "--jsonl"], { cwd: PACKAGE_ROOT, stdio: ["pipe", "pipe", "pipe"] });
  let received = 0;
  let failed = 0;
  let tail = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    const parts = (tail + chunk).split("\n");
    tail = parts.pop()!;
    for (const part of parts) {
      received++;
      if (!part.startsWith('{"success":true')) failed++;
    }
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => { stderr += chunk; });
  child.stdin.end(input);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (received !== lines) throw new CliError(`activate --jsonl returned ${received} of ${lines} lines (exit ${code}): ${stderr.split("\n")[0] ?? ""}`, 1);
  return { lines, seconds: Math.round(seconds * 1000) / 1000, queries_per_second: Math.round(lines / seconds), failed_envelopes: failed };
}
