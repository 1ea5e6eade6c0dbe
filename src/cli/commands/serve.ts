/**
 * `arcroute serve`: the /v1 handler set on node:http. Prints the API URL on stdout once it
 * listens (with --json: one JSON line), the dev key (when no keys file is given) once, and shuts
 * down cleanly on SIGINT/SIGTERM: requests in flight finish, then the limiter and store close.
 */
import { redactApiKeys } from "../../keys/redact.js";
import { DEFAULT_FAILED_LOOKUPS_PER_MINUTE } from "../../http/failed-lookups.js";
import { SCOPES, TIERS } from "../../stores/types.js";
import { basePathOption, describeSpec, integerOption, limiterSpec, limitOrOffOption, parseCommandArgs, queryTimeoutOption, STORE_OPTIONS, storeSpec } from "../../serve/cli-options.js";
import { KeysFileError } from "../../serve/keys-file.js";
import { startServe, type RunningServe } from "../../serve/start.js";
import type { Command } from "../command.js";
import { CliError } from "../errors.js";
import { writeLine, type CliIO } from "../io.js";

const usage = `Usage: arcroute serve [--port 8787] [--host 127.0.0.1] [--base-path /v1]
                      [--store memory|pglite:<dir>|postgres://...] [--query-timeout-ms 30000]
                      [--limiter memory|redis://...]
                      [--keys <file.json>] [--trust-proxy] [--verify-rpm 30]
                      [--failed-key-lookups-per-minute ${DEFAULT_FAILED_LOOKUPS_PER_MINUTE}|off] [--json]

Serves the /v1 API (POST <base>/activate, GET <base>/usage, ...). Once it listens it prints the
API URL alone on stdout (--json: one line {"url", "dev_key"?, "dev_key_id"?}); everything else
goes to stderr. SIGINT/SIGTERM: finish requests in flight (10 s), close the store and limiter (5 s), exit 0.

Options:
  --port N          TCP port (0 picks a free one)                          [8787]
  --host H          interface to bind                                       [127.0.0.1]
  --base-path P     path prefix of the API, e.g. /api/v1 for clients that call it [/v1]
  --store S         memory | pglite:<dir> | postgres://...   (or $ARCROUTE_STORE)   [memory]
  --query-timeout-ms N  PostgreSQL only: longest one statement may take; a request whose
                    statement runs longer (a locked table, a database that stopped answering)
                    answers 500 instead of waiting                                   [30000]
  --limiter L       memory | redis://...                      (or $ARCROUTE_LIMITER) [memory]
  --keys FILE       JSON array of keys to accept:
                      [{"key": "ar_live_...", "org": "acme", "tier": "${TIERS.join("|")}",
                        "rpm": 1000, "scopes": ["${SCOPES.join('", "')}"]}]
                    ("rpm" for enterprise only). Stored hashed; loading the same file again is a no-op.
                    Without --keys a dev key is issued (ar_test_, never billed, org "dev", Scale plan,
                    every scope) and printed once: on stderr, or in the --json line. On a durable
                    store it revokes org "dev"'s other ar_test_ keys: give shared stores --keys.
  --trust-proxy     take the client IP (anonymous /verify limits, failed key lookups) from
                    X-Forwarded-For (one proxy hop)
  --verify-rpm N    anonymous /verify requests per client IP per minute            [30]
  --failed-key-lookups-per-minute N|off  failed key lookups (a well-formed key that is unknown
                    or revoked: 401) per client IP per minute; past it that client's keyed requests
                    answer 429 for a minute without a store lookup; off: no limit  [${DEFAULT_FAILED_LOOKUPS_PER_MINUTE}]
  --json            machine-readable ready line`;

/**
 * `--host`: an empty value is no interface. Node takes it as "every interface" (`::`), so
 * `--host ""` (an unset variable in a script) would expose the server everywhere and print the
 * ready line `http://:8787/v1`, which no client can parse. Anything else is left to listen().
 */
function hostOption(value: string): string {
  if (value.trim() === "") throw new CliError(`--host must be an interface address or name such as 127.0.0.1, 0.0.0.0 or ::, got '${value}'`);
  return value;
}

