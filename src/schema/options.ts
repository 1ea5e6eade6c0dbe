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

/**
 * Options a factory cannot run without, named when missing. Call after `checkOptions` (which
 * refuses a non-object): without this a missing option fails deep inside, as "Cannot read
 * properties of undefined", naming nothing the caller wrote.
 */
export function requireOptions(where: string, options: unknown, required: readonly string[]): void {
  const given = (options ?? {}) as Record<string, unknown>;
  const missing = required.filter((key) => given[key] === undefined);
  if (missing.length > 0) throw new TypeError(`${where}: missing option${missing.length > 1 ? "s" : ""} ${missing.map((key) => `\`${key}\``).join(", ")} (needs { ${required.join(", ")} })`);
}

/** A value as an error message shows it: a string quoted, so "5" is not read as the number 5. */
export const shown = (value: unknown): string => (typeof value === "string" ? JSON.stringify(value) : String(value));
