/**
 * PROVISIONAL: the handler set's failure messages, until src/http exports its own constants
 * (then this file re-exports them, so the document and the handlers share one source).
 */
import type { Scope } from "../stores/types.js";

export const API_MESSAGES = {
  unauthorized: "Unauthorized",
  rateLimited: "Rate limit exceeded",
  bodyTooLarge: "Request body too large",
  invalidJson: "Invalid JSON body",
  activationFailed: "Activation failed",
  notImplemented: "Not implemented",
  quotaExhausted: "Free plan quota exhausted",
  idempotencyMismatch: "Idempotency-Key was already used for a different request",
  activationNotFound: "Activation not found",
} as const;

export const scopeMessage = (scope: Scope): string => `API key does not have '${scope}' scope`;
