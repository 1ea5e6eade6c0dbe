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
 *   `eq 0` names both zeros and `gte 0` starts at -0.0.
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

/** The engine's negative zero, which `= 0` and `>= 0` leave out. */
const NEGATIVE_ZERO = "-0.0";

/** Literals an equality with `value` must list: a zero is both zeros. */
const equalLiterals = (value: string | number) => (value === 0 ? [literal(value), NEGATIVE_ZERO] : [literal(value)]);

const dialect: FilterDialect<string> = {
  eq: ({ path }, value) => (value === 0 ? `${quoteLanceIdentifier(path)} IN (${equalLiterals(value).join(", ")})` : `${quoteLanceIdentifier(path)} = ${literal(value)}`),
  // Mixed strings and numbers would need type coercion; OR of equalities is exact instead.
  in: ({ path }, values) => (sameType(values) ? `${quoteLanceIdentifier(path)} IN (${values.flatMap(equalLiterals).join(", ")})` : undefined),
  range: ({ path }, op, value) => `${quoteLanceIdentifier(path)} ${op === "gte" ? ">=" : "<="} ${op === "gte" && value === 0 ? NEGATIVE_ZERO : sqlNumber(value)}`,
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
