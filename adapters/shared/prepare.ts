/** The entry sequence every adapter runs: validate options, normalise input, plan. */
import type { z } from "zod";
import { BaseOptionsSchema, parseWithSchema, resolveOptions } from "./options.js";
import { planFilters, type FilterPlan, type StoreCapabilities } from "./plan.js";

export interface Prepared<O> {
  /** `undefined`: no filter (no field filters, or gate mode with a closed gate). */
  plan: FilterPlan | undefined;
  options: O;
}

export function prepare<S extends z.ZodType = typeof BaseOptionsSchema>(
  store: string,
  capabilities: StoreCapabilities,
  input: unknown,
  rawOptions: unknown,
  schema?: S,
): Prepared<z.output<S>> {
  const options = parseWithSchema(store, schema ?? BaseOptionsSchema, rawOptions) as z.output<S>;
  const resolved = resolveOptions(store, options as z.output<typeof BaseOptionsSchema>, capabilities.checkPath);
  return { plan: planFilters(store, input, resolved, capabilities), options };
}
