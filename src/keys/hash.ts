/** Keys are stored as the SHA-256 hex digest of the whole key string; the plain key is never stored. */
import { createHash } from "node:crypto";

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}
