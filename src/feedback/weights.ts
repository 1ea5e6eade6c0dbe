/**
 * Learned weights: per-field and per-value multipliers of filter weights (filters that keep
 * failing the users get less say, and below `drop_below` are dropped altogether) and the fusion
 * weight `rerank` gives filter matches against vector similarity. Written by `arcroute learn`,
 * read by `withLearnedWeights` (classification) and passed to `rerank` (fusion).
 */
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { z } from "zod";
import type { FieldFilter } from "../schema/activation.js";
import { hasOwnProtoKey } from "../schema/own-keys.js";
import { readJsonFile } from "../schema/json-file.js";
import { FILTER_FIELDS, isCanonicalValue, isCategoricalField, isNumericField, type FilterField } from "../schema/vocabulary.js";
import type { Classification, Classifier } from "../classify/types.js";
import { reweightFilters } from "../classify/reweight.js";
import { decorateClassifier, decoratedModelName } from "../classify/decorate.js";

export const LEARNED_WEIGHTS_FORMAT = "arcroute-learned-weights@1";

/**
 * Unknown fields are refused, not dropped: a misspelt `"value"` for `"values"` would otherwise load
 * as weights without their value multipliers, changing results with no error.
 */
export const LearnedWeightsSchema = z.strictObject({
  format: z.literal(LEARNED_WEIGHTS_FORMAT),
  /** What the weights were learned from. */
  learned_from: z.strictObject({ feedback: z.number().int().min(0), hits: z.number().int().min(0), organizations: z.number().int().min(0) }),
  /** Multiplier in [0, 1] per field; a field not listed keeps its weight (multiplier 1). */
  fields: z.partialRecord(z.enum(FILTER_FIELDS as [FilterField, ...FilterField[]]), z.number().min(0).max(1)),
  /** Multiplier in [0, 1] per filter value, keyed `field=value` (e.g. `tether_type=self`), applied on top of the field's. */
  values: z.record(z.string().refine(isValueKey, "keys must be field=value with an EDM filter field and one of its values"), z.number().min(0).max(1)).default({}),
  /** Filters of a field whose multiplier is below this are removed (hard filters cannot be "a bit" applied). */
  drop_below: z.number().min(0).max(1),
  /** Weight of filter matches against vector similarity in `rerank` fusion, in [0, 1]. */
  fusion: z.number().min(0).max(1),
});
export type LearnedWeights = z.infer<typeof LearnedWeightsSchema>;

/** `field=value` with a filter field and a value it can take (a canonical one, or a number in its plain form for numeric fields). */
function isValueKey(key: string): boolean {
  const at = key.indexOf("=");
  const field = key.slice(0, at), value = key.slice(at + 1);
  if (at <= 0 || value === "") return false;
  if (isCategoricalField(field)) return isCanonicalValue(field, value);
  // A number as `valueKey` writes it (String(0.7)): "0x10", " " or "1e0" could never match a filter.
  return isNumericField(field) && Number.isFinite(Number(value)) && String(Number(value)) === value;
}

/**
 * Validates weights from a file or built in code; a clear error instead of weights that would
 * break the result rules (a filter weight outside (0, 1], NaN) or keys that do nothing.
 */
export function parseLearnedWeights(raw: unknown, source = "learned weights"): LearnedWeights {
  for (const part of ["fields", "values"] as const) {
    if (hasOwnProtoKey((raw as Record<string, unknown> | null | undefined)?.[part])) {
      throw new Error(`${source} is not an ${LEARNED_WEIGHTS_FORMAT} file: '${part}' has a "__proto__" key`);
    }
  }
  const parsed = LearnedWeightsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${source} is not an ${LEARNED_WEIGHTS_FORMAT} file: ${issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "invalid"}`);
  }
  return parsed.data;
}

export function readLearnedWeights(path: string): LearnedWeights {
  return parseLearnedWeights(readJsonFile(path, "learned weights"), path);
}

/**
 * Writes through a temporary file in the same folder, renamed over `path`: a write that fails
 * halfway (a full disk) leaves the previous weights file whole instead of truncated.
 */
export function writeLearnedWeights(path: string, weights: LearnedWeights): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, JSON.stringify(weights, null, 2) + "\n");
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new Error(`cannot write learned weights ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Rescales (and drops) the filters of one result; the gate and arc types are left as they are. */
export function applyLearnedWeights(result: Classification, weights: LearnedWeights): Classification {
  return reweight(result, parseLearnedWeights(weights));
}

/** `applyLearnedWeights` with weights already validated. */
function reweight(result: Classification, weights: LearnedWeights): Classification {
  const multiplierOf = (filter: FieldFilter) => (weights.fields[filter.field as FilterField] ?? 1) * (weights.values[`${filter.field}=${filter.value}`] ?? 1);
  return reweightFilters(result, multiplierOf, weights.drop_below);
}

/**
 * `applyLearnedWeights` for many results: the weights are validated once, not per result (the CLI's
 * `activate --weights --jsonl` reweights every line synchronously).
 */
export function learnedReweighting(weights: LearnedWeights): (result: Classification) => Classification {
  const valid = parseLearnedWeights(weights);
  return (result) => reweight(result, valid);
}

/** The model name of a classifier's answers with learned weights applied. */
export const learnedModelName = (model: string): string => decoratedModelName(model, "learned");

/** A classifier whose filters carry the learned weights; its model name says so (`…+learned`), per answer too. */
export function withLearnedWeights(base: Classifier, weights: LearnedWeights): Classifier {
  return decorateClassifier(base, "learned", learnedReweighting(weights));
}
