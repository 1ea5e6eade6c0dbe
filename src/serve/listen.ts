/**
 * A node:http server around a request listener, with the shutdown a deployment expects: stop
 * accepting, let requests in flight finish (up to a grace period), drop idle keep-alive
 * connections at once, then force-close what is left.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Listening {
  server: http.Server;
  /** The bound address, e.g. http://127.0.0.1:8787 (the real port when 0 was asked for). */
  origin: string;
  /** Resolves when every connection is closed; idempotent. */
  close(): Promise<void>;
}

export interface ListenOptions {
  host: string;
  port: number;
  /** Milliseconds requests in flight may take to finish after close() before they are cut. */
  graceMs?: number;
  /** Milliseconds a request may take to arrive (default REQUEST_TIMEOUT_MS); then Node answers 408. */
  requestTimeoutMs?: number;
}

/** A literal IPv6 host needs brackets in a URL. */
const hostForUrl = (host: string) => (host.includes(":") ? `[${host}]` : host);

/**
 * Longest a request may take to arrive, headers and body (Node's default is 300 s). Bodies are at
 * most 64 KiB: a client still sending after this is holding a connection open, not uploading.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

export async function listen(listener: http.RequestListener, options: ListenOptions): Promise<Listening> {
  const timeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  // Node checks the timeouts every `connectionsCheckingInterval` (30 s by default, which would double them).
  const server = http.createServer({ requestTimeout: timeout, headersTimeout: timeout, connectionsCheckingInterval: Math.max(50, Math.min(1_000, timeout / 3)) }, listener);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  // Once shutting down, every answer still to be written closes its connection: a keep-alive
  // client busy at the signal would otherwise go on sending requests until the grace runs out.
  const unanswered = new Set<http.ServerResponse>();
  server.prependListener("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (closing) res.setHeader("connection", "close");
    else {
      unanswered.add(res);
      res.once("close", () => unanswered.delete(res));
    }
  });
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      for (const res of unanswered) if (!res.headersSent) res.setHeader("connection", "close");
      const force = setTimeout(() => server.closeAllConnections(), options.graceMs ?? 10_000);
      force.unref();
      server.close(() => {
        clearTimeout(force);
        resolve();
      });
      server.closeIdleConnections();
    }));
  return { server, origin: `http://${hostForUrl(options.host)}:${port}`, close };
}
