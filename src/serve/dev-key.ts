/**
 * The key `arcroute serve` issues when it is started without `--keys`: test mode (`ar_test_`,
 * never billed), every scope, organization `dev` on the Scale plan (300 requests per minute) so
 * that trying the API by hand is not throttled. Printed once; only its hash is stored.
 */
import { createApiKey, type CreatedKey } from "../keys/index.js";
import { SCOPES, type ArcStore } from "../stores/types.js";

export const DEV_ORG = "dev";

export function issueDevKey(store: ArcStore, now: Date = new Date()): Promise<CreatedKey> {
  return createApiKey(store, { org: DEV_ORG, tier: "scale", scopes: [...SCOPES], mode: "test", now });
}
