/**
 * Adapter options, parsed once with zod for every store. Store modules extend the base schema
 * with their own keys (pgvector's `payloadColumn`, MongoDB's `scoreField`, …) and get the same
 * validation and the same error messages.
 */
import { z } from "zod";
import { hasOwnProtoKey } from "../../src/schema/own-keys.js";
import { AdapterError } from "./errors.js";
import { FIELD_MAPS, parsePath, type FieldMap, type FieldMapName, type FieldPath } from "./paths.js";

export const MODES = ["filter", "boost", "gate"] as const;
/**
 * - `filter`: hard; results must match (AND across fields, OR within a field).
 * - `boost`: soft; matches rank higher and nothing is excluded (only where the store can express it).
 * - `gate`: like `filter` when the activation's `significance_gate` is true, otherwise no filter.
 */
export type Mode = (typeof MODES)[number];

export const BaseOptionsSchema = z
  .object({
    mode: z.enum(MODES).default("filter"),
    /** `"flat"` (default), `"nested"` (EDM domains: `constellation.arc_type`), or a map EDM field → path. */
    fields: z.union([z.enum(["flat", "nested"]), z.record(z.string(), z.string())]).default("flat"),
    /** Boost mode: what a payload matching every field adds to the score (matches are weighted and normalised to [0, 1]). */
    boostWeight: z.number().positive().max(1e6).default(1),
  })
  .strict();

export interface BaseOptions {
  mode?: Mode | undefined;
  fields?: FieldMapName | Record<string, string> | undefined;
  boostWeight?: number | undefined;
}

export interface ParsedOptions {
  mode: Mode;
  /** Resolves an EDM field name to its validated payload path. */
  pathOf: (field: string) => FieldPath;
  boostWeight: number;
}

/** Validates `raw` with `schema` (the base schema or a store's extension of it); errors name the store. */
export function parseWithSchema<S extends z.ZodType>(store: string, schema: S, raw: unknown): z.output<S> {
  if (hasOwnProtoKey((raw as { fields?: unknown } | null | undefined)?.fields)) {
    throw new AdapterError(store, `invalid option 'fields': field name "__proto__" must not use the reserved name '__proto__'`);
  }
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? `option '${issue.path.join(".")}'` : "options";
  throw new AdapterError(store, `invalid ${where}: ${issue.message}`);
}

/**
 * Turns the parsed base options into the resolved form every dialect works from. `checkPath`: the
 * store's own path rules (StoreCapabilities.checkPath), applied to every path resolved.
 */
export function resolveOptions(store: string, options: z.output<typeof BaseOptionsSchema>, checkPath?: (path: FieldPath, field: string) => void): ParsedOptions {
  const map: FieldMap = typeof options.fields === "string" ? FIELD_MAPS[options.fields] : options.fields;
  const resolve = (field: string, raw: string, what: string): FieldPath => {
    const path = parsePath(store, raw, what);
    checkPath?.(path, field);
    return path;
  };
  // Validate the whole map up front: a bad entry is a configuration error even if unused today.
  const paths = new Map<string, FieldPath>();
  for (const [field, path] of Object.entries(map)) {
    parsePath(store, field, "field name");
    paths.set(field, resolve(field, path, `path for field '${field}'`));
  }
  return {
    mode: options.mode,
    boostWeight: options.boostWeight,
    pathOf: (field) => paths.get(field) ?? resolve(field, field, "field name"),
  };
}

/** Base options in one call, for stores without extra keys. */
export function parseBaseOptions(store: string, raw: unknown): ParsedOptions {
  return resolveOptions(store, parseWithSchema(store, BaseOptionsSchema, raw));
}
