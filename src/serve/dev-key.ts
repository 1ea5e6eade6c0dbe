/**
 * The key `arcroute serve` issues when it is started without `--keys`: test mode (`ar_test_`,
 * never billed), every scope, organization `dev` on the Scale plan (300 requests per minute) so
 * that trying the API by hand is not throttled. Printed once; only its hash is stored.
 */
import { createApiKey, type CreatedKey } from "../keys/index.js";
import { SCOPES, type ArcStore } from "../stores/types.js";

export const DEV_ORG = "dev";

/**
 * Issues a new dev key and revokes the earlier ones still active (on a durable store every start
 * issued one, and each stayed valid with every scope after it had been printed to some log): only
 * the key printed last works.
 */
export async function issueDevKey(store: ArcStore, now: Date = new Date()): Promise<CreatedKey> {
  const earlier = (await store.listApiKeys(DEV_ORG)).filter((key) => key.revoked_at === null && key.mode === "test");
  const created = await createApiKey(store, { org: DEV_ORG, tier: "scale", scopes: [...SCOPES], mode: "test", now });
  for (const key of earlier) await store.revokeApiKey(key.id, now.toISOString());
  return created;
}
