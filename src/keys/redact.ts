/**
 * What a message or a log line must never repeat: API keys and passwords written in URLs. No
 * imports, so that `arcroute/client` (meant for any fetch runtime) can use it: `format.ts` pulls in
 * `node:crypto` for key generation.
 */

/**
 * Anything written like an API key (a key prefix, then base62), well-formed or not, anywhere in a
 * text. A key pasted in the wrong place (`keys revoke ar_live_…` for a key id, a keys-file field
 * name, an org, a client's baseUrl) is still a secret: messages and logs say what it is instead of
 * repeating it.
 */
const KEY_LIKE = /ar_(?:live|test)_[0-9A-Za-z]+/g;
export const REDACTED_KEY = "<API key, not shown>";

export const containsApiKey = (text: string): boolean => text.search(KEY_LIKE) !== -1;

export const redactApiKeys = (text: string): string => text.replace(KEY_LIKE, REDACTED_KEY);

/**
 * Never echo a password from a URL or connection string, even a mistyped one ("postgres//app:pw@db",
 * "redis:/:pw@cache", a password holding an unencoded '@', "?password=pw"): whatever stands between
 * a ':' and the last '@' of a run without spaces or slashes is hidden, and so is a password parameter.
 */
export function redactUrlPasswords(text: string): string {
  return text.replace(/:[^\s/]*@/g, ":***@").replace(/([?&;](?:password|passwd|pwd)=)[^&\s'"]*/gi, "$1***");
}

/** Both: a URL (or a message quoting one) as it may be shown. Passwords first: a key used as one goes with it. */
export const redactSecrets = (text: string): string => redactApiKeys(redactUrlPasswords(text));
