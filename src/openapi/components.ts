/**
 * `components.schemas` of the OpenAPI document, generated from the package's zod schemas with
 * `z.toJSONSchema` (OpenAPI 3.1 speaks JSON Schema 2020-12). Nothing here is written by hand.
 *
 * Request bodies are generated as *input* (defaults optional, unknown fields allowed: the API
 * ignores them), responses as *output* (what the server guarantees to send).
 */
import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

/** Where a component lives in the document. */
export const componentRef = (id: string): string => `#/components/schemas/${id}`;

/**
 * JSON Schemas of `schemas` (keyed by component name) in one shared namespace: a nested schema
 * that is itself listed is referenced with `$ref`, not inlined.
 */
export function generateComponents(schemas: Record<string, z.ZodType>, io: "input" | "output"): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const generated = z.toJSONSchema(registry, { uri: componentRef, io, unrepresentable: "any" }) as { schemas: Record<string, JsonSchema> };
  const out: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(generated.schemas)) {
    if (id === "__shared") throw new Error(`OpenAPI: a nested schema with an id is missing from the component list: ${JSON.stringify(Object.keys(schema.$defs ?? {}))}`);
    const { $schema: _dialect, $id: _id, ...rest } = schema;
    out[id] = rest;
  }
  return out;
}

/** JSON Schema of one schema that is not a component (an inline, per-response refinement). */
export function inlineSchema(schema: z.ZodType, io: "input" | "output" = "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", reused: "inline" }) as JsonSchema;
  return rest;
}
