/**
 * `arcroute serve` as a child process, the way users run it (`node bin/arcroute.js serve ...`):
 * waits for the ready line on stdout and stops it with a real signal.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { BIN, REPO_ROOT, requireBuiltCli } from "../../ecosystem/support/built-cli.js";

export interface ServeProcess {
  child: ChildProcess;
  /** The first stdout line (the API URL, or the JSON ready line with --json). */
  readyLine: string;
  /** The API root, e.g. http://127.0.0.1:40123/v1 */
  url: string;
  /** Dev key and its id (only when started without --keys). */
  devKey?: string;
  devKeyId?: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has exited (sends nothing). */
  exited(): Promise<number | null>;
  /** Sends the signal (unless it has exited) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ServeExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

function spawnServe(args: string[], env: Record<string, string>) {
  requireBuiltCli();
  const child = spawn(process.execPath, [BIN, "serve", ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const out: string[] = [];
  const err: string[] = [];
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => out.push(chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => err.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, stdout: () => out.join(""), stderr: () => err.join("") };
}

/** Starts the server on a free port; rejects with its stderr when it exits before it is ready. */
export async function startServeProcess(args: string[], env: Record<string, string> = {}, timeoutMs = 30_000): Promise<ServeProcess> {
  const withPort = args.includes("--port") ? args : ["--port", "0", ...args];
  const { child, exited, stdout, stderr } = spawnServe(withPort, env);
  const lines = createInterface({ input: child.stdout! });
  const readyLine = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`arcroute serve was not ready after ${timeoutMs} ms: ${stderr()}`));
    }, timeoutMs);
    lines.once("line", (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`arcroute serve exited with ${code} before it was ready: ${stderr()}`));
    });
  });
  const ready = readyLine.startsWith("{") ? (JSON.parse(readyLine) as { url: string; dev_key?: string; dev_key_id?: string }) : { url: readyLine };
  const devKey = ready.dev_key ?? /ar_test_[0-9A-Za-z]+/.exec(stderr())?.[0];
  const devKeyId = ready.dev_key_id ?? /dev key \((key_[0-9a-f]+)/.exec(stderr())?.[1];
  return {
    child,
    readyLine,
    url: ready.url,
    ...(devKey ? { devKey } : {}),
    ...(devKeyId ? { devKeyId } : {}),
    stdout,
    stderr,
    exited: () => exited,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs `arcroute serve` expecting it to fail before it is ready. */
export async function serveFailure(args: string[], env: Record<string, string> = {}): Promise<ServeExit> {
  const { child, exited, stdout, stderr } = spawnServe(args, env);
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await exited;
  clearTimeout(timer);
  return { code, stdout: stdout(), stderr: stderr() };
}
