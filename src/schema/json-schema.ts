/** JSON Schema (draft 2020-12) generated from the zod schemas; never written by hand. */
import { z } from "zod";
import { ActivationMetaSchema, ActivationResultSchema, FieldFilterSchema } from "./activation.js";
import { ActivationEnvelopeSchema, ErrorEnvelopeSchema } from "./envelope.js";
import { ActivateRequestSchema } from "./request.js";

export const PUBLIC_SCHEMAS = {
  ActivateRequest: ActivateRequestSchema,
  FieldFilter: FieldFilterSchema,
  ActivationResult: ActivationResultSchema,
  ActivationMeta: ActivationMetaSchema,
  ActivationEnvelope: ActivationEnvelopeSchema,
  ErrorEnvelope: ErrorEnvelopeSchema,
} as const;

export type PublicSchemaName = keyof typeof PUBLIC_SCHEMAS;

/** The JSON Schema of one public schema, as a request or response body would be validated. */
export function jsonSchemaOf(name: PublicSchemaName, io: "input" | "output" = "output"): Record<string, unknown> {
  return z.toJSONSchema(PUBLIC_SCHEMAS[name], { io, unrepresentable: "any" }) as Record<string, unknown>;
}
