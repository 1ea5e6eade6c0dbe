/**
 * `X-Request-Id`: every answer carries one, and `onError` receives it, so a customer quoting the
 * id of a 500 leads the operator to the logged cause (which the response never shows). A sane id
 * sent by the client or a proxy is kept; anything else is replaced by a fresh UUID, and so is an id
 * written like an API key (a client that put its key in the wrong header): `onError` logs the id.
 */
import { containsApiKey } from "../keys/redact.js";
import type { HeaderSource } from "./exchange.js";
import { newUuid } from "./ids.js";

export const REQUEST_ID_HEADER = "x-request-id";
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(headers: HeaderSource): string {
  const sent = headers.get(REQUEST_ID_HEADER)?.trim();
  return sent && SANE_ID.test(sent) && !containsApiKey(sent) ? sent : newUuid();
}
