/**
 * Puts the keys of a keys file into the store, idempotently: starting `arcroute serve` again
 * with the same file (on a durable store) registers nothing twice.
 *
 * Semantics (README decisions):
 * - The file is authoritative for the plans of the organizations it names: each start sets their
 *   tier (and enterprise rpm) from the file; an organization's creation time is kept.
 * - A key already in the store is left as it is when it belongs to the same organization with the
 *   same scopes; a revoked key stays revoked (reported), because revocation must survive restarts.
 * - A key already registered to another organization or with other scopes is an error: the store
 *   keeps one record per key hash, and silently changing what a key may do is not a restart's job.
 * - Several processes may load the same file into one shared store at the same time: losing the
 *   race to insert a key counts as finding it.
 */
import { createApiKey, hashApiKey, KeyRequestError } from "../keys/index.js";
import type { ApiKeyRecord, ArcStore } from "../stores/types.js";
import { KeysFileError, type KeyFileEntry } from "./keys-file.js";

export interface ProvisionReport {
  /** Keys written by this call. */
  added: number;
  /** Keys that were already registered as the file says. */
  unchanged: number;
  /** Public ids of keys in the file that are revoked in the store. */
  revoked: string[];
}

const sameScopes = (a: readonly string[], b: readonly string[]) => a.length === new Set(b).size && b.every((scope) => a.includes(scope));

export async function provisionKeys(store: ArcStore, entries: KeyFileEntry[], source: string, now: Date = new Date()): Promise<ProvisionReport> {
  const report: ProvisionReport = { added: 0, unchanged: 0, revoked: [] };
  await applyPlans(store, entries, now);
  for (const [index, entry] of entries.entries()) {
    const where = `keys file ${source}: entry ${index + 1} (org "${entry.org}")`;
    const hash = hashApiKey(entry.key);
    const existing = await store.findApiKeyByHash(hash);
    if (existing) {
      countExisting(report, existing, entry, where);
      continue;
    }
    try {
      await createApiKey(store, { org: entry.org, tier: entry.tier, scopes: entry.scopes, key: entry.key, now, ...(entry.rpm !== undefined ? { rpm: entry.rpm } : {}) });
      report.added++;
    } catch (error) {
      if (error instanceof KeyRequestError) throw new KeysFileError(`${where}: ${error.message}`);
      // Several servers starting together with one file on a shared store: another one inserted
      // this key between our lookup and our insert. That is the same outcome, not a failure.
      const raced = await store.findApiKeyByHash(hash);
      if (!raced) throw error;
      countExisting(report, raced, entry, where);
    }
  }
  return report;
}

/** A key already in the store: unchanged (or revoked) when it matches the entry, an error otherwise. */
function countExisting(report: ProvisionReport, existing: ApiKeyRecord, entry: KeyFileEntry, where: string): void {
  if (existing.org_id !== entry.org) throw new KeysFileError(`${where}: this key is already registered to another organization (${existing.id})`);
  if (!sameScopes(existing.scopes, entry.scopes)) {
    throw new KeysFileError(`${where}: this key is already registered with scopes ${existing.scopes.join(",")} (${existing.id}); issue a new key to change scopes`);
  }
  if (existing.revoked_at !== null) report.revoked.push(existing.id);
  else report.unchanged++;
}

/** Creates or updates every organization named in the file with the file's plan. */
async function applyPlans(store: ArcStore, entries: KeyFileEntry[], now: Date): Promise<void> {
  const plans = new Map(entries.map((entry) => [entry.org, entry] as const));
  for (const [org, entry] of plans) {
    const existing = await store.getOrganization(org);
    if (existing && existing.tier === entry.tier && existing.rpm === entry.rpm) continue;
    await store.putOrganization({
      id: org,
      tier: entry.tier,
      ...(entry.rpm !== undefined ? { rpm: entry.rpm } : {}),
      created_at: existing?.created_at ?? now.toISOString(),
    });
  }
}
