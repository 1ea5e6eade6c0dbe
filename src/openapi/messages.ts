/**
 * The failure messages the document lists: the handler set's own constants, so the document and
 * the handlers share one source (test/ecosystem/openapi-live.test.ts checks them against a server).
 */
export { API_MESSAGES, scopeMessage, type ErrorCode } from "../http/messages.js";
export { FEEDBACK_MESSAGES } from "../http/routes/feedback-core.js";
