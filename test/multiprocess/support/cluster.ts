/**
 * Several real `arcroute serve` processes (node bin/arcroute.js) sharing one PostgreSQL schema and
 * one Redis key prefix, each on an ephemeral port, plus the client-side helpers the proofs use.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { generateApiKey } from "../../../src/keys/index.js";
import type { Tier } from "../../../src/stores/types.js";
import { BIN, REPO_ROOT, requireBuiltCli } from "../../ecosystem/support/built-cli.js";
import { POSTGRES_URL, REDIS_URL } from "../../support/services.js";

export interface Server {
  url: string;
  process: ChildProcess;
  /** Everything the process wrote on stderr (for failure messages). */
  stderr: () => string;
  stop(): Promise<void>;
}

export interface KeyEntry {
  key: string;
  org: string;
  tier: Tier;
  rpm?: number;
  scopes: ["extract"];
}

export interface Cluster {
  schema: string;
  prefix: string;
  keys: Record<string, KeyEntry>;
  servers: Server[];
  /** Starts one more process on the same store, limiter and keys. */
  start(): Promise<Server>;
  close(): Promise<void>;
}

/** One organization (with one live key) per name; `rpm` only for enterprise. */
export async function startCluster(size: number, orgs: Record<string, { tier: Tier; rpm?: number }>): Promise<Cluster> {
  requireBuiltCli();
  const run = randomBytes(5).toString("hex");
  const schema = `arc_test_mp_${run}`;
  const prefix = `arc_test_mp:${run}:`;
  const dir = mkdtempSync(path.join(tmpdir(), "arcroute-mp-"));
  const keys: Record<string, KeyEntry> = {};
  for (const [name, plan] of Object.entries(orgs)) {
    keys[name] = { key: generateApiKey("live"), org: `${name}-${run}`, tier: plan.tier, ...(plan.rpm ? { rpm: plan.rpm } : {}), scopes: ["extract"] };
  }
  const keysFile = path.join(dir, "keys.json");
  writeFileSync(keysFile, JSON.stringify(Object.values(keys)));
  const store = `${POSTGRES_URL}?schema=${schema}`;
  const limiter = `${REDIS_URL}?prefix=${encodeURIComponent(prefix)}`;
  const servers: Server[] = [];
  const start = async () => {
    const server = await startServer(["serve", "--port", "0", "--store", store, "--limiter", limiter, "--keys", keysFile]);
    servers.push(server);
    return server;
  };
  // All at once, as behind a load balancer: the migrations of the fresh schema and the keys file
  // must be applied exactly once however the starts interleave.
  const started = await Promise.allSettled(Array.from({ length: size }, () => start()));
  const failed = started.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
    throw failed.reason;
  }
  return {
    schema,
    prefix,
    keys,
    servers,
    start,
    async close() {
      await Promise.all(servers.map((s) => s.stop()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function startServer(args: string[]): Promise<Server> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`arcroute serve did not start in 60 s: ${stderr}`));
    }, 60_000);
    createInterface({ input: child.stdout! }).once("line", (url) => {
      clearTimeout(timer);
      resolve({ url: url.trim(), process: child, stderr: () => stderr, stop });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`arcroute serve exited (${code}) before listening: ${stderr}`));
    });
  });
}

export interface Outcome {
  /** HTTP status, or 0 when no response arrived (connection refused or cut). */
  status: number;
  body: { success: boolean; error: string | null; data: { activation_id: string | null; significance_gate: boolean } | null } | null;
  text: string;
}

export async function activate(server: Server, key: string, options: { query?: string; idempotencyKey?: string } = {}): Promise<Outcome> {
  try {
    const response = await fetch(`${server.url}/activate`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
      },
      body: JSON.stringify({ query: options.query ?? "the day my father died" }),
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text), text };
  } catch {
    return { status: 0, body: null, text: "" };
  }
}

/** Runs `tasks` with at most `concurrency` in flight; results in task order. */
export async function runConcurrently<T>(count: number, concurrency: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

export const statusCounts = (outcomes: Outcome[]) =>
  outcomes.reduce<Record<number, number>>((counts, o) => ({ ...counts, [o.status]: (counts[o.status] ?? 0) + 1 }), {});
