/**
 * `arcroute keys create|revoke|list`: key management against a durable store (the one
 * `arcroute serve` uses). The plain key is printed once, at creation; the store keeps its hash.
 */
import { containsApiKey } from "../../keys/redact.js";
import { createApiKey, KeyRequestError, revokeApiKey, type KeyMode } from "../../keys/index.js";
import { integerOption, orgOption, parseCommandArgs, queryTimeoutOption, requireDurableStore, STORE_OPTIONS, storeSpec } from "../../serve/cli-options.js";
import { openStore } from "../../stores/open.js";
import { SCOPES, TIERS, type ApiKeyRecord, type ArcStore, type Scope, type Tier } from "../../stores/types.js";
import type { Command } from "../command.js";
import { CliError } from "../errors.js";
import { writeLine, type CliIO } from "../io.js";

const usage = `Usage:
  arcroute keys create --org <id> [--tier <${TIERS.join("|")}>] --scopes <a,b> [--mode live|test] [--rpm N] [--json]
  arcroute keys revoke <key-id> [--json]
  arcroute keys list --org <id> [--json]

Every subcommand takes --store pglite:<dir>|postgres://... (or $ARCROUTE_STORE): the store the
server uses. The memory store is refused (it lives only inside one 'arcroute serve' process).
With PostgreSQL, --query-timeout-ms N is the longest one statement may take (default 30000).

create   prints the plain key alone on stdout (once: only its SHA-256 hash is stored) and its
         public id on stderr; --json prints {id, key, org, tier, mode, scopes, created_at}.
         --scopes: ${SCOPES.join(", ")}. --mode live (billed, default) or test (never billed).
         --tier may be left out for an existing organization (it keeps its plan); --rpm is for
         enterprise organizations, required when one is created.
revoke   revokes by public id (key_...); revoked keys get 401 at once, also on running servers.
list     the organization's keys: id, key (ar_live_…last4: mode and last four), scopes, created,
         revoked (never the key or its hash).`;

const STORE_OPTION = { ...STORE_OPTIONS, json: { type: "boolean" } } as const;

/** `values` as parsed with STORE_OPTION. */
async function withStore<T>(values: { store?: string; "query-timeout-ms"?: string }, command: string, work: (store: ArcStore) => Promise<T>): Promise<T> {
  const spec = storeSpec(values.store);
  requireDurableStore(spec, command);
  const store = await openStore(spec, queryTimeoutOption(spec, values["query-timeout-ms"]));
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

function parseScopes(value: string): Scope[] {
  const scopes = value.split(",").map((s) => s.trim()).filter((s) => s !== "");
  const unknown = scopes.find((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown !== undefined) throw new CliError(`unknown scope '${unknown}': use ${SCOPES.join(", ")}`);
  if (scopes.length === 0) throw new CliError("--scopes needs at least one scope");
  return scopes as Scope[];
}

/** A key record for output: everything but the hash. */
const publicRecord = ({ hash: _hash, ...rest }: ApiKeyRecord) => rest;

async function create(args: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs(args, {
    ...STORE_OPTION,
    org: { type: "string" },
    tier: { type: "string" },
    scopes: { type: "string" },
    mode: { type: "string", default: "live" },
    rpm: { type: "string" },
  });
  if (values.org === undefined) throw new CliError("keys create needs --org <id>");
  const org = orgOption(values.org);
  if (values.scopes === undefined) throw new CliError(`keys create needs --scopes (comma-separated: ${SCOPES.join(", ")})`);
  if (values.tier !== undefined && !(TIERS as readonly string[]).includes(values.tier)) throw new CliError(`--tier must be one of ${TIERS.join(", ")}`);
  if (values.mode !== "live" && values.mode !== "test") throw new CliError("--mode must be live or test");
  const scopes = parseScopes(values.scopes);
  const rpm = values.rpm === undefined ? undefined : integerOption("rpm", values.rpm, 1, 1_000_000_000);
  const created = await withStore(values, "keys create", async (store) => {
    const existing = await store.getOrganization(org);
    const tier = (values.tier ?? existing?.tier) as Tier | undefined;
    if (tier === undefined) throw new CliError(`organization '${org}' does not exist yet: give its plan with --tier`);
    try {
      return { tier, ...(await createApiKey(store, { org, tier, scopes, mode: values.mode as KeyMode, ...(rpm !== undefined ? { rpm } : {}) })) };
    } catch (error) {
      if (error instanceof KeyRequestError) throw new CliError(error.message);
      throw error;
    }
  });
  const { record } = created;
  if (values.json) {
    await writeLine(io.stdout, JSON.stringify({ id: record.id, key: created.key, org: record.org_id, tier: created.tier, mode: record.mode, scopes: record.scopes, created_at: record.created_at }));
    return 0;
  }
  await writeLine(io.stderr, `created ${record.id} for org ${record.org_id} (${record.mode}, scopes ${record.scopes.join(",")}); the key below is shown once: store it now`);
  await writeLine(io.stdout, created.key);
  return 0;
}

async function revoke(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, STORE_OPTION, true);
  if (positionals.length !== 1 || positionals[0] === "") throw new CliError("keys revoke needs exactly one key id: arcroute keys revoke <key-id>");
  const id = positionals[0]!;
  // A pasted key is refused before the store is opened, and never repeated (stderr ends up in logs).
  if (containsApiKey(id)) throw new CliError("that is an API key, not a key id: pass the key's id (key_…) from `arcroute keys list --org <org>`");
  const revoked = await withStore(values, "keys revoke", (store) => revokeApiKey(store, id));
  if (!revoked) throw new CliError(`no key with id '${id}'`, 1);
  await writeLine(io.stdout, values.json ? JSON.stringify({ id, revoked: true }) : `revoked ${id}`);
  return 0;
}

async function list(args: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs(args, { ...STORE_OPTION, org: { type: "string" } });
  if (values.org === undefined) throw new CliError("keys list needs --org <id>");
  const org = orgOption(values.org);
  const keys = await withStore(values, "keys list", (store) => store.listApiKeys(org));
  if (values.json) {
    await writeLine(io.stdout, JSON.stringify(keys.map(publicRecord)));
    return 0;
  }
  if (keys.length === 0) {
    await writeLine(io.stderr, `no keys for org ${org}`);
    return 0;
  }
  await writeLine(io.stdout, ["id", "key", "scopes", "created", "revoked"].join("\t"));
  for (const key of keys) {
    await writeLine(io.stdout, [key.id, `${key.prefix}…${key.last4}`, key.scopes.join(","), key.created_at, key.revoked_at ?? "-"].join("\t"));
  }
  return 0;
}

const SUBCOMMANDS: Record<string, (args: string[], io: CliIO) => Promise<number>> = { create, revoke, list };

export const command: Command = {
  summary: "create, revoke and list API keys in a durable store",
  usage,
  async run(args, io) {
    const [name, ...rest] = args;
    const known = Object.keys(SUBCOMMANDS).join(", ");
    if (name === undefined) throw new CliError(`keys needs a subcommand: ${known} (see arcroute keys --help)`);
    // Own keys only: "toString" is no subcommand. (main.ts hides an API key pasted here.)
    if (!Object.hasOwn(SUBCOMMANDS, name)) throw new CliError(`unknown keys subcommand '${name}': use ${known} (see arcroute keys --help)`);
    return SUBCOMMANDS[name]!(rest, io);
  },
};
