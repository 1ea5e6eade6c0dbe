/** Keys are stored as the SHA-256 hex digest of the whole key string; the plain key is never stored. */
import { createHash } from "node:crypto";

export function hashApiKey(key: string): string {
  // Node's own refusal speaks of a "data" argument the caller never named.
  if (typeof key !== "string") throw new TypeError(`hashApiKey: the key must be a string, got ${key === null ? "null" : typeof key}`);
  return createHash("sha256").update(key, "utf8").digest("hex");
}
