/**
 * Learned weights: per-field and per-value multipliers of filter weights (filters that keep
 * failing the users get less say, and below `drop_below` are dropped altogether) and the fusion
 * weight `rerank` gives filter matches against vector similarity. Written by `arcroute learn`,
 * read by `withLearnedWeights` (classification) and passed to `rerank` (fusion).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import type { FieldFilter } from "../schema/activation.js";
import { FILTER_FIELDS, type FilterField } from "../schema/vocabulary.js";
import type { Classification, Classifier } from "../classify/types.js";
import { primaryDomain } from "../classify/filters.js";

export const LEARNED_WEIGHTS_FORMAT = "arcroute-learned-weights@1";

export const LearnedWeightsSchema = z.object({
  format: z.literal(LEARNED_WEIGHTS_FORMAT),
  /** What the weights were learned from. */
  learned_from: z.object({ feedback: z.number().int().min(0), hits: z.number().int().min(0), organizations: z.number().int().min(0) }),
  /** Multiplier in [0, 1] per field; a field not listed keeps its weight (multiplier 1). */
  fields: z.partialRecord(z.enum(FILTER_FIELDS as [FilterField, ...FilterField[]]), z.number().min(0).max(1)),
  /** Multiplier in [0, 1] per filter value, keyed `field=value` (e.g. `tether_type=self`), applied on top of the field's. */
  values: z.record(z.string().regex(/^[a-z_]+=.+$/), z.number().min(0).max(1)).default({}),
  /** Filters of a field whose multiplier is below this are removed (hard filters cannot be "a bit" applied). */
  drop_below: z.number().min(0).max(1),
  /** Weight of filter matches against vector similarity in `rerank` fusion, in [0, 1]. */
  fusion: z.number().min(0).max(1),
});
export type LearnedWeights = z.infer<typeof LearnedWeightsSchema>;

/** Smallest weight a kept filter may carry (the schema wants weights in (0, 1]). */
const MIN_FILTER_WEIGHT = 0.05;

export function readLearnedWeights(path: string): LearnedWeights {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`cannot read learned weights ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = LearnedWeightsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${path} is not an ${LEARNED_WEIGHTS_FORMAT} file: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

export function writeLearnedWeights(path: string, weights: LearnedWeights): void {
  writeFileSync(path, JSON.stringify(weights, null, 2) + "\n");
}

/** Rescales (and drops) the filters of one result; the gate and arc types are left as they are. */
export function applyLearnedWeights(result: Classification, weights: LearnedWeights): Classification {
  if (!result.significance_gate) return result;
  const filters: FieldFilter[] = [];
  for (const filter of result.field_filters) {
    const multiplier = (weights.fields[filter.field as FilterField] ?? 1) * (weights.values[`${filter.field}=${filter.value}`] ?? 1);
    if (multiplier < weights.drop_below) continue;
    filters.push({ ...filter, weight: Math.max(MIN_FILTER_WEIGHT, Math.round(filter.weight * multiplier * 100) / 100) });
  }
  // The classifier's own domain choice stands unless a whole field was dropped.
  const domain = filters.length === result.field_filters.length ? result.primary_domain : (primaryDomain(filters) ?? result.primary_domain);
  return { ...result, field_filters: filters, primary_domain: domain };
}

/** A classifier whose filters carry the learned weights; its model name says so (`…+learned`). */
export function withLearnedWeights(base: Classifier, weights: LearnedWeights): Classifier {
  return {
    model: `${base.model}+learned`,
    async classify(query) {
      return applyLearnedWeights(await base.classify(query), weights);
    },
  };
}
