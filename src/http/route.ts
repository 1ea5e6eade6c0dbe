/** What one route declares (its checks run in the pipeline) and what its handler receives. */
import type { Scope } from "../stores/types.js";
import type { Caller } from "./auth.js";
import type { Incoming, Reply } from "./exchange.js";
import type { ErrorCode } from "./messages.js";
import type { ResolvedOptions } from "./options.js";
import type { HeaderMap } from "./responses.js";

export type Access =
  /** No key, no limit (the OpenAPI document). */
  | { kind: "public" }
  /** A valid key holding `scope` (null: any valid key); `anonymous`: no key is also accepted, limited per IP. */
  | { kind: "key"; scope: Scope | null; anonymous?: boolean };

export interface RouteContext {
  incoming: Incoming;
  /** The answer's `X-Request-Id` (for error reports). */
  requestId: string;
  caller: Caller;
  params: Record<string, string>;
  /** Decoded JSON for `json` routes; null otherwise. */
  json: unknown;
  /** The raw body (≤ 64 KiB) for `json` and `raw` routes; null for `none`. */
  bytes: Uint8Array | null;
  clientIp: string;
  /** The RateLimit headers every answer of the route carries (replays of stored responses included). */
  headers: HeaderMap;
  options: ResolvedOptions;
  /** The request's clock reading, taken once. */
  now: Date;
}

export interface Route {
  method: "GET" | "POST";
  /** Below the base path: `/activate`, `/activations/:id`, `/batch/*`. */
  pattern: string;
  access: Access;
  body: "json" | "raw" | "none";
  /** The 500 answer of an unexpected failure in this route. */
  failure?: { message: string; code: ErrorCode };
  handle(context: RouteContext): Promise<Reply>;
}

