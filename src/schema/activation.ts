/**
 * zod schemas of the activation contract (contract sections 2.1–2.4), with the gaps filled
 * as SPEC.md decides: canonical EDM values only, weights in (0, 1], confidence in [0, 1],
 * and an inactive gate means no arc types, no domain and no filters.
 */
import { z } from "zod";
import {
  ARC_TYPES,
  EDM_DOMAINS,
  FILTER_FIELDS,
  isCanonicalValue,
  isCategoricalField,
  isNumericField,
  type FilterField,
} from "./vocabulary.js";

/** Comparison operators: `eq` for categorical fields, `gte`/`lte` for numeric ones. */
export const OPERATORS = ["eq", "gte", "lte"] as const;
export type Operator = (typeof OPERATORS)[number];

export const FieldFilterSchema = z
  .object({
    field: z.enum(FILTER_FIELDS as [FilterField, ...FilterField[]]),
    operator: z.enum(OPERATORS),
    value: z.union([z.string(), z.number()]),
    weight: z.number().gt(0).lte(1),
  })
  .superRefine((filter, ctx) => {
    if (isCategoricalField(filter.field)) {
      if (filter.operator !== "eq") {
        ctx.addIssue({ code: "custom", path: ["operator"], message: `'${filter.field}' takes only 'eq'` });
      }
      if (!isCanonicalValue(filter.field, filter.value)) {
        ctx.addIssue({ code: "custom", path: ["value"], message: `not a canonical '${filter.field}' value` });
      }
    } else if (isNumericField(filter.field)) {
      if (filter.operator === "eq") {
        ctx.addIssue({ code: "custom", path: ["operator"], message: `'${filter.field}' takes 'gte' or 'lte'` });
      }
      if (typeof filter.value !== "number" || !(filter.value >= 0 && filter.value <= 1)) {
        ctx.addIssue({ code: "custom", path: ["value"], message: `'${filter.field}' is a number in [0, 1]` });
      }
    }
  })
  .meta({ id: "FieldFilter", description: "One structured filter on an EDM field." });
export type FieldFilter = z.infer<typeof FieldFilterSchema>;

const ActivationShape = z.object({
  activation_id: z
    .string()
    .uuid()
    .nullable()
    .describe("UUID of the persisted arc_activation_event; null when nothing was persisted."),
  arc_types: z.array(z.enum(ARC_TYPES)).max(3).describe("Canonical arc types, best first, at most 3."),
  primary_domain: z.enum(EDM_DOMAINS).nullable(),
  field_filters: z.array(FieldFilterSchema),
  confidence: z.number().min(0).max(1),
  significance_gate: z.boolean(),
});

export const ActivationResultSchema = ActivationShape.superRefine((result, ctx) => {
  if (!result.significance_gate) {
    if (result.arc_types.length > 0) ctx.addIssue({ code: "custom", path: ["arc_types"], message: "must be empty when the gate is false" });
    if (result.field_filters.length > 0) ctx.addIssue({ code: "custom", path: ["field_filters"], message: "must be empty when the gate is false" });
    if (result.primary_domain !== null) ctx.addIssue({ code: "custom", path: ["primary_domain"], message: "must be null when the gate is false" });
  }
  if (new Set(result.arc_types).size !== result.arc_types.length) {
    ctx.addIssue({ code: "custom", path: ["arc_types"], message: "must not repeat an arc type" });
  }
}).meta({ id: "ActivationResult", description: "What the classifier found in a query (contract 2.2)." });
export type ActivationResult = z.infer<typeof ActivationResultSchema>;

export const ActivationMetaSchema = z
  .object({
    query: z.string().describe("The query as received."),
    classifier_model: z.string().min(1).describe("Classifier name and version, e.g. arcroute-lexicon@1."),
    activated_at: z.string().datetime().describe("ISO 8601 UTC timestamp."),
    top_k: z.number().int().min(1).max(100).describe("Number of results the caller should retrieve."),
  })
  .meta({ id: "ActivationMeta" });
export type ActivationMeta = z.infer<typeof ActivationMetaSchema>;
