/**
 * A TCP proxy in front of a real service, to take the service away from a client on demand: `cut()`
 * closes the port and drops every open connection (as a crashed or unreachable server would), and
 * `restore()` listens again on the same port. `interceptOnce` takes one PostgreSQL statement
 * away at a chosen moment of its round trip, on its connection alone.
 */
import net from "node:net";

/**
 * What happens to the first statement whose bytes contain the marker (its messages up to and
 * including Sync, so the server runs it whole):
 * - `after-commit`: forwarded; the server's answer (up to ReadyForQuery: committed) is dropped and
 *   the connection cut, so the client never hears that it committed (`thenStopListening`: the
 *   proxy stops listening first, as `cut()`, so no new connection gets through either);
 * - `late`: the client's connection is cut first; the statement reaches the server `delayMs` later
 *   on the server-side connection, which stays open (a server that read it late);
 * - `never`: the connection is cut and the statement never reaches the server.
 */
export type InterceptMode = { kind: "after-commit"; thenStopListening?: boolean } | { kind: "late"; delayMs: number } | { kind: "never" };

export interface Intercepted {
  /** Every byte of the intercepted statement's messages, as the client sent them. */
  bytes: Buffer;
  /** Settles once the server side is finished with it (answered or closed). */
  done: Promise<void>;
}

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
  /** Arms one interception; resolves with what was intercepted once it is over. */
  interceptOnce(marker: string, mode: InterceptMode): Promise<Intercepted>;
}

const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);
const endsWithSync = (data: Buffer) => data.length >= 5 && data.subarray(-5).equals(SYNC);
/** ReadyForQuery ('Z', length 5, status): the server finished the statement (and its implicit transaction). */
const endsWithReady = (data: Buffer) => data.length >= 6 && data[data.length - 6] === 0x5a && data.readInt32BE(data.length - 5) === 5;

interface Armed {
  marker: Buffer;
  mode: InterceptMode;
  report: (intercepted: Intercepted) => void;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let armed: Armed | null = null;

  const server = net.createServer((inbound) => {
    const outbound = net.connect({ host: targetHost, port: targetPort });
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        inbound.destroy();
        outbound.destroy();
      });
    }
    let held: Buffer | null = null;
    let toClient: (chunk: Buffer) => void = (chunk) => void inbound.write(chunk);
    outbound.on("data", (chunk: Buffer) => toClient(chunk));
    inbound.on("data", (chunk: Buffer) => {
      if (held === null && armed && chunk.includes(armed.marker)) held = Buffer.alloc(0);
      if (held === null) return void outbound.write(chunk);
      held = Buffer.concat([held, chunk]);
      if (!endsWithSync(held) || !armed) return;
      const { mode, report } = armed;
      armed = null;
      const bytes = held;
      report({ bytes, done: intercept(mode, bytes, inbound, outbound, (handler) => (toClient = handler), cut) });
    });
  });

  const listen = (port: number) => new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  let listening = true;

  async function cut(): Promise<void> {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  }

  return {
    port,
    cut,
    async restore() {
      if (listening) return;
      await listen(port);
      listening = true;
    },
    close: cut,
    interceptOnce: (marker, mode) => new Promise((report) => (armed = { marker: Buffer.from(marker), mode, report })),
  };
}

function intercept(
  mode: InterceptMode,
  bytes: Buffer,
  inbound: net.Socket,
  outbound: net.Socket,
  onReply: (handler: (chunk: Buffer) => void) => void,
  cutAll: () => Promise<void>,
): Promise<void> {
  const closed = new Promise<void>((resolve) => outbound.once("close", () => resolve()));
  let answered: Buffer = Buffer.alloc(0);
  // The server's answer never reaches the client; once it is complete, the connection goes.
  onReply((chunk) => {
    answered = Buffer.concat([answered, chunk]);
    if (!endsWithReady(answered)) return;
    if (mode.kind === "after-commit" && mode.thenStopListening) void cutAll();
    outbound.destroy();
  });
  if (mode.kind === "never") {
    inbound.destroy();
    outbound.destroy();
  } else if (mode.kind === "after-commit") {
    outbound.write(bytes);
    outbound.once("close", () => inbound.destroy());
  } else {
    inbound.destroy();
    setTimeout(() => (outbound.destroyed ? undefined : outbound.write(bytes)), mode.delayMs);
    // A server that never answers (its process gone) closes the connection itself.
  }
  return closed;
}
