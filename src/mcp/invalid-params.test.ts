import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { localActivator } from "./activators.js";
import { asInvalidParams } from "./invalid-params.js";
import { createMcpServer } from "./server.js";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A server on an in-memory transport and a raw JSON-RPC line to it (no SDK client: it would refuse to send a malformed request). */
async function rawServer() {
  const server = createMcpServer({ activate: localActivator() });
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  const answers = new Map<number, JSONRPCMessage>();
  client.onmessage = (message) => {
    if ("id" in message && typeof message.id === "number") answers.set(message.id, message);
  };
  await server.connect(serverSide);
  await client.start();
  close = () => server.close();
  let next = 0;
  return async (params: unknown): Promise<JSONRPCMessage> => {
    const id = ++next;
    await client.send({ jsonrpc: "2.0", id, method: "tools/call", ...(params === undefined ? {} : { params }) } as JSONRPCMessage);
    for (let wait = 0; !answers.has(id) && wait < 200; wait++) await new Promise((resolve) => setTimeout(resolve, 5));
    return answers.get(id)!;
  };
}

describe("requests the SDK's schemas refuse are invalid params (-32602), not an internal error", () => {
  it.each([
    [{ arguments: { query: "x" } }, "Invalid params: params.name: Invalid input: expected string, received undefined"],
    [{ name: 7 }, "Invalid params: params.name: Invalid input: expected string, received number"],
    [{ name: "activate", arguments: 5 }, "Invalid params: params.arguments: Invalid input: expected record, received number"],
    [undefined, "Invalid params: params: Invalid input: expected object, received undefined"],
  ])("tools/call with params %j", async (params, message) => {
    const call = await rawServer();
    expect(await call(params)).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32602, message } });
  });

  it("leaves every other answer as it was: a good call, an unknown tool", async () => {
    const call = await rawServer();
    expect(await call({ name: "activate", arguments: { query: "when was I most afraid of losing her" } })).toMatchObject({ result: { structuredContent: { success: true } } });
    expect(await call({ name: "nope", arguments: {} })).toMatchObject({ result: { isError: true, content: [{ text: "MCP error -32602: Tool nope not found" }] } });
  });

  it("rewrites only an internal error whose message is a zod issue list about params", () => {
    const internal = (message: string): JSONRPCMessage => ({ jsonrpc: "2.0", id: 1, error: { code: -32603, message } });
    for (const message of [internal("database on fire"), internal("[not json"), internal(JSON.stringify([{ path: ["result"], message: "x" }])), internal("[]")]) {
      expect(asInvalidParams(message)).toBe(message);
    }
    const other: JSONRPCMessage = { jsonrpc: "2.0", id: 1, error: { code: -32601, message: JSON.stringify([{ path: ["params"], message: "x" }]) } };
    expect(asInvalidParams(other)).toBe(other);
    const success: JSONRPCMessage = { jsonrpc: "2.0", id: 1, result: {} };
    expect(asInvalidParams(success)).toBe(success);
    const two = internal(JSON.stringify([{ path: ["params", "name"], message: "a" }, { path: ["params", "arguments"], message: "b" }]));
    expect(asInvalidParams(two)).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32602, message: "Invalid params: params.name: a; params.arguments: b" } });
  });
});
