/**
 * LanceDB: field filters → a SQL `where` string for `table.query().where(...)` or
 * `table.vectorSearch(v).where(...)` (LanceDB's DataFusion SQL dialect).
 *
 * - Paths become backtick-quoted identifiers; nested paths are struct field access
 *   (`` `constellation`.`arc_type` ``). The path grammar already excludes backticks.
 * - Strings are single-quoted with `'` doubled; LanceDB treats backslashes literally, so no
 *   other escaping exists to get wrong (tests run hostile strings through the real engine).
 * - Boost mode returns `{ score }`: a SQL expression in [0, boostWeight] to project with
 *   `.select({ arcroute_boost: score, ... })` and fuse with the vector distance (see `rerank`).
 *   LanceDB rejects CASE in projections, so a match is `coalesce(CAST(<cond> AS DOUBLE), 0)`.
 * - DataFusion orders a stored -0 below 0 (JavaScript and the other stores hold them equal), so
 *   `eq 0` and `gte 0` also accept `CAST(<col> AS DOUBLE) = -0.0`: the -0.0 literal is compared with
 *   a cast, never with the column, because LanceDB converts a literal to the column's type and
 *   refuses every float literal (even -0.0) for an integer column.
 */
import { boostWeights, buildCondition, buildFilter, prepare, type BaseOptions, type FieldPath, type FilterDialect, type FilterInput } from "../shared/index.js";
import { sameType, sqlNumber } from "../shared/sql.js";

const STORE = "lancedb";

export type LanceDbOptions = BaseOptions;

/** Boost mode result: a score expression to project next to the vector distance. */
export interface LanceDbBoost {
  score: string;
}

export function quoteLanceIdentifier(path: FieldPath): string {
  return path.segments.map((segment) => `\`${segment}\``).join(".");
}

export function quoteLanceString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function literal(value: string | number): string {
  return typeof value === "number" ? sqlNumber(value) : quoteLanceString(value);
}

/**
 * `clause`, or also a stored -0 when `zero` (the clause names 0 as an equal value or a lower bound,
 * which `= 0` and `>= 0` leave out). The -0.0 literal meets the column through a cast: next to the
 * column itself LanceDB would convert it to the column's type, which an integer column refuses.
 */
function orNegativeZero(column: string, clause: string, zero: boolean): string {
  return zero ? `(${clause} OR CAST(${column} AS DOUBLE) = -0.0)` : clause;
}

const dialect: FilterDialect<string> = {
  eq: ({ path }, value) => {
    const column = quoteLanceIdentifier(path);
    return orNegativeZero(column, `${column} = ${literal(value)}`, value === 0);
  },
  // Mixed strings and numbers would need type coercion; OR of equalities is exact instead.
  in: ({ path }, values) => {
    if (!sameType(values)) return undefined;
    const column = quoteLanceIdentifier(path);
    return orNegativeZero(column, `${column} IN (${values.map(literal).join(", ")})`, values.includes(0));
  },
  range: ({ path }, op, value) => {
    const column = quoteLanceIdentifier(path);
    return orNegativeZero(column, `${column} ${op === "gte" ? ">=" : "<="} ${sqlNumber(value)}`, op === "gte" && value === 0);
  },
  or: (parts) => `(${parts.join(" OR ")})`,
  and: (parts) => parts.map((part) => (part.startsWith("(") ? part : `(${part})`)).join(" AND "),
};

export function toLanceDbFilter(input: FilterInput, options: LanceDbOptions & { mode: "boost" }): LanceDbBoost | undefined;
export function toLanceDbFilter(input: FilterInput, options?: LanceDbOptions & { mode?: "filter" | "gate" | undefined }): string | undefined;
export function toLanceDbFilter(input: FilterInput, options?: LanceDbOptions): string | LanceDbBoost | undefined;
export function toLanceDbFilter(input: FilterInput, options?: LanceDbOptions): string | LanceDbBoost | undefined {
  const { plan } = prepare(STORE, { boost: true }, input, options);
  if (!plan) return undefined;
  if (plan.mode === "filter") return buildFilter(plan, dialect);
  const fields = boostWeights(plan).map(({ group, terms }) => {
    const scored = terms.map(({ weight }, index) => {
      const match = buildCondition(group, index, dialect);
      return `coalesce(CAST(${match} AS DOUBLE), 0) * ${sqlNumber(weight)}`;
    });
    return scored.length === 1 ? scored[0]! : `greatest(${scored.join(", ")})`;
  });
  return { score: `(${fields.join(" + ")})` };
}
