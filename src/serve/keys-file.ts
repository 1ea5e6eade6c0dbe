/**
 * The keys file of `arcroute serve --keys <file.json>` (SPEC section 6):
 *
 *   [{"key": "ar_live_...", "org": "acme", "tier": "free|payg|growth|scale|enterprise",
 *     "rpm": 1000, "scopes": ["extract", "verify"]}]
 *
 * Validated as a whole before anything reaches the store, so a bad file changes nothing. Every
 * error is one line naming the entry (index and org), never the key: error messages end up in
 * logs, keys must not.
 */
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { containsApiKey, redactApiKeys } from "../keys/redact.js";
import { parseApiKey } from "../keys/index.js";
import { SCOPES, TIERS, type Scope, type Tier } from "../stores/types.js";

export interface KeyFileEntry {
  key: string;
  org: string;
  tier: Tier;
  /** Requests per minute, enterprise only. */
  rpm?: number;
  scopes: Scope[];
}

export class KeysFileError extends Error {
  override name = "KeysFileError";
}

const ORG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** Unknown fields are refused: a typo such as "scope" must not silently give a key no scopes. */
const EntrySchema = z
  .strictObject({
    key: z.string().refine((key) => parseApiKey(key) !== null, "must be ar_live_ or ar_test_ followed by 24-128 base62 characters"),
    org: z
      .string()
      .regex(ORG_PATTERN, "must be 1-128 characters of letters, digits, '_', '.' or '-'")
      // Swapped "key" and "org" would store the key in plain text as an organization id.
      .refine((org) => !containsApiKey(org), "is an API key: the key goes in \"key\", the organization's id in \"org\""),
    tier: z.enum(TIERS, { error: `must be one of ${TIERS.join(", ")}` }),
    rpm: z.number({ error: "must be a positive integer" }).int("must be a positive integer").positive("must be a positive integer").optional(),
    scopes: z.array(z.enum(SCOPES, { error: `must be one of ${SCOPES.join(", ")}` })).min(1, "needs at least one scope"),
  })
  .superRefine((entry, ctx) => {
    if (entry.tier === "enterprise" && entry.rpm === undefined) ctx.addIssue({ code: "custom", path: ["rpm"], message: "is required for the enterprise tier" });
    if (entry.tier !== "enterprise" && entry.rpm !== undefined) ctx.addIssue({ code: "custom", path: ["rpm"], message: "is only for the enterprise tier (the plan decides the limit)" });
  });

function describeEntry(index: number, raw: unknown): string {
  const org = typeof raw === "object" && raw !== null && typeof (raw as { org?: unknown }).org === "string" ? ` (org "${redactApiKeys((raw as { org: string }).org)}")` : "";
  return `entry ${index + 1}${org}`;
}

/** The first problem of an entry as "<field> <message>", e.g. `tier must be one of ...`. */
function firstIssue(error: z.ZodError, raw: unknown): string {
  const issue = error.issues[0]!;
  if (issue.code === "unrecognized_keys") {
    const name = issue.keys[0]!;
    return containsApiKey(name) ? "a field is named with an API key (not shown): the key goes in \"key\"" : `unknown field '${name}'`;
  }
  const field = issue.path.filter((part) => typeof part === "string")[0];
  if (field === undefined) return "must be an object with key, org, tier and scopes";
  // zod's own wording for a missing field ("expected string, received undefined") is unhelpful.
  if (issue.code === "invalid_type" && (raw as Record<string, unknown>)[field] === undefined) return `'${field}' is required`;
  return `'${field}' ${issue.message.replace(/^Invalid input: /, "")}`;
}

/** Validates already-decoded JSON; `source` names the file in messages. */
export function parseKeysFile(json: unknown, source: string): KeyFileEntry[] {
  if (!Array.isArray(json)) throw new KeysFileError(`keys file ${source}: must be a JSON array of key entries`);
  const entries = json.map((raw, index) => {
    const parsed = EntrySchema.safeParse(raw);
    if (!parsed.success) throw new KeysFileError(`keys file ${source}: ${describeEntry(index, raw)}: ${firstIssue(parsed.error, raw)}`);
    return parsed.data as KeyFileEntry;
  });
  checkConsistency(entries, source);
  return entries;
}

/** One key appears once; one organization has one plan across the file. */
function checkConsistency(entries: KeyFileEntry[], source: string): void {
  const firstByKey = new Map<string, number>();
  const planByOrg = new Map<string, { index: number; plan: string }>();
  entries.forEach((entry, index) => {
    const seen = firstByKey.get(entry.key);
    if (seen !== undefined) throw new KeysFileError(`keys file ${source}: ${describeEntry(index, entry)}: the same key as entry ${seen + 1}`);
    firstByKey.set(entry.key, index);
    const plan = entry.tier === "enterprise" ? `enterprise (rpm ${entry.rpm})` : entry.tier;
    const other = planByOrg.get(entry.org);
    if (other && other.plan !== plan) {
      throw new KeysFileError(`keys file ${source}: ${describeEntry(index, entry)}: plan ${plan} differs from entry ${other.index + 1} (${other.plan}); an organization has one plan`);
    }
    planByOrg.set(entry.org, { index, plan });
  });
}

export async function loadKeysFile(path: string): Promise<KeyFileEntry[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new KeysFileError(`keys file ${path}: ${code === "ENOENT" ? "no such file" : `cannot be read (${code ?? "error"})`}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    // V8's message quotes the text around the error, which may be a key: keep only the position.
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    throw new KeysFileError(`keys file ${path}: invalid JSON${position ? ` near character ${position}` : ""}`);
  }
  return parseKeysFile(json, path);
}
