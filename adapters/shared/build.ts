/**
 * The one place where the OR-within-a-field / AND-across-fields shape is built. A store supplies
 * a dialect (how to write one comparison, a set membership, OR and AND) and gets its filter.
 * Comparisons receive the whole field group, so a dialect can look at the field as well as its path.
 */
import type { FieldGroup, FilterPlan, RangeOperator } from "./plan.js";

export interface FilterDialect<T> {
  eq(group: FieldGroup, value: string | number): T;
  /** Several equality alternatives at once; return `undefined` to fall back to OR of `eq`. */
  in?(group: FieldGroup, values: (string | number)[]): T | undefined;
  range(group: FieldGroup, op: RangeOperator, value: number): T;
  /** Called with at least two parts. */
  or(parts: T[]): T;
  /** Called with at least two parts. */
  and(parts: T[]): T;
}

function combine<T>(parts: T[], join: (parts: T[]) => T): T {
  return parts.length === 1 ? parts[0]! : join(parts);
}

/** One field's alternatives as a single clause. */
export function buildGroup<T>(group: FieldGroup, dialect: FilterDialect<T>): T {
  const equal = group.conditions.filter((c) => c.op === "eq").map((c) => c.value);
  const parts: T[] = [];
  const set = equal.length > 1 ? dialect.in?.(group, equal) : undefined;
  if (set !== undefined) parts.push(set);
  else parts.push(...equal.map((value) => dialect.eq(group, value)));
  for (const c of group.conditions) {
    if (c.op !== "eq") parts.push(dialect.range(group, c.op, c.value as number));
  }
  return combine(parts, (p) => dialect.or(p));
}

/** One condition of a field as a clause (boost modes score conditions one by one). */
export function buildCondition<T>(group: FieldGroup, index: number, dialect: FilterDialect<T>): T {
  return buildGroup({ ...group, conditions: [group.conditions[index]!] }, dialect);
}

/** The whole plan as a hard filter: AND over fields of OR within each field. */
export function buildFilter<T>(plan: FilterPlan, dialect: FilterDialect<T>): T {
  return combine(
    plan.groups.map((group) => buildGroup(group, dialect)),
    (p) => dialect.and(p),
  );
}
