/**
 * The pipeline's own view of one exchange, independent of the transport: what it reads from a
 * request (`Incoming`) and what it answers (`Reply`). `api.fetch` adapts Web `Request`/`Response`;
 * `toNodeListener` adapts `node:http` directly, without building Web objects on the hot path
 * (in Node 20 they cost more than the whole activation).
 */
import type { BodyBytes } from "./body.js";

export type HeaderMap = Record<string, string>;

/** The one thing the pipeline needs from request headers (Web `Headers` satisfies it). */
export interface HeaderSource {
  get(name: string): string | null;
}

export interface Incoming {
  method: string;
  /** Absolute URL (path and query are what matter). */
  url: string;
  /** Decoded-as-sent path, without the query. */
  path: string;
  headers: HeaderSource;
  /** Peer address of the connection, when the transport knows it. */
  remoteAddress: string | undefined;
  /** Reads the body, never buffering more than `limit` bytes. Called at most once. */
  readBody(limit: number): Promise<BodyBytes>;
  /** A Web `Request` carrying `body` (for user handlers, which get the standard type). */
  toRequest(body: Uint8Array | null): Request;
}

/** A JSON answer built by the pipeline, or a user handler's own `Response`. */
export type Reply = { status: number; headers: HeaderMap; body: string } | Response;

export function toResponse(reply: Reply): Response {
  return reply instanceof Response ? reply : new Response(reply.body, { status: reply.status, headers: reply.headers });
}

/**
 * The answer to a HEAD request: the same status and headers without the body (RFC 9110 §9.3.2),
 * with the body's Content-Length, which a host can no longer count. For `api.fetch`; node's
 * ServerResponse itself sends no body to HEAD and writes the Content-Length of the body it got.
 */
export async function withoutBody(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set("content-length", String((await response.arrayBuffer()).byteLength));
  return new Response(null, { status: response.status, statusText: response.statusText, headers });
}
