/** JSON answers in the two envelopes of SPEC section 5; nothing else writes a body. */
import type { StoredResponse } from "../stores/types.js";
import type { HeaderMap, Reply } from "./exchange.js";
import type { ErrorCode } from "./messages.js";

export type { HeaderMap };

const JSON_TYPE = "application/json; charset=utf-8";

export function jsonResponse(status: number, body: string, headers?: HeaderMap): Reply {
  // One literal of a fixed shape, then a plain copy loop: on the hot path this is several times
  // cheaper than spreading two objects (the request id is filled in last by the pipeline).
  const all: HeaderMap = { "content-type": JSON_TYPE, "cache-control": "no-store", "x-request-id": "" };
  if (headers) for (const name in headers) all[name] = headers[name]!;
  return { status, headers: all, body };
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
