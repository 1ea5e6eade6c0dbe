/**
 * The store-independent meaning of a set of field filters, computed once:
 * which fields, at which payload paths, with which alternative conditions, in which mode.
 *
 * Semantics (SPEC section 4): filters on the same field are alternatives (OR); different fields
 * combine (AND). In boost mode every field contributes the weight of its best matching
 * alternative; the sum is normalised by the best possible sum, so a payload matching every field
 * scores exactly `boostWeight` and one matching nothing scores 0.
 */
import { AdapterError } from "./errors.js";
import { normaliseInput } from "./input.js";
import type { ParsedOptions } from "./options.js";
import type { FieldPath } from "./paths.js";

export type Operator = "eq" | "gte" | "lte";
export type RangeOperator = Exclude<Operator, "eq">;

export interface Condition {
  op: Operator;
  value: string | number;
  weight: number;
}

export interface FieldGroup {
  field: string;
  path: FieldPath;
  /** Alternatives, de-duplicated, heaviest first (ties keep input order). */
  conditions: Condition[];
}

export interface FilterPlan {
  mode: "filter" | "boost";
  groups: FieldGroup[];
  boostWeight: number;
}

/** What a store can express beyond hard filters. */
export interface StoreCapabilities {
  /** `true`, or the reason boost mode is impossible (shown in the error). */
  boost: true | string;
  /**
   * The store's own rules for a payload path (flat metadata only, reserved words), applied to every
   * entry of the field map on every call, whether or not today's filters use it: a bad map is a
   * configuration error at the first call, not at the first significant query. Throws AdapterError.
   */
  checkPath?: (path: FieldPath, field: string) => void;
}

/**
 * Input + options → plan, or `undefined` for "no filter" (no field filters, or a closed gate in
 * gate mode). Throws AdapterError for anything invalid or unsupported.
 */
export function planFilters(
  store: string,
  input: unknown,
  options: ParsedOptions,
  capabilities: StoreCapabilities,
): FilterPlan | undefined {
  if (options.mode === "boost" && capabilities.boost !== true) {
    throw new AdapterError(store, `boost mode is not supported: ${capabilities.boost}. Use mode 'filter' or 'gate', and rerank() for soft scoring`);
  }
  const { filters, gate } = normaliseInput(store, input);
  if (options.mode === "gate") {
    if (gate === undefined) {
      throw new AdapterError(store, "gate mode needs an ActivationResult (a FieldFilter[] carries no significance_gate)");
    }
    if (!gate) return undefined;
  }
  if (filters.length === 0) return undefined;

  const groups = new Map<string, FieldGroup>();
  for (const filter of filters) {
    let group = groups.get(filter.field);
    if (!group) {
      group = { field: filter.field, path: options.pathOf(filter.field), conditions: [] };
      groups.set(filter.field, group);
    }
    const same = group.conditions.find((c) => c.op === filter.operator && c.value === filter.value);
    if (same) same.weight = Math.max(same.weight, filter.weight);
    else group.conditions.push({ op: filter.operator, value: filter.value, weight: filter.weight });
  }
  for (const group of groups.values()) group.conditions.sort((a, b) => b.weight - a.weight);
  return { mode: options.mode === "boost" ? "boost" : "filter", groups: [...groups.values()], boostWeight: options.boostWeight };
}

/**
 * Boost weights as they enter a store's score: each condition's weight divided by the sum of
 * the fields' best weights, times `boostWeight`. Conditions stay heaviest first, so "the first
 * matching condition of a field" is that field's best match (dialects without a max() rely on it).
 */
export function boostWeights(plan: FilterPlan): { group: FieldGroup; terms: { condition: Condition; weight: number }[] }[] {
  const total = plan.groups.reduce((sum, group) => sum + group.conditions[0]!.weight, 0);
  return plan.groups.map((group) => ({
    group,
    terms: group.conditions.map((condition) => ({ condition, weight: (condition.weight / total) * plan.boostWeight })),
  }));
}
