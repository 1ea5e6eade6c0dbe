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
}

/** A literal IPv6 host needs brackets in a URL. */
const hostForUrl = (host: string) => (host.includes(":") ? `[${host}]` : host);

export async function listen(listener: http.RequestListener, options: ListenOptions): Promise<Listening> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
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
