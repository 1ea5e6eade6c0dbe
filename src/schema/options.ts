/**
 * An options argument as the public factories take it: a plain object (or nothing) whose keys are
 * all known. Without this a misspelt option (`dataDir` for `dir`, `trust_proxy` for `trustProxy`)
 * is ignored silently and the factory runs on defaults — a throwaway database, an open proxy.
 */
export function checkOptions(where: string, options: unknown, known: readonly string[]): void {
  if (options === undefined) return;
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`${where}: options must be an object, got ${options === null ? "null" : Array.isArray(options) ? "an array" : typeof options}`);
  }
  const unknown = Object.keys(options).find((key) => !known.includes(key));
  if (unknown !== undefined) throw new TypeError(`${where}: unknown option '${unknown}' (known: ${known.join(", ")})`);
}

/** A function-valued member an object must have, e.g. a store's `recordActivation`. */
export function hasMethods(value: unknown, methods: readonly string[]): boolean {
  return typeof value === "object" && value !== null && methods.every((m) => typeof (value as Record<string, unknown>)[m] === "function");
}
