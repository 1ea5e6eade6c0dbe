/**
 * A bounded memo from a presented key to its SHA-256 hex digest, so that a client sending the same
 * key on every request has it hashed once rather than per request.
 *
 * - Keys stay hashed at rest: the memo lives in process memory only, like the key each request carries.
 * - It only saves the hashing: every request still looks the digest up in the store, so revoking a
 *   key takes effect on the next request, and lookups stay exact.
 * - Only keys the store knew are remembered, at most `capacity` of them (oldest out first): a flood
 *   of made-up keys neither grows it nor pushes real keys out.
 */
export const DEFAULT_DIGEST_CAPACITY = 1024;

export interface KeyDigests {
  /** The remembered digest of `key` (a well-formed key the store knew), or undefined. */
  lookup(key: string): string | undefined;
  /** Remembers the digest of a well-formed key the store knew. */
  remember(key: string, digest: string): void;
}

export function createKeyDigests(capacity: number = DEFAULT_DIGEST_CAPACITY): KeyDigests {
  const digests = new Map<string, string>();
  return {
    lookup: (key) => digests.get(key),
    remember(key, digest) {
      if (capacity < 1 || digests.has(key)) return;
      if (digests.size >= capacity) digests.delete(digests.keys().next().value!);
      digests.set(key, digest);
    },
  };
}
