/** Starts a benchmarked server in a child process and stops it. */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export interface ChildServer {
  /** API root, e.g. http://127.0.0.1:40123/v1 */
  url: string;
  /** CPU time (user + system) the server process has used so far, in seconds; null where /proc is missing. */
  cpuSeconds(): number | null;
  stop(): Promise<void>;
}

/** utime + stime of a process from /proc/<pid>/stat (Linux), in seconds (USER_HZ is 100 on Linux). */
function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the parenthesised command name: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const CHILD = new URL(import.meta.url.endsWith(".ts") ? "./child.ts" : "./child.js", import.meta.url);

/** `args`: ["bare"] or ["serve", ...arcroute serve args]. From source (tsx) the child runs through tsx too. */
export async function startChildServer(args: string[], timeoutMs = 60_000): Promise<ChildServer> {
  const loader = CHILD.pathname.endsWith(".ts") ? ["--import", "tsx"] : [];
  const child: ChildProcess = spawn(process.execPath, [...loader, fileURLToPath(CHILD), ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const stderr: string[] = [];
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => stderr.push(chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`benchmark server not ready after ${timeoutMs} ms: ${stderr.join("")}`)), timeoutMs);
    createInterface({ input: child.stdout! }).once("line", (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`benchmark server exited before it was ready: ${stderr.join("").trim().split("\n").pop() ?? ""}`));
    });
  }).catch(async (error: unknown) => {
    child.kill("SIGKILL");
    await exited;
    throw error;
  });
  return {
    url,
    cpuSeconds: () => processCpuSeconds(child.pid),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
