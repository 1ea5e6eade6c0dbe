/** Option checks shared by rerank and the retriever: JavaScript callers get no type check, so bad numbers fail loudly here. */

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
