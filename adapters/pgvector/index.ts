/**
 * pgvector (PostgreSQL, PGlite): field filters → a parameterised SQL condition.
 *
 *   const f = toPgvectorFilter(activation, { firstParam: 2 });
 *   sql = `SELECT id FROM memories WHERE ${f.where} ORDER BY embedding <=> $1 LIMIT 10`;
 *   params = [vector, ...f.params];
 *
 * - Payload in a jsonb column (default `payload`): equality is jsonb containment
 *   (`"payload" @> $2::jsonb` with `{"constellation":{"arc_type":"grief"}}`, OR-ed with the same
 *   document holding `["grief"]`, because PostgreSQL's containment finds a scalar inside an array
 *   only at the top level): type-exact ("5" ≠ 5) and served by a GIN index on the column; an array
 *   value matches when it contains the value, as in Qdrant, MongoDB and `rerank`. Ranges read the
 *   path — itself a parameter (`payload #> $3::text[]`) — and compare only JSON numbers, a number
 *   or any number in an array (`CASE jsonb_typeof(x) WHEN 'number' THEN x::numeric >= $4 WHEN
 *   'array' THEN EXISTS (… jsonb_array_elements(x) …) END`).
 * - Real columns through `columns` (EDM field → column): `"arc_type" = $2`; fields not in
 *   `columns` still go to the payload column.
 * - Only validated identifiers (double-quoted) are spliced into the SQL; every value, path and
 *   weight travels in `params`. Placeholders start at `firstParam` (default 1).
 * - Boost mode returns `{ score, params }`: an expression in [0, boostWeight] for
 *   `ORDER BY (embedding <=> $1) - <score>` or a fused score column.
 */
import { z } from "zod";
import {
  BaseOptionsSchema,
  boostWeights,
  buildFilter,
  buildCondition,
  parsePath,
  prepare,
  type BaseOptions,
  type FieldGroup,
  type FieldPath,
  type FilterDialect,
  type FilterInput,
  type RangeOperator,
} from "../shared/index.js";
import { sameType } from "../shared/sql.js";

const STORE = "pgvector";

export interface PgvectorOptions extends BaseOptions {
  /** jsonb column holding the payload (default `payload`; `alias.payload` allowed). */
  payloadColumn?: string | undefined;
  /** EDM field → real column (`arc_type`, `m.arc_type`); these fields bypass the payload column. */
  columns?: Record<string, string> | undefined;
  /** Number of the first placeholder, so callers can put the query vector at $1 (default 1). */
  firstParam?: number | undefined;
}

export interface PgvectorFilter {
  where: string;
  params: unknown[];
}

export interface PgvectorBoost {
  /** SQL expression in [0, boostWeight]; higher is a better significance match. */
  score: string;
  params: unknown[];
}

const OptionsSchema = BaseOptionsSchema.extend({
  payloadColumn: z.string().default("payload"),
  columns: z.record(z.string(), z.string()).default({}),
  firstParam: z.number().int().min(1).max(60000).default(1),
}).strict();

export function quotePgIdentifier(path: FieldPath): string {
  return path.segments.map((segment) => `"${segment}"`).join(".");
}

