/** Dev keys for the demo server and the ecosystem tests: a thin wrapper over the key helpers of src/keys. */
import { createApiKey } from "../../../keys/index.js";
import type { ArcStore, Scope, Tier } from "../../../stores/types.js";

export interface KeyRequest {
  org: string;
  tier: Tier;
  scopes: Scope[];
  mode: "live" | "test";
}

/** Creates the organization when needed and one key for it; returns the plain key (stored hashed). */
export async function issueKey(store: ArcStore, request: KeyRequest): Promise<string> {
  const { key } = await createApiKey(store, request);
  return key;
}
