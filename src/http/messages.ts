/**
 * Every failure message the handler set sends (the contract's tables where they have one), with a
 * stable machine-readable `code` for each. The OpenAPI document and the tests read these.
 */
import type { Scope } from "../stores/types.js";
import { MESSAGES as REQUEST_MESSAGES } from "../schema/request.js";
import { ACTIVATION_NOT_FOUND } from "./routes/feedback-core.js";

export const MAX_IDEMPOTENCY_KEY_CHARS = 255;

export const API_MESSAGES = {
  unauthorized: "Unauthorized",
  rateLimited: "Rate limit exceeded",
  bodyTooLarge: "Request body too large",
  invalidJson: "Invalid JSON body",
  bodyNotObject: REQUEST_MESSAGES.bodyNotObject,
  activationFailed: "Activation failed",
  notImplemented: "Not implemented",
  quotaExhausted: "Free plan quota exhausted",
  idempotencyMismatch: "Idempotency-Key was already used for a different request",
  idempotencyKeyInvalid: `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_CHARS} visible ASCII characters (no spaces)`,
  activationNotFound: ACTIVATION_NOT_FOUND,
  notFound: "Not found",
  methodNotAllowed: "Method not allowed",
  internalError: "Internal server error",
} as const;

export const scopeMessage = (scope: Scope): string => `API key does not have '${scope}' scope`;

/** The `code` field of failure envelopes. */
export type ErrorCode =
  | "unauthorized"
  | "forbidden"
  | "rate_limited"
  | "payload_too_large"
  | "invalid_json"
  | "invalid_request"
  | "quota_exhausted"
  | "idempotency_mismatch"
  | "not_found"
  | "method_not_allowed"
  | "not_implemented"
  | "activation_failed"
  | "internal_error";
