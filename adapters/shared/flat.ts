/** For stores whose metadata is flat (Pinecone, Chroma, Weaviate properties): one-segment paths only. */
import { AdapterError } from "./errors.js";
import type { FieldPath } from "./paths.js";

/** A `StoreCapabilities.checkPath` that refuses nested paths, saying why (`why`: the store's reason). */
export function flatPathsOnly(store: string, why: string): (path: FieldPath, field: string) => void {
  return (path, field) => {
    if (path.segments.length > 1) {
      throw new AdapterError(store, `nested path "${path.path}" for field '${field}' is not supported: ${why}. Map the field to a top-level key with the 'fields' option`);
    }
  };
}
