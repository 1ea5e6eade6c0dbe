/** Helpers shared by the SQL-like dialects (LanceDB, pgvector, Milvus). */

/** A finite number as a literal. String() is exact and round-trips; exponent forms (1e-7) are valid SQL. */
export function sqlNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  return String(value);
}

/** True when all values are strings or all are numbers (an IN list needs one type). */
export function sameType(values: readonly (string | number)[]): boolean {
  return values.every((value) => typeof value === typeof values[0]);
}
