/**
 * zod schemas of the extension endpoints (`/v1/usage`, `/v1/activations/:id`, `/v1/feedback`):
 * the client validates responses with them and the OpenAPI document is generated from them.
 * `activate` uses the contract's envelope from src/schema.
 */
import { z } from "zod";
import { ActivationEnvelopeSchema } from "../schema/envelope.js";

export { ActivationEnvelopeSchema };

/** Success envelope with any data and no meta (the extensions carry none). */
function dataEnvelope<D extends z.ZodType>(data: D) {
  return z.object({ success: z.literal(true), error: z.null(), data, meta: z.unknown().optional() });
}

export const UsageSchema = z.looseObject({
  org_id: z.string(),
  from: z.string(),
  to: z.string(),
  billed_queries: z.number().int().min(0),
  amount_micros: z.number().int().min(0),
});
export const UsageEnvelopeSchema = dataEnvelope(UsageSchema);
export type UsageEnvelope = z.infer<typeof UsageEnvelopeSchema>;

export const ActivationEventSchema = z.looseObject({
  id: z.string(),
  query: z.string(),
  subject_vp_id: z.string().nullable(),
  result: z.unknown(),
  classifier_model: z.string(),
  top_k: z.number().int(),
  billed: z.boolean(),
  created_at: z.string(),
});
export const ActivationEventEnvelopeSchema = dataEnvelope(ActivationEventSchema);
export type ActivationEventEnvelope = z.infer<typeof ActivationEventEnvelopeSchema>;

export const FeedbackRequestSchema = z
  .object({
    activation_id: z.string().regex(/\S/).describe("The activation whose routed retrieval is judged (data.activation_id of /activate); not blank."),
    hit: z.boolean().describe("Whether the routed retrieval found what the user wanted."),
    memory_id: z.string().max(256).nullable().optional().describe("The caller's id of the memory that was (or should have been) found."),
  })
  .describe("Body of POST /v1/feedback; unknown fields are ignored.");

export const FeedbackSchema = z.looseObject({
  feedback_id: z.string(),
  activation_id: z.string(),
  hit: z.boolean(),
  memory_id: z.string().nullable(),
  recorded_at: z.string(),
});
export const FeedbackEnvelopeSchema = dataEnvelope(FeedbackSchema);
export type FeedbackEnvelope = z.infer<typeof FeedbackEnvelopeSchema>;
