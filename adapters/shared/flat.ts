/** For stores whose metadata is flat (Pinecone, Chroma, Weaviate properties): one-segment paths only. */
import { AdapterError } from "./errors.js";
import type { FilterPlan } from "./plan.js";

export function requireFlatPaths(store: string, plan: FilterPlan | undefined, why: string): void {
  for (const group of plan?.groups ?? []) {
    if (group.path.segments.length > 1) {
      throw new AdapterError(store, `nested path "${group.path.path}" for field '${group.field}' is not supported: ${why}. Map the field to a top-level key with the 'fields' option`);
    }
  }
}
