/**
 * `arcroute/http`: the hosted /v1 handler set, Web-standard (`Request` → `Response`), no framework.
 *
 *   const api = createApi({ store, limiter });
 *   http.createServer(toNodeListener(api)).listen(8787);
 */
export { createApi, type Api, type ConnectionInfo } from "./api.js";
export { toNodeListener, type FetchHandler } from "./node.js";
export {
  HANDLER_NAMES,
  normalizeBasePath,
  type ApiOptions,
  type ErrorInfo,
  type HandlerContext,
  type AnonymousContext,
  type VerifyContext,
  type HandlerName,
  type KeyInfo,
  type UserHandler,
  type UserHandlers,
} from "./options.js";
export { API_MESSAGES, scopeMessage, MAX_IDEMPOTENCY_KEY_CHARS, type ErrorCode } from "./messages.js";
export { PLAN_RPM, ENTERPRISE_FALLBACK_RPM, WINDOW_MS, rpmOf } from "./limits.js";
export { MAX_BODY_BYTES } from "./body.js";
export { IDEMPOTENCY_TTL_MS, REPLAY_HEADER } from "./idempotency.js";
export { ACTIVATION_PRICE_MICROS } from "./routes/activate.js";
export { FREE_EXTRACTION_QUOTA } from "./quota.js";
export { monthOf } from "./routes/usage.js";