async function start(args: string[], io: CliIO): Promise<{ running: RunningServe; json: boolean; summary: string }> {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      port: { type: "string", default: "8787" },
      host: { type: "string", default: "127.0.0.1" },
      "base-path": { type: "string", default: "/v1" },
      ...STORE_OPTIONS,
      limiter: { type: "string" },
      keys: { type: "string" },
      "trust-proxy": { type: "boolean" },
      "verify-rpm": { type: "string", default: "30" },
      // No default here: createApi's own (DEFAULT_FAILED_LOOKUPS_PER_MINUTE) applies.
      "failed-key-lookups-per-minute": { type: "string" },
      json: { type: "boolean" },
    },
    true,
  );
  if (positionals.length > 0) throw new CliError(`unexpected argument '${positionals[0]}' (see arcroute serve --help)`);
  const store = storeSpec(values.store);
  const limiter = limiterSpec(values.limiter);
  try {
    const running = await startServe({
      host: hostOption(values.host),
      port: integerOption("port", values.port, 0, 65535),
      basePath: basePathOption(values["base-path"]),
      store,
      ...queryTimeoutOption(store, values["query-timeout-ms"]),
      limiter,
      ...(values.keys !== undefined ? { keysFile: values.keys } : {}),
      trustProxy: values["trust-proxy"] ?? false,
      anonymousVerifyRpm: integerOption("verify-rpm", values["verify-rpm"], 1, 1_000_000),
      ...(values["failed-key-lookups-per-minute"] !== undefined
        ? { failedKeyLookupsPerMinute: limitOrOffOption("failed-key-lookups-per-minute", values["failed-key-lookups-per-minute"], 1_000_000) }
        : {}),
      // Request lines carry caller input (path, X-Request-Id): a key written there is not logged.
      log: (line) => io.stderr.write(`arcroute serve: ${redactApiKeys(line)}\n`),
    });
    const keys = running.provisioned
      ? `keys from ${values.keys}: ${running.provisioned.added} added, ${running.provisioned.unchanged} already registered` +
        (running.provisioned.revoked.length > 0 ? `, revoked (stay revoked): ${running.provisioned.revoked.join(", ")}` : "")
      : "dev key issued";
    return { running, json: values.json ?? false, summary: `store ${describeSpec(store)}, limiter ${describeSpec(limiter)}, ${keys}` };
  } catch (error) {
    throw asCliError(error, values.port);
  }
}

/** Start-up failures the user can fix are one-line usage errors; the rest stay runtime failures (exit 1). */
function asCliError(error: unknown, port: string): unknown {
  if (error instanceof KeysFileError) return new CliError(error.message);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE") return new CliError(`port ${port} is already in use`, 1);
  if (code === "EACCES") return new CliError(`not allowed to listen on port ${port}`, 1);
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") return new CliError(`cannot listen on that --host (${code})`, 1);
  return error;
}

async function announce(io: CliIO, running: RunningServe, json: boolean, summary: string): Promise<void> {
  await writeLine(io.stderr, `arcroute serve: ${summary}`);
  if (json) {
    const line = { url: running.url, ...(running.devKey ? { dev_key: running.devKey.key, dev_key_id: running.devKey.id } : {}) };
    await writeLine(io.stdout, JSON.stringify(line));
    return;
  }
  if (running.devKey) {
    await writeLine(io.stderr, `dev key (${running.devKey.id}; test mode, never billed; shown once): ${running.devKey.key}`);
  }
  await writeLine(io.stdout, running.url);
}

/** Resolves with the first of SIGINT/SIGTERM; a second signal during shutdown exits at once. */
function untilStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off("SIGINT", stop).off("SIGTERM", stop);
      const forceExit = (second: NodeJS.Signals) => process.exit(second === "SIGINT" ? 130 : 143);
      process.once("SIGINT", forceExit).once("SIGTERM", forceExit);
      resolve(signal);
    };
    process.on("SIGINT", stop).on("SIGTERM", stop);
  });
}

export const command: Command = {
  summary: "serve the /v1 API over HTTP (keys file or a dev key; memory, PGlite or PostgreSQL store)",
  usage,
  async run(args, io) {
    const { running, json, summary } = await start(args, io);
    const stopped = untilStopSignal();
    await announce(io, running, json, summary);
    const signal = await stopped;
    await writeLine(io.stderr, `arcroute serve: ${signal}, shutting down`);
    try {
      await running.close();
    } catch (error) {
      // What did not close (a stalled database connection) would keep the process alive: exit now.
      await writeLine(io.stderr, `arcroute serve: ${error instanceof Error ? error.message : String(error)}; exiting anyway`);
      process.exit(1);
    }
    return 0;
  },
};