/** Collects parameters and hands out their placeholders. */
class Params {
  readonly values: unknown[] = [];
  constructor(private readonly first: number) {}
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.first + this.values.length - 1}`;
  }
}

export function toPgvectorFilter(input: FilterInput, options: PgvectorOptions & { mode: "boost" }): PgvectorBoost | undefined;
export function toPgvectorFilter(input: FilterInput, options?: PgvectorOptions & { mode?: "filter" | "gate" | undefined }): PgvectorFilter | undefined;
export function toPgvectorFilter(input: FilterInput, options?: PgvectorOptions): PgvectorFilter | PgvectorBoost | undefined;
export function toPgvectorFilter(input: FilterInput, options?: PgvectorOptions): PgvectorFilter | PgvectorBoost | undefined {
  const { plan, options: parsed } = prepare(STORE, { boost: true }, input, options, OptionsSchema);
  const payload = quotePgIdentifier(parsePath(STORE, parsed.payloadColumn, "payloadColumn"));
  const columns = new Map<string, string>();
  for (const [field, column] of Object.entries(parsed.columns)) {
    parsePath(STORE, field, "field name");
    columns.set(field, quotePgIdentifier(parsePath(STORE, column, `column for field '${field}'`)));
  }
  if (!plan) return undefined;

  const params = new Params(parsed.firstParam);
  const dialect = sqlDialect(params, payload, columns);
  if (plan.mode === "filter") return { where: buildFilter(plan, dialect), params: params.values };

  const fields = boostWeights(plan).map(({ group, terms }) => {
    const scored = terms.map(
      ({ weight }, index) => `CASE WHEN ${buildCondition(group, index, dialect)} THEN ${params.add(weight)}::float8 ELSE 0 END`,
    );
    return scored.length === 1 ? scored[0]! : `GREATEST(${scored.join(", ")})`;
  });
  return { score: `(${fields.join(" + ")})`, params: params.values };
}

/**
 * The SQL for one comparison depends on where the field lives: a real column compares the
 * parameter directly; the jsonb payload compares jsonb values and guards numeric casts.
 */
function sqlDialect(params: Params, payload: string, columns: ReadonlyMap<string, string>): FilterDialect<string> {
  const pathParams = new Map<string, string>();
  const jsonbAt = (group: FieldGroup) => {
    let placeholder = pathParams.get(group.field);
    if (!placeholder) {
      placeholder = params.add([...group.path.segments]);
      pathParams.set(group.field, placeholder);
    }
    return `(${payload} #> ${placeholder}::text[])`;
  };
  // Equality as jsonb containment: `payload @> '{"gravity":{"valence":"negative"}}'` is type-exact
  // for scalars and is served by a GIN index on the payload column. Below the top level PostgreSQL
  // finds a scalar inside an array only when the document asks for an array (`{"valence":["negative"]}`),
  // so both are asked (two index scans OR-ed).
  const document = (group: FieldGroup, value: unknown) => JSON.stringify(group.path.segments.reduceRight<unknown>((inner, segment) => ({ [segment]: inner }), value));
  const contains = (group: FieldGroup, value: string | number) =>
    `(${payload} @> ${params.add(document(group, value))}::jsonb OR ${payload} @> ${params.add(document(group, [value]))}::jsonb)`;
  const cmp = (op: RangeOperator) => (op === "gte" ? ">=" : "<=");
  return {
    eq: (group, value) => {
      const column = columns.get(group.field);
      return column ? `${column} = ${params.add(value)}` : contains(group, value);
    },
    in: (group, values) => {
      const column = columns.get(group.field);
      if (!column) return `(${values.map((value) => contains(group, value)).join(" OR ")})`;
      return sameType(values) ? `${column} IN (${values.map((v) => params.add(v)).join(", ")})` : undefined;
    },
    range: (group, op, value) => {
      const column = columns.get(group.field);
      if (column) return `${column} ${cmp(op)} ${params.add(value)}`;
      const x = jsonbAt(group);
      const bound = `${params.add(value)}::numeric`;
      // CASE, not AND: PostgreSQL does not promise to evaluate a type test before a cast. An array
      // holds when any of its numbers does; anything else (a string "0.9", null, a missing path) is NULL: no match.
      const element = `CASE WHEN jsonb_typeof(e.value) = 'number' THEN (e.value)::numeric END ${cmp(op)} ${bound}`;
      return `CASE jsonb_typeof(${x}) WHEN 'number' THEN (${x})::numeric ${cmp(op)} ${bound} WHEN 'array' THEN EXISTS (SELECT 1 FROM jsonb_array_elements(${x}) AS e WHERE ${element}) END`;
    },
    or: (parts) => `(${parts.join(" OR ")})`,
    and: (parts) => `(${parts.join(" AND ")})`,
  };
}
