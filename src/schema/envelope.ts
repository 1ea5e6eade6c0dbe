/** Response envelopes: one success shape, one failure shape, everywhere. */
import { z } from "zod";
import { ActivationMetaSchema, ActivationResultSchema } from "./activation.js";

export const ErrorEnvelopeSchema = z
  .object({
    success: z.literal(false),
    error: z.string().describe("Human-readable message, exactly as in the contract's tables."),
    data: z.null(),
    code: z.string().optional().describe("Stable machine-readable code, e.g. rate_limited."),
  })
  .meta({ id: "ErrorEnvelope" });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** A success envelope around any data and meta schema. */
export function successEnvelope<D extends z.ZodType, M extends z.ZodType>(data: D, meta: M) {
  return z.object({ success: z.literal(true), error: z.null(), data, meta });
}

export const ActivationEnvelopeSchema = successEnvelope(ActivationResultSchema, ActivationMetaSchema).meta({
  id: "ActivationEnvelope",
});
export type ActivationEnvelope = z.infer<typeof ActivationEnvelopeSchema>;
