/**
 * Command-line pieces shared by the commands (`serve`, `keys`, `usage`, `learn`, `activate`, `demo`,
 * the benchmarks): argument parsing with one-line errors, decimal number flags, where the store and
 * limiter specs come from and how a store is opened, and how a spec is shown without its credentials.
 */
import { CliError } from "../cli/errors.js";
import { normalizeBasePath } from "../http/options.js";
import { containsApiKey } from "../keys/redact.js";
import type { OpenStoreOptions } from "../stores/open.js";
import { isPgliteInMemory } from "../stores/pglite/in-memory.js";
import { isPostgresSpec } from "../stores/spec.js";

export { parseCommandArgs, type OptionsConfig, type ParsedCommandArgs } from "../cli/args.js";

/** `--store`, else `$ARCROUTE_STORE`, else `memory`: the env var keeps a password out of `ps`. */
export const storeSpec = (flag: string | undefined): string => flag ?? process.env.ARCROUTE_STORE ?? "memory";
/** `--limiter`, else `$ARCROUTE_LIMITER`, else `memory`. */
export const limiterSpec = (flag: string | undefined): string => flag ?? process.env.ARCROUTE_LIMITER ?? "memory";

/**
 * A spec for logs: the scheme and, for URLs, the host; never a user name or password. A PGlite
 * spec is a path (no credentials), shown as given; not parsed as a URL (`pglite:memory://` read as
 * one was logged as `pglite://memory://`).
 */
export function describeSpec(spec: string): string {
  if (spec.startsWith("pglite:")) return isPgliteInMemory(spec.slice("pglite:".length)) ? `${spec} (in memory, gone on exit)` : spec;
  if (!spec.includes("://")) return spec.split(":")[0]!;
  try {
    const url = new URL(spec);
    return `${url.protocol}//${url.host}${url.pathname === "/" ? "" : url.pathname}`;
  } catch {
    return spec.split(":")[0]!;
  }
}

/**
 * Key and usage commands run in their own process: against the in-memory store they would write
 * to a store that vanishes when the command exits, so they refuse it with a pointer instead.
 */
export function requireDurableStore(spec: string, command: string): void {
  if (spec === "memory") {
    throw new CliError(
      `${command} needs a durable store shared with the server: --store pglite:<dir> or postgres://... (or ARCROUTE_STORE); the memory store lives only inside one 'arcroute serve' process`,
    );
  }
}

/**
 * `--org <id>` (`keys create`, `keys list`, `usage`, `learn`): an API key pasted there is refused
 * before any store is opened, never quoted. Hidden but used, it would be stored in plain text as an
 * organization's id (`keys create`) or looked up and answered about as one ("no keys for org …").
 */
export function orgOption<T extends string | undefined>(value: T): T {
  if (value !== undefined && containsApiKey(value)) throw new CliError("--org is an API key, not an organization id: give the organization's id (e.g. acme)");
  return value;
}

/** `--query-timeout-ms`: at most a day (node timers stop at ~24.8 days; no request waits a day on one statement). */
const MAX_QUERY_TIMEOUT_MS = 86_400_000;

/** The options of every command that opens a store: which one, and (PostgreSQL) how long one statement may take. */
export const STORE_OPTIONS = { store: { type: "string" }, "query-timeout-ms": { type: "string" } } as const;

/**
 * `--query-timeout-ms N` for `openStore(spec, …)`. Refused with any other store than PostgreSQL:
 * PGlite and memory have no statement timeout, and a flag that silently did nothing would look
 * like protection that is not there.
 */
export function queryTimeoutOption(spec: string, value: string | undefined): OpenStoreOptions {
  if (value === undefined) return {};
  const queryTimeoutMs = integerOption("query-timeout-ms", value, 1, MAX_QUERY_TIMEOUT_MS);
  if (!isPostgresSpec(spec)) throw new CliError(`--query-timeout-ms applies to a postgres:// store only, not ${describeSpec(spec)}`);
  return { queryTimeoutMs };
}

/** Positive integer flag (e.g. --port, --rpm) with a one-line error. */
export function integerOption(name: string, value: string, min: number, max: number): number {
  const n = integerIn(value, min, max);
  if (n === null) throw new CliError(`--${name} must be an integer from ${min} to ${max}, got '${value}'`);
  return n;
}

/**
 * A limit that can be turned off (`--failed-key-lookups-per-minute 60|off`): `off` is `false`, as the
 * createApi option takes it; anything else is a positive integer, with a one-line error naming both.
 */
export function limitOrOffOption(name: string, value: string, max: number): number | false {
  if (value === "off") return false;
  const n = integerIn(value, 1, max);
  if (n === null) throw new CliError(`--${name} must be an integer from 1 to ${max}, or off, got '${value}'`);
  return n;
}

/** Decimal digits only ("", "-1", "1.5", "0x1", "1e3" are null), within [min, max]. */
function integerIn(value: string, min: number, max: number): number | null {
  const n = Number(value);
  return /^\d+$/.test(value) && Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

/** Decimal fraction flag (e.g. --base-fusion 0.5) within [min, max], with a one-line error ("", "0x1", "1e0" refused). */
export function fractionOption(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(value) || n < min || n > max) throw new CliError(`--${name} must be a number from ${min} to ${max}, got '${value}'`);
  return n;
}

/** `--base-path`: the handler set's own normalisation ("/api/v1/" → "/api/v1", "/" → root), with a one-line error. */
export function basePathOption(value: string): string {
  try {
    return normalizeBasePath(value);
  } catch {
    throw new CliError(`--base-path must be a path such as /v1 or /api/v1, got '${value}'`);
  }
}
