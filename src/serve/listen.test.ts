import net from "node:net";
import { describe, expect, it } from "vitest";
import { listen, REQUEST_TIMEOUT_MS } from "./listen.js";

describe("listen", () => {
  it("answers 408 and closes a connection whose body never arrives (no slow-body hold for 300 s)", async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    // Like the API, the listener answers once the whole body has arrived.
    const readsBody = (request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse) => {
      request.resume();
      request.on("end", () => response.end("ok"));
    };
    const listening = await listen(readsBody, { host: "127.0.0.1", port: 0, requestTimeoutMs: 300 });
    try {
      const port = Number(new URL(listening.origin).port);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1", () => {
          socket.write("POST /v1/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{");
        });
        let received = "";
        socket.on("data", (chunk) => (received += chunk.toString()));
        socket.on("close", () => resolve(received));
        socket.on("error", reject);
        setTimeout(() => reject(new Error("still open after 10 s")), 10_000).unref();
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await listening.close();
    }
  });

  it("closes a keep-alive connection busy at shutdown after its answer, instead of serving it on until the grace ends", async () => {
    const slow = (_request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse) => {
      setTimeout(() => response.end("ok"), 300);
    };
    // A grace far beyond the test's timeout: only the answer's own close can end the connection in time.
    const listening = await listen(slow, { host: "127.0.0.1", port: 0, graceMs: 600_000 });
    const port = Number(new URL(listening.origin).port);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write("GET /a HTTP/1.1\r\nHost: x\r\n\r\n");
        setTimeout(() => void listening.close(), 100);
      });
      let received = "";
      socket.on("data", (chunk) => (received += chunk.toString()));
      socket.on("close", () => resolve(received));
      socket.on("error", reject);
    });
    await listening.close();
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/connection: close/i);
  });
});
