/**
 * Where the MCP `activate` tool gets its answer: the local classifier (nothing persisted,
 * `activation_id` null, as `arcroute activate` does) or a hosted `/v1/activate` through the client.
 * Both answer with the API's envelopes, success or failure, so a model sees one shape.
 */
import { randomUUID } from "node:crypto";
import { lexicalClassifier } from "../classify/index.js";
import type { Classifier } from "../classify/types.js";
import { isArcrouteError, type ActivateInput, type ArcrouteClient } from "../client/index.js";
import type { ActivationEnvelope, ErrorEnvelope } from "../schema/envelope.js";
import { parseActivateRequest } from "../schema/request.js";

export type ActivateOutcome = ActivationEnvelope | ErrorEnvelope;
/** `signal`: the MCP client's cancellation of this tool call. */
export type Activator = (input: ActivateInput, context?: { signal?: AbortSignal }) => Promise<ActivateOutcome>;

/** Classifies in-process with `classifier` (default: the lexical classifier). */
export function localActivator(classifier: Classifier = lexicalClassifier): Activator {
  return async (input) => {
    const parsed = parseActivateRequest(input);
    if (!parsed.ok) return { success: false, error: parsed.message, data: null, code: "invalid_request" };
    const data = await classifier.classify(parsed.value.query);
    return {
      success: true,
      error: null,
      data,
      meta: {
        query: parsed.value.raw_query,
        classifier_model: classifier.model,
        activated_at: new Date().toISOString(),
        top_k: parsed.value.top_k,
      },
    };
  };
}

/**
 * Calls a hosted `/v1/activate`; its failures come back as the server's error envelope. A call the
 * MCP client cancels (its own timeout sends a cancellation too) stops waiting out a Retry-After and
 * is not sent, so it is not billed behind the host's back; each tool call carries its own
 * Idempotency-Key, so whatever the client sends again for it is replayed, not billed twice.
 */
export function remoteActivator(client: ArcrouteClient): Activator {
  return async (input, context = {}) => {
    try {
      return await client.activate(input, { idempotencyKey: randomUUID(), ...(context.signal ? { signal: context.signal } : {}) });
    } catch (error) {
      if (context.signal?.aborted) return { success: false, error: "Cancelled by the MCP client", data: null, code: "cancelled" };
      if (!isArcrouteError(error)) throw error;
      return { success: false, error: error.message, data: null, ...(error.code ? { code: error.code } : {}) };
    }
  };
}
