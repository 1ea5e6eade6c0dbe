/** Option checks shared by rerank and the retriever: JavaScript callers get no type check, so bad numbers fail loudly here. */
import { checkFilterFieldNames, type FilterField } from "../schema/vocabulary.js";

export function nonNegativeInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  return value;
}

export function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

/**
 * An explicit `fetchK` below `k` would fetch fewer than the k results asked for: refused, with one
 * message, by createRetriever and by ArcrouteRetriever (which passes its fetchK through).
 */
export function fetchKAtLeastK(fetchK: number | undefined, k: number, where: string): void {
  if (fetchK !== undefined && (!Number.isInteger(fetchK) || fetchK < k)) throw new RangeError(`${where}: \`fetchK\` must be an integer ≥ k (${k}), got ${fetchK}`);
}

/**
 * `fieldWeights`: an object of filter field → multiplier in [0, 1]. A misspelt field or a number
 * outside [0, 1] (a weight of 3 would break the (0, 1] rule of filter weights) is refused.
 */
export function fieldMultipliers(option: unknown, where: string): Partial<Record<FilterField, number>> {
  if (option === undefined) return {};
  if (option === null || typeof option !== "object" || Array.isArray(option)) throw new TypeError(`${where}: \`fieldWeights\` must be an object of field → multiplier in [0, 1]`);
  const entries = Object.entries(option);
  checkFilterFieldNames(entries.map(([field]) => field), "fieldWeights");
  const bad = entries.find(([, multiplier]) => !(typeof multiplier === "number" && multiplier >= 0 && multiplier <= 1));
  if (bad) throw new RangeError(`${where}: fieldWeights.${bad[0]} must be a number in [0, 1], got ${JSON.stringify(bad[1])}`);
  return Object.fromEntries(entries) as Partial<Record<FilterField, number>>;
}
