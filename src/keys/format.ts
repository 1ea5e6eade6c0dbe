/**
 * The API key format: `ar_live_<secret>` (billed) or `ar_test_<secret>` (never billed), the secret
 * being at least 24 base62 characters. Generated keys carry 32 characters (~190 bits) from the
 * system CSPRNG.
 */
import { randomInt } from "node:crypto";

export type KeyMode = "live" | "test";

export const KEY_PREFIXES = { live: "ar_live_", test: "ar_test_" } as const satisfies Record<KeyMode, string>;
export const MIN_SECRET_CHARS = 24;
export const GENERATED_SECRET_CHARS = 32;
/** Longer input is not a key: refuse it before hashing arbitrary attacker-sized strings. */
export const MAX_SECRET_CHARS = 128;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const KEY_PATTERN = new RegExp(`^ar_(live|test)_([0-9A-Za-z]{${MIN_SECRET_CHARS},${MAX_SECRET_CHARS}})$`);

export interface ParsedKey {
  mode: KeyMode;
  prefix: (typeof KEY_PREFIXES)[KeyMode];
  secret: string;
}

/** A new plain key; `randomInt` draws without modulo bias. */
export function generateApiKey(mode: KeyMode = "live"): string {
  if (!Object.hasOwn(KEY_PREFIXES, mode)) throw new RangeError(`key mode must be "live" or "test", got ${JSON.stringify(mode)}`);
  let secret = "";
  for (let i = 0; i < GENERATED_SECRET_CHARS; i++) secret += BASE62[randomInt(BASE62.length)];
  return KEY_PREFIXES[mode] + secret;
}

/** The parts of a well-formed key, or null for anything else (no detail: callers answer 401). */
export function parseApiKey(key: string): ParsedKey | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const mode = match[1] as KeyMode;
  return { mode, prefix: KEY_PREFIXES[mode], secret: match[2]! };
}

export const isApiKeyFormat = (key: string): boolean => parseApiKey(key) !== null;
