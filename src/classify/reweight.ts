/**
 * Rescaling an activation's filter weights by multipliers in [0, 1]: what learned weights do to a
 * classifier's answers (`withLearnedWeights`) and what the retriever's `fieldWeights` do before
 * routing, one rule for both so a multiplier means the same thing everywhere.
 */
import type { ActivationResult, FieldFilter } from "../schema/activation.js";
import { primaryDomain } from "./filters.js";

/** Smallest weight a kept filter may carry (the schema wants weights in (0, 1]). */
export const MIN_FILTER_WEIGHT = 0.05;

/**
 * A filter weight times a multiplier in [0, 1], in hundredths, at least MIN_FILTER_WEIGHT, and
 * never above the weight it had: a multiplier of 1 leaves any weight as it was, and the floor
 * does not raise a weight below it (an LLM hook or a custom classifier may give 0.01 or 0.123).
 */
export function scaledWeight(weight: number, multiplier: number): number {
  if (multiplier === 1) return weight;
  const scaled = Math.round(weight * multiplier * 100) / 100;
  return Math.min(weight, Math.max(MIN_FILTER_WEIGHT, scaled));
}

/**
 * The result with every filter's weight times `multiplierOf(filter)`; filters whose multiplier is
 * below `dropBelow` are removed. A result with a closed gate comes back as it is; the gate and the
 * arc types never change; the primary domain follows the new weights (the classifier's definition:
 * the domain whose fields carry most of the filter weight).
 */
export function reweightFilters<R extends Pick<ActivationResult, "significance_gate" | "field_filters" | "primary_domain">>(
  result: R,
  multiplierOf: (filter: FieldFilter) => number,
  dropBelow = 0,
): R {
  if (!result.significance_gate) return result;
  const filters: FieldFilter[] = [];
  for (const filter of result.field_filters) {
    const multiplier = multiplierOf(filter);
    if (multiplier < dropBelow) continue;
    filters.push({ ...filter, weight: scaledWeight(filter.weight, multiplier) });
  }
  const unchanged = filters.length === result.field_filters.length && filters.every((f, i) => f.weight === result.field_filters[i]!.weight);
  if (unchanged) return { ...result, field_filters: filters };
  return { ...result, field_filters: filters, primary_domain: primaryDomain(filters) ?? result.primary_domain };
}
