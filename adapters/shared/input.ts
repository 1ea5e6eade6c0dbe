/**
 * What adapters accept: an ActivationResult (from `classify` or `/v1/activate`) or a bare
 * FieldFilter[]. Users build their own FieldFilter[] too, so the adapters validate the shape
 * themselves and treat every value as hostile; they do NOT insist on canonical EDM values, so
 * that users can filter their own fields and vocabularies with the same code.
 */
import { z } from "zod";
import type { ActivationResult, FieldFilter } from "../../src/schema/activation.js";
import { AdapterError } from "./errors.js";

/** A field filter as adapters accept it: FieldFilter, with any field name and an optional weight. */
export interface AdapterFieldFilter {
  field: string;
  operator: "eq" | "gte" | "lte";
  value: string | number;
  /** (0, 1], default 1; only boost mode uses it. */
  weight?: number | undefined;
}

export type FilterInput = ActivationResult | readonly FieldFilter[] | readonly AdapterFieldFilter[];

/** Bounds that keep a filter small enough for any store's query-size limits. */
const MAX_FILTERS = 64;
const MAX_STRING_LENGTH = 1024;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const StringValue = z
  .string()
  .max(MAX_STRING_LENGTH)
  // PostgreSQL text and jsonb cannot hold NUL; C-string based engines truncate at it.
  .refine((value) => !value.includes("\u0000"), "must not contain NUL (U+0000)")
  // Not valid Unicode: cannot be encoded as UTF-8 for any engine.
  .refine((value) => !LONE_SURROGATE.test(value), "must not contain lone UTF-16 surrogates");

const FilterSchema = z
  .object({
    field: z.string().min(1),
    operator: z.enum(["eq", "gte", "lte"]),
    value: z.union([StringValue, z.number().finite()]),
    weight: z.number().gt(0).lte(1).default(1),
  })
  .refine((filter) => filter.operator === "eq" || typeof filter.value === "number", {
    message: "'gte' and 'lte' compare numbers only",
    path: ["value"],
  });

export type NormalisedFilter = z.output<typeof FilterSchema>;

const ActivationLike = z.object({
  significance_gate: z.boolean(),
  // The length is checked below, with the same message as for a bare FieldFilter[].
  field_filters: z.array(z.unknown()),
});

export interface NormalisedInput {
  filters: NormalisedFilter[];
  /** The activation's significance gate; `undefined` for a bare FieldFilter[]. */
  gate: boolean | undefined;
}

export function normaliseInput(store: string, input: unknown): NormalisedInput {
  let raw: unknown[];
  let gate: boolean | undefined;
  if (Array.isArray(input)) {
    raw = input;
  } else {
    const activation = ActivationLike.safeParse(input);
    if (!activation.success) {
      throw new AdapterError(store, "input must be an ActivationResult or a FieldFilter[]");
    }
    raw = activation.data.field_filters;
    gate = activation.data.significance_gate;
  }
  if (raw.length > MAX_FILTERS) throw new AdapterError(store, `at most ${MAX_FILTERS} field filters are accepted`);
  const filters = raw.map((item, index) => {
    const parsed = FilterSchema.safeParse(item);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `.${issue.path.join(".")}` : "";
    throw new AdapterError(store, `field_filters[${index}]${where}: ${issue.message}`);
  });
  return { filters, gate };
}
