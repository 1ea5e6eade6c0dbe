/** `arcroute mcp` in remote mode against the real handler set: persisted activations, the API's errors. */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ActivationEnvelopeSchema } from "../../src/schema/envelope.js";
import { BIN, REPO_ROOT, requireBuiltCli } from "./support/built-cli.js";
import { startLiveApi, type LiveApi } from "./support/live-api.js";


let api: LiveApi;
beforeAll(async () => {
  requireBuiltCli();
  api = await startLiveApi();
});
afterAll(async () => {
  await api?.close();
});

async function connect(apiKey: string): Promise<Client> {
  const client = new Client({ name: "arcroute-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp", "--base-url", api.url],
      cwd: REPO_ROOT,
      env: { ...getDefaultEnvironment(), ARCROUTE_API_KEY: apiKey },
      stderr: "pipe",
    }),
  );
  return client;
}

describe("arcroute mcp --base-url (remote) against the handler set", () => {
  it("persists the activation on the server and returns its envelope", async () => {
    const mcp = await connect(await api.key("acme", "growth", ["extract"]));
    try {
      const result = await mcp.callTool({ name: "activate", arguments: { query: "when was I most afraid of losing her", subject_vp_id: "vp_7" } });
      const envelope = ActivationEnvelopeSchema.parse(result.structuredContent);
      expect(envelope.data.activation_id).toMatch(/^[0-9a-f-]{36}$/);
      const event = await api.store.getActivation(envelope.data.activation_id!, "acme");
      expect(event).toMatchObject({ subject_vp_id: "vp_7" });
    } finally {
      await mcp.close();
    }
  });

  it("turns the API's 403 into a tool error carrying the error envelope", async () => {
    const mcp = await connect(await api.key("acme", "growth", ["verify"]));
    try {
      const result = (await mcp.callTool({ name: "activate", arguments: { query: "anything" } })) as { isError?: boolean; content: { text: string }[] };
      expect(result.isError).toBe(true);
      expect(JSON.parse(result.content[0]!.text)).toMatchObject({ success: false, error: "API key does not have 'extract' scope", data: null });
    } finally {
      await mcp.close();
    }
  });

  it("answers a call still in flight when the client closes stdin after sending it (piped use)", async () => {
    const apiKey = await api.key("acme", "growth", ["extract"]);
    const child = spawn(process.execPath, [BIN, "mcp", "--base-url", api.url], { cwd: REPO_ROOT, env: { ...getDefaultEnvironment(), ARCROUTE_API_KEY: apiKey } });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
    const messages = [
      { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "pipe", version: "0" } } },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "activate", arguments: { query: "the night I thought I had lost my brother" } } },
      { jsonrpc: "2.0", id: 3, method: "tools/call", params: { arguments: { query: "no tool named" } } },
    ];
    child.stdin.end(messages.map((m) => JSON.stringify(m)).join("\n") + "\n");
    expect(await exited).toBe(0);
    const answers = stdout.trim().split("\n").map((line) => JSON.parse(line) as { id?: number; result?: { structuredContent?: unknown }; error?: unknown });
    // A call without a tool name is invalid params, over the real stdio transport too.
    expect(answers.find((a) => a.id === 3)?.error).toEqual({ code: -32602, message: "Invalid params: params.name: Invalid input: expected string, received undefined" });
    const call = answers.find((a) => a.id === 2);
    expect(call, stdout).toBeDefined();
    const envelope = ActivationEnvelopeSchema.parse(call!.result!.structuredContent);
    expect(await api.store.getActivation(envelope.data.activation_id!, "acme")).not.toBeNull();
  });
});
