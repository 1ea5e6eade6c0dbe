/** JSON answers in the two envelopes of SPEC section 5; nothing else writes a body. */
import type { StoredResponse } from "../stores/types.js";
import type { HeaderMap, Reply } from "./exchange.js";
import type { ErrorCode } from "./messages.js";

export type { HeaderMap };

const BASE_HEADERS: HeaderMap = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

export function jsonResponse(status: number, body: string, headers: HeaderMap = {}): Reply {
  return { status, headers: { ...BASE_HEADERS, ...headers }, body };
}

/** `{"success": true, "error": null, "data": ..., "meta"?: ...}` as text (stored for idempotent replay). */
export function successBody(data: unknown, meta?: unknown): string {
  return JSON.stringify(meta === undefined ? { success: true, error: null, data } : { success: true, error: null, data, meta });
}

export const success = (data: unknown, meta?: unknown, headers?: HeaderMap): Reply => jsonResponse(200, successBody(data, meta), headers);

/** `{"success": false, "error": "<message>", "data": null, "code": "..."}`. */
export function failure(status: number, message: string, code: ErrorCode, headers?: HeaderMap): Reply {
  return jsonResponse(status, JSON.stringify({ success: false, error: message, data: null, code }), headers);
}

export const storedResponse = (stored: StoredResponse, headers?: HeaderMap): Reply => jsonResponse(stored.status, stored.body, headers);

/** A copy of `response` with extra headers (the rate-limit headers on a user handler's response). */
export function withHeaders(response: Response, headers: HeaderMap): Response {
  const merged = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
}
