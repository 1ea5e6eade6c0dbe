/**
 * The reference meaning of field filters, written independently of the adapters so that every
 * adapter's output can be checked against it (SPEC section 4):
 * - filters on the same field are alternatives (OR), different fields combine (AND);
 * - `eq` is strict equality (a string never equals a number), `gte`/`lte` hold only for numbers;
 * - an array value satisfies a condition when one of its elements does (one level, as `rerank`);
 * - a missing path matches nothing;
 * - boost score: per field the weight of the best matching alternative, summed, divided by the
 *   sum of each field's best weight, times boostWeight.
 */
export interface ReferenceFilter {
  field: string;
  operator: "eq" | "gte" | "lte";
  value: string | number;
  weight?: number;
}

export type ReferenceFieldMap = "flat" | "nested" | Record<string, string>;

const NESTED_DOMAIN: Record<string, string> = {
  arc_type: "constellation",
  emotion_primary: "constellation",
  relational_dynamics: "constellation",
  temporal_context: "constellation",
  narrative_arc: "constellation",
  memory_type: "constellation",
  tether_type: "gravity",
  valence: "gravity",
  emotional_weight: "gravity",
  strength_score: "gravity",
  drive_state: "impulse",
  motivational_orientation: "impulse",
};

export function referencePath(field: string, fields: ReferenceFieldMap = "flat"): string[] {
  if (fields === "flat") return [field];
  if (fields === "nested") return NESTED_DOMAIN[field] ? [NESTED_DOMAIN[field], field] : [field];
  return (fields[field] ?? field).split(".");
}

export function valueAt(payload: unknown, path: readonly string[]): unknown {
  let node: unknown = payload;
  for (const segment of path) {
    if (node === null || typeof node !== "object" || Array.isArray(node) || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

export function conditionHolds(actual: unknown, filter: ReferenceFilter): boolean {
  if (Array.isArray(actual)) return actual.some((element) => !Array.isArray(element) && conditionHolds(element, filter));
  if (filter.operator === "eq") return actual === filter.value;
  if (typeof actual !== "number" || typeof filter.value !== "number") return false;
  return filter.operator === "gte" ? actual >= filter.value : actual <= filter.value;
}

function byField(filters: readonly ReferenceFilter[]): Map<string, ReferenceFilter[]> {
  const groups = new Map<string, ReferenceFilter[]>();
  for (const filter of filters) groups.set(filter.field, [...(groups.get(filter.field) ?? []), filter]);
  return groups;
}

/** Does the payload pass the filters in filter mode? (No filters: everything passes.) */
export function referenceMatches(payload: unknown, filters: readonly ReferenceFilter[], fields: ReferenceFieldMap = "flat"): boolean {
  for (const [field, alternatives] of byField(filters)) {
    const actual = valueAt(payload, referencePath(field, fields));
    if (!alternatives.some((filter) => conditionHolds(actual, filter))) return false;
  }
  return true;
}

/** The boost score of a payload, in [0, boostWeight]. */
export function referenceBoost(payload: unknown, filters: readonly ReferenceFilter[], fields: ReferenceFieldMap = "flat", boostWeight = 1): number {
  let best = 0;
  let total = 0;
  for (const [field, alternatives] of byField(filters)) {
    const actual = valueAt(payload, referencePath(field, fields));
    const weights = alternatives.map((filter) => filter.weight ?? 1);
    total += Math.max(...weights);
    best += Math.max(0, ...alternatives.filter((filter) => conditionHolds(actual, filter)).map((filter) => filter.weight ?? 1));
  }
  return total === 0 ? 0 : (best / total) * boostWeight;
}

/** Ids of the documents that pass, in corpus order. */
export function referenceIds(
  corpus: readonly { id: string; payload: unknown }[],
  filters: readonly ReferenceFilter[],
  fields: ReferenceFieldMap = "flat",
): string[] {
  return corpus.filter((doc) => referenceMatches(doc.payload, filters, fields)).map((doc) => doc.id);
}
