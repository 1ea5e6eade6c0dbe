/**
 * zod's record parser drops a `"__proto__"` key silently, and `JSON.parse` makes one an own key of
 * the object it builds: a map read from a file or a request could lose an entry without a word.
 * Parsers of user maps (adapter field maps, learned weights files) refuse it first with this check.
 */
export function hasOwnProtoKey(record: unknown): boolean {
  return typeof record === "object" && record !== null && Object.hasOwn(record, "__proto__");
}
