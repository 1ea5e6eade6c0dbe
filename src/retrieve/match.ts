/**
 * How well a payload matches an activation's field filters, evaluated in memory over the same
 * filter plan the adapters build (adapters/shared: validation, field grouping, payload paths),
 * so `rerank` and the store filters agree on what "matches" means.
 *
 * matchScore = Σ_fields w_f · [payload satisfies some filter of field f] / Σ_fields w_f
 * where w_f is the weight of the heaviest filter of field f that the payload satisfies
 * (numerator) or of the heaviest filter of field f (denominator). Several filters on one field
 * are alternatives, so only the best satisfied one counts; the result is in [0, 1].
 */
import { normaliseInput, prepare, type BaseOptions, type Condition, type FieldGroup, type FilterPlan } from "../../adapters/shared/index.js";
import type { ActivationResult, FieldFilter } from "../schema/activation.js";

/** The store name errors are reported under. */
const SOURCE = "rerank";

/** Field map as the adapters take it: "flat" (default), "nested", or EDM field → payload path. */
export type FieldMapOption = BaseOptions["fields"];

/** The activation's filters as a plan, or undefined when nothing is routed (gate closed, no filters). */
export function matchPlan(activation: ActivationResult | readonly FieldFilter[], fields?: FieldMapOption): FilterPlan | undefined {
  // What the adapters refuse (null, an object without significance_gate) is refused here too.
  if (normaliseInput(SOURCE, activation).gate === false) return undefined;
  return prepare(SOURCE, { boost: true }, activation, { mode: "boost", ...(fields === undefined ? {} : { fields }) }).plan;
}

/**
 * The value at a payload path; undefined when any segment is missing. A path does not go through
 * an array (segments are names, never indexes, so no store's path reads an array's `length`).
 */
export function valueAt(payload: unknown, segments: readonly string[]): unknown {
  let value = payload;
  for (const segment of segments) {
    if (value === null || typeof value !== "object" || Array.isArray(value) || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/**
 * One condition against one payload value; an array value matches when any element does, one
 * level deep as in the stores' filters (an array inside the array is not looked into).
 */
export function satisfies(value: unknown, condition: Condition): boolean {
  if (Array.isArray(value)) return value.some((element) => !Array.isArray(element) && satisfies(element, condition));
  if (condition.op === "eq") return value === condition.value;
  if (typeof value !== "number" || typeof condition.value !== "number") return false;
  return condition.op === "gte" ? value >= condition.value : value <= condition.value;
}

/** Weight of the heaviest satisfied alternative of one field (conditions are heaviest first). */
function fieldMatch(group: FieldGroup, payload: Record<string, unknown>): number {
  const value = valueAt(payload, group.path.segments);
  return group.conditions.find((condition) => satisfies(value, condition))?.weight ?? 0;
}

export function matchScore(plan: FilterPlan, payload: Record<string, unknown>): number {
  let matched = 0;
  let total = 0;
  for (const group of plan.groups) {
    matched += fieldMatch(group, payload);
    total += group.conditions[0]!.weight;
  }
  return total > 0 ? matched / total : 0;
}

/** Filter mode in memory: every field has a satisfied alternative. */
export function satisfiesAll(plan: FilterPlan, payload: Record<string, unknown>): boolean {
  return plan.groups.every((group) => fieldMatch(group, payload) > 0);
}
