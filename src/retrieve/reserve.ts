/**
 * Places in the k results held for candidates that fusion alone would push out: hedges against
 * the classifier being wrong, bought with a few of the k places.
 */
import type { FilterPlan } from "../../adapters/shared/index.js";
import { satisfies, valueAt } from "./match.js";
import type { RankedCandidate } from "./types.js";

/**
 * The best `k` of `ranked` (fused order), keeping every id of `reserved` that is in `ranked`:
 * those take their places first, the rest go to the best of the others; fused order stays.
 * More reserved candidates than k: the best k of them by fused order.
 */
export function keepingReserved<C extends RankedCandidate<unknown>>(ranked: readonly C[], reserved: Iterable<string>, k: number): C[] {
  const wanted = new Set(reserved);
  const kept = new Set(ranked.filter((r) => wanted.has(r.id)).map((r) => r.id));
  let others = Math.max(0, k - kept.size);
  return ranked.filter((r) => kept.has(r.id) || others-- > 0).slice(0, k);
}

/**
 * For every field of `fields` with several alternative filters (e.g. the arc types the activation
 * ranks), the ids of the best `n` ranked candidates satisfying each alternative: the classifier's
 * second guess gets its best memories shown even when its first guess fills the list.
 */
export function bestPerAlternative(ranked: readonly RankedCandidate<unknown>[], plan: FilterPlan, fields: readonly string[], n: number): string[] {
  const ids: string[] = [];
  if (n <= 0) return ids;
  for (const group of plan.groups) {
    if (!fields.includes(group.field) || group.conditions.length < 2) continue;
    for (const condition of group.conditions) {
      ids.push(...ranked.filter((r) => satisfies(valueAt(r.payload, group.path.segments), condition)).slice(0, n).map((r) => r.id));
    }
  }
  return ids;
}
