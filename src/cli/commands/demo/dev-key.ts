/** PROVISIONAL until the key helpers of the handler set land: a key written through the store contract. */
import { createHash, randomInt } from "node:crypto";
import type { ArcStore, Scope, Tier } from "../../../stores/types.js";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export interface KeyRequest {
  org: string;
  tier: Tier;
  scopes: Scope[];
  mode: "live" | "test";
}

/** Creates the organization when needed and one key for it; returns the plain key (stored hashed). */
export async function issueKey(store: ArcStore, request: KeyRequest): Promise<string> {
  const secret = Array.from({ length: 32 }, () => BASE62[randomInt(BASE62.length)]).join("");
  const key = `ar_${request.mode}_${secret}`;
  const now = new Date().toISOString();
  if (!(await store.getOrganization(request.org))) await store.putOrganization({ id: request.org, tier: request.tier, created_at: now });
  await store.insertApiKey({
    id: `key_${secret.slice(0, 10)}`,
    org_id: request.org,
    hash: createHash("sha256").update(key).digest("hex"),
    prefix: `ar_${request.mode}_`,
    last4: secret.slice(-4),
    mode: request.mode,
    scopes: request.scopes,
    created_at: now,
    revoked_at: null,
  });
  return key;
}
