/**
 * A body answered before it was read (413 over 64 KiB, 401 without a key) while the client is
 * still uploading, over a raw socket: the server reads and discards the rest within its bounds
 * (8 MiB, 2 s), so a client that reads only once its upload is done gets the answer instead of
 * EPIPE/ECONNRESET, and the connection then serves the next request; past the bounds it is closed.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, toNodeListener } from "../../src/http/index.js";
import { createApiKey } from "../../src/keys/index.js";
import { createMemoryLimiter, createMemoryStore } from "../../src/stores/memory/index.js";

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function start(wrapped: boolean): Promise<{ port: number; key: string }> {
  const store = createMemoryStore();
  const api = createApi({ store, limiter: createMemoryLimiter() });
  const { key } = await createApiKey(store, { org: "acme", tier: "scale", scopes: ["extract"] });
  const server = http.createServer(toNodeListener(wrapped ? { fetch: (request: Request, info?: { remoteAddress?: string }) => api.fetch(request, info) } : api));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, key };
}

const MiB = 1024 * 1024;
const head = (headers: string) => `POST /v1/activate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${headers}\r\n`;
/** `size` bytes of body in 64 KiB writes, as is or as chunked-encoding chunks. */
function* bodyChunks(size: number, chunked: boolean): Generator<Buffer> {
  for (let sent = 0; sent < size; sent += 64 * 1024) {
    const part = Buffer.alloc(Math.min(64 * 1024, size - sent), 0x78);
    yield chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n")]) : part;
  }
  if (chunked) yield Buffer.from("0\r\n\r\n");
}

interface Exchange {
  /** Everything the server sent, read only after the upload finished (or failed). */
  received: string;
  /** The socket error of the upload, if any (EPIPE, ECONNRESET). */
  error: string | null;
  /** Bytes handed to the socket before it failed or the upload ended. */
  written: number;
  /** When the server closed the connection (ms after the upload began), or null if it stayed open. */
  closedAfterMs: number | null;
}

/**
 * Uploads `parts` as fast as the socket takes them and, like a client that reads the answer only
 * once it has sent its request, looks at what came back only afterwards; then `after` (a next
 * request on the same connection) and waits `waitMs` for the rest.
 */
function upload(port: number, parts: Iterable<Buffer>, options: { after?: string; pauseAfterBytes?: number; waitMs?: number } = {}): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.pause(); // nothing is read until the upload is done
    const chunks: Buffer[] = [];
    let error: string | null = null;
    let written = 0;
    let closedAfterMs: number | null = null;
    const began = Date.now();
    socket.on("error", (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on("close", () => (closedAfterMs ??= Date.now() - began));
    const finish = () => {
      socket.on("data", (chunk: Buffer) => chunks.push(chunk));
      socket.resume();
      setTimeout(() => {
        socket.destroy();
        resolve({ received: Buffer.concat(chunks).toString("latin1"), error, written, closedAfterMs });
      }, options.waitMs ?? 500);
    };
    socket.on("connect", async () => {
      for (const part of parts) {
        if (socket.destroyed) break;
        if (options.pauseAfterBytes !== undefined && written >= options.pauseAfterBytes) break;
        written += part.length;
        if (!socket.write(part)) await new Promise((resolve) => socket.once("drain", resolve).once("close", resolve));
      }
      if (options.after && !socket.destroyed) socket.write(options.after);
      finish();
    });
  });
}

const statusLines = (text: string) => text.match(/HTTP\/1\.1 \d{3}/g) ?? [];

describe.each([false, true])("a body answered before it was read (fetch-only wrapper: %s)", (wrapped) => {
  it.each([
    ["Content-Length of ~5 MB", false],
    ["chunked, ~5 MB", true],
  ])("413 for %s: the uploading client reads it, no EPIPE, and the connection serves the next request", async (_name, chunked) => {
    const { port, key } = await start(wrapped);
    const size = 5 * 1000 * 1000;
    const framing = chunked ? "Transfer-Encoding: chunked\r\n" : `Content-Length: ${size}\r\n`;
    const next = head("Content-Length: 2\r\n") + "{}";
    const exchange = await upload(port, [Buffer.from(head(`Authorization: Bearer ${key}\r\n${framing}`)), ...bodyChunks(size, chunked)], { after: next });
    expect(exchange.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(exchange.error).toBeNull();
    expect(exchange.received).toContain('"error":"Request body too large"');
    expect(statusLines(exchange.received)).toEqual(["HTTP/1.1 413", "HTTP/1.1 401"]);
    expect(exchange.received).not.toMatch(/connection: close/i);
  });

  it("401 before the body is read: the same for a ~5 MB upload without a key", async () => {
    const { port } = await start(wrapped);
    const size = 5 * 1000 * 1000;
    const exchange = await upload(port, [Buffer.from(head(`Content-Length: ${size}\r\n`)), ...bodyChunks(size, false)]);
    expect(exchange.error).toBeNull();
    expect(statusLines(exchange.received)).toEqual(["HTTP/1.1 401"]);
  });
});

describe("the bounds of discarding", () => {
  it("closes the connection once 8 MiB were discarded (after sending the answer)", async () => {
    const { port, key } = await start(false);
    const size = 64 * MiB;
    const exchange = await upload(port, [Buffer.from(head(`Authorization: Bearer ${key}\r\nContent-Length: ${size}\r\n`)), ...bodyChunks(size, false)], { waitMs: 100 });
    expect(exchange.error).toMatch(/^(EPIPE|ECONNRESET)$/);
    // Socket buffers on both sides take some more, but nowhere near the 64 MiB declared.
    expect(exchange.written).toBeGreaterThan(8 * MiB);
    expect(exchange.written).toBeLessThan(24 * MiB);
  });

  it("closes the connection 2 s after the answer when the rest of the body does not come", async () => {
    const { port, key } = await start(false);
    const size = 5 * MiB;
    const exchange = await upload(port, [Buffer.from(head(`Authorization: Bearer ${key}\r\nContent-Length: ${size}\r\n`)), ...bodyChunks(size, false)], {
      pauseAfterBytes: MiB,
      waitMs: 4000,
    });
    expect(exchange.error).toBeNull();
    expect(statusLines(exchange.received)).toEqual(["HTTP/1.1 413"]);
    expect(exchange.closedAfterMs).toBeGreaterThan(1500);
    expect(exchange.closedAfterMs).toBeLessThan(3500);
  });
});
