/**
 * `arcroute serve` without the command line: open the store and limiter, register the keys of
 * a keys file (or issue a dev key), mount the /v1 handler set on node:http and listen. The CLI
 * command adds argument parsing, the ready line and signal handling around it.
 */
import { createApi, toNodeListener } from "../http/index.js";
import type { ErrorInfo } from "../http/options.js";
import { CliError } from "../cli/errors.js";
import { openLimiter, openStore } from "../stores/open.js";
import type { ArcStore, RateLimiter } from "../stores/types.js";
import { describeSpec } from "./cli-options.js";
import { issueDevKey } from "./dev-key.js";
import { loadKeysFile } from "./keys-file.js";
import { listen, type Listening } from "./listen.js";
import { provisionKeys, type ProvisionReport } from "./provision.js";

export interface ServeOptions {
  host: string;
  port: number;
  basePath: string;
  /** `memory`, `pglite:<dir>` or `postgres://...` (parsed by openStore). */
  store: string;
  /** PostgreSQL only: the longest one statement may take (default 30 s). */
  queryTimeoutMs?: number;
  /** `memory` or `redis://...` (parsed by openLimiter). */
  limiter: string;
  /** Keys file; without one a dev key is issued. */
  keysFile?: string;
  trustProxy?: boolean;
  /** Anonymous `/verify` requests per client IP per minute (default 30). */
  anonymousVerifyRpm?: number;
  /** Failed key lookups per client IP per minute, or `false` for no limit (default 60: createApi's). */
  failedKeyLookupsPerMinute?: number | false;
  /** Where unexpected request failures are reported (one line each); default: nowhere. */
  log?: (line: string) => void;
}

export interface RunningServe {
  /** The API root, e.g. http://127.0.0.1:8787/v1 */
  url: string;
  /** Set when no keys file was given: the plain dev key (shown once) and its public id. */
  devKey?: { key: string; id: string };
  /** What the keys file did to the store. */
  provisioned?: ProvisionReport;
  /** Stops listening (requests in flight finish), then closes the limiter and the store. */
  close(): Promise<void>;
}

export async function startServe(options: ServeOptions): Promise<RunningServe> {
  // Read and validate the keys file before touching any back end: a bad file changes nothing.
  const entries = options.keysFile === undefined ? undefined : await loadKeysFile(options.keysFile);
  const store = await openStore(options.store, options.queryTimeoutMs === undefined ? {} : { queryTimeoutMs: options.queryTimeoutMs });
  let limiter: RateLimiter | undefined;
  let listening: Listening | undefined;
  try {
    const log = options.log;
    // Limits are per process while Redis is away: the operator should know when that starts and ends.
    const onOutage = log
      ? (state: "down" | "up", error?: unknown) =>
          log(state === "down" ? `rate limiter: Redis unreachable (${errorLine(error)}); limiting per process until it is back` : "rate limiter: Redis is back; limits are shared again")
      : undefined;
    limiter = await openLimiter(options.limiter, onOutage).catch((error: unknown) => {
      throw naming(`rate limiter ${describeSpec(options.limiter)}`, error);
    });
    const provisioned: ProvisionReport | undefined = entries ? await provisionKeys(store, entries, options.keysFile!) : undefined;
    const api = createApi({
      store,
      limiter,
      basePath: options.basePath,
      trustProxy: options.trustProxy ?? false,
      ...(options.anonymousVerifyRpm !== undefined ? { anonymousVerifyRpm: options.anonymousVerifyRpm } : {}),
      ...(options.failedKeyLookupsPerMinute !== undefined ? { failedKeyLookupsPerMinute: options.failedKeyLookupsPerMinute } : {}),
      // The response says only "Activation failed"/"Internal server error"; the operator needs the cause.
      ...(log ? { onError: (error: unknown, info: ErrorInfo) => log(`${describeRequest(info)}: ${errorLine(error)}`) } : {}),
    });
    listening = await listen(toNodeListener(api), { host: options.host, port: options.port });
    const server = listening;
    // Only once listening: a start that fails (port in use) must not revoke the dev key of the
    // server already running on the same store.
    let devKey: RunningServe["devKey"];
    if (!entries) {
      const created = await issueDevKey(store);
      devKey = { key: created.key, id: created.record.id };
    }
    const backEnds = { store, limiter };
    return {
      url: server.origin + options.basePath,
      ...(devKey ? { devKey } : {}),
      ...(provisioned ? { provisioned } : {}),
      close: once(async () => {
        await server.close();
        await closeBackEnds(backEnds.store, backEnds.limiter);
      }),
    };
  } catch (error) {
    await listening?.close();
    await closeBackEnds(store, limiter);
    throw error;
  }
}

/** Longest the limiter and store may take to close: a database that stopped answering must not hold shutdown. */
export const BACK_END_CLOSE_MS = 5_000;

export async function closeBackEnds(store: ArcStore, limiter: RateLimiter | undefined, timeoutMs = BACK_END_CLOSE_MS): Promise<void> {
  // Both are closed even when one fails; the first failure is reported.
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
    timer.unref();
  });
  try {
    const results = await Promise.race([Promise.allSettled([limiter?.close(), store.close()]), timedOut]);
    if (results === "timeout") throw new Error(`the store or the limiter did not close within ${timeoutMs / 1000} s (a query still waiting on the database?)`);
    const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
    if (failed) throw failed.reason;
  } finally {
    clearTimeout(timer);
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}

/**
 * A back end that failed to open, with which one it was (its URL without credentials): Redis says
 * only "Connection is closed.". Usage errors (exit 2) already quote the spec and pass unchanged.
 */
function naming(what: string, error: unknown): unknown {
  if (!(error instanceof Error) || (error instanceof CliError && error.exitCode === 2)) return error;
  const message = `${what}: ${error.message}`;
  return error instanceof CliError ? new CliError(message, error.exitCode) : new Error(message, { cause: error });
}

const errorLine = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).split("\n")[0]!;

/** "POST /v1/activate [request 3f2a…] (org acme)": the request id lets support find the line a customer quotes. */
function describeRequest(info: ErrorInfo): string {
  const id = (info as ErrorInfo & { request_id?: string }).request_id;
  return `${info.method} ${info.path}${id ? ` [request ${id}]` : ""}${info.org_id ? ` (org ${info.org_id})` : ""}`;
}
