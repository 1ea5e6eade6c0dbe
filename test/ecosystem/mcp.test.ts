/**
 * `arcroute mcp` driven by the MCP SDK's own client over stdio (a real child process running
 * the built CLI), in local mode and in remote mode against a server.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { spawn } from "node:child_process";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ActivationEnvelopeSchema } from "../../src/schema/envelope.js";
import { DEFAULT_TOP_K, MAX_TOP_K, MESSAGES } from "../../src/schema/request.js";
import { BIN, REPO_ROOT, requireBuiltCli } from "./support/built-cli.js";
import { activationEnvelope } from "./support/envelopes.js";
import { startScriptedServer, type ScriptedServer } from "./support/scripted-server.js";

const SIGNIFICANT = "when was I most afraid of losing her";

let client: Client | undefined;
let server: ScriptedServer | undefined;

async function connect(args: string[] = [], env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", ...args],
    cwd: REPO_ROOT,
    env: { ...getDefaultEnvironment(), ...env },
    stderr: "pipe",
  });
  client = new Client({ name: "arcroute-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

type TextResult = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: unknown };

beforeAll(requireBuiltCli);
afterEach(async () => {
  await client?.close();
  client = undefined;
  await server?.close();
  server = undefined;
});

describe("arcroute mcp (local classifier)", () => {
  it("lists the activate tool with its input and output schemas", async () => {
    const mcp = await connect();
    expect(mcp.getServerVersion()?.name).toBe("arcroute");
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name)).toEqual(["activate"]);
    const [tool] = tools;
    expect(Object.keys(tool!.inputSchema.properties ?? {})).toEqual(["query", "subject_vp_id", "top_k"]);
    expect(tool!.inputSchema.required).toEqual(["query"]);
    // The range the description and the OpenAPI document give, not zod's safe-integer default.
    expect(tool!.inputSchema.properties!.top_k).toMatchObject({ type: ["integer", "null"], minimum: 1, maximum: MAX_TOP_K, description: expect.stringContaining(`1–${MAX_TOP_K}`) });
    expect(tool!.outputSchema?.type).toBe("object");
  });

  it("answers with the envelope as JSON text and as structured content", async () => {
    const mcp = await connect();
    const result = (await mcp.callTool({ name: "activate", arguments: { query: SIGNIFICANT, top_k: 3 } })) as TextResult;
    expect(result.isError).toBeFalsy();
    const envelope = ActivationEnvelopeSchema.parse(result.structuredContent);
    expect(JSON.parse(result.content[0]!.text)).toEqual(result.structuredContent);
    expect(envelope.data.activation_id).toBeNull();
    expect(envelope.data.significance_gate).toBe(true);
    expect(envelope.meta).toMatchObject({ query: SIGNIFICANT, top_k: 3 });
  });

  it("reports bad input with the API's message as a tool error", async () => {
    const mcp = await connect();
    const result = (await mcp.callTool({ name: "activate", arguments: { query: "   " } })) as TextResult;
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.content[0]!.text)).toMatchObject({ success: false, error: "'query' field is required", data: null });
    // Out of the advertised range: the contract's message too, not the SDK's validation dump.
    const outOfRange = (await mcp.callTool({ name: "activate", arguments: { query: SIGNIFICANT, top_k: MAX_TOP_K + 1 } })) as TextResult;
    expect(outOfRange.isError).toBe(true);
    expect(JSON.parse(outOfRange.content[0]!.text)).toMatchObject({ success: false, error: MESSAGES.topKInvalid, data: null });
    // An integer past 2^53 is still just out of range (zod's int() had answered with its safe-integer bound).
    const huge = (await mcp.callTool({ name: "activate", arguments: { query: SIGNIFICANT, top_k: 1e20 } })) as TextResult;
    expect(JSON.parse(huge.content[0]!.text)).toMatchObject({ success: false, error: MESSAGES.topKInvalid, data: null });
    // Fractional: not an integer at all, refused by the SDK against the input schema.
    // null is absent, as on HTTP: the default top_k, no subject.
    const nulls = (await mcp.callTool({ name: "activate", arguments: { query: SIGNIFICANT, top_k: null, subject_vp_id: null } })) as TextResult;
    expect(nulls.isError).toBeFalsy();
    expect(JSON.parse(nulls.content[0]!.text)).toMatchObject({ success: true, meta: { top_k: DEFAULT_TOP_K } });
    const fractional = (await mcp.callTool({ name: "activate", arguments: { query: SIGNIFICANT, top_k: 2.5 } })) as TextResult;
    expect(fractional).toMatchObject({ isError: true, content: [{ type: "text", text: expect.stringMatching(/^MCP error -32602: Input validation error: .*top_k/) }] });
  });
});

/** The server fed `input` on stdin (then closed): its exit code and both streams. */
function pipeInto(input: Buffer): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, "mcp"], { cwd: REPO_ROOT, env: getDefaultEnvironment() });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.on("error", () => {}); // the server may stop reading before all of it is written
  child.stdin.end(input);
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

const jsonLines = (...messages: unknown[]) => messages.map((m) => (typeof m === "string" ? m : JSON.stringify(m)) + "\n").join("");

describe("arcroute mcp (input it cannot answer)", () => {
  it("reports a line that is not JSON-RPC on stderr, answers nothing to it on stdout, and keeps serving", async () => {
    const run = await pipeInto(Buffer.from(jsonLines("{not json", { jsonrpc: "2.0", id: null, method: "ping" }, `ar_live_${"x".repeat(24)}`, { jsonrpc: "2.0", id: "p", method: "ping" })));
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split("\n").map((line) => JSON.parse(line))).toEqual([{ jsonrpc: "2.0", id: "p", result: {} }]);
    const reports = run.stderr.split("\n").filter((line) => line.startsWith("arcroute mcp: ") && !line.includes("serving"));
    expect(reports).toHaveLength(3);
    expect(run.stderr).not.toContain("ar_live_x"); // a rejected line may quote a key
  });

  it("exits 1, saying why on stderr, when the SDK closes the connection on a message past its buffer limit", async () => {
    const run = await pipeInto(Buffer.alloc(11 * 1024 * 1024, "a"));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/arcroute mcp: .*exceeded maximum size/);
  });
});

describe("arcroute mcp (remote)", () => {
  it("calls the server's /activate with the key and returns its envelope; failures are tool errors", async () => {
    const key = "ar_test_" + "k".repeat(30);
    const remoteEnvelope = activationEnvelope("bond", SIGNIFICANT);
    server = await startScriptedServer([
      { status: 200, body: remoteEnvelope },
      { status: 401, body: { success: false, error: "Unauthorized", data: null, code: "unauthorized" } },
    ]);
    const mcp = await connect(["--base-url", server.url + "/v1"], { ARCROUTE_API_KEY: key });
    const ok = (await mcp.callTool({ name: "activate", arguments: { query: SIGNIFICANT, subject_vp_id: "vp_9" } })) as TextResult;
    expect(ok.structuredContent).toEqual(remoteEnvelope);
    expect(server.seen[0]).toMatchObject({ method: "POST", url: "/v1/activate" });
    expect(server.seen[0]!.headers.authorization).toBe(`Bearer ${key}`);
    expect(JSON.parse(server.seen[0]!.body)).toEqual({ query: SIGNIFICANT, subject_vp_id: "vp_9" });

    const denied = (await mcp.callTool({ name: "activate", arguments: { query: SIGNIFICANT } })) as TextResult;
    expect(denied.isError).toBe(true);
    expect(JSON.parse(denied.content[0]!.text)).toEqual({ success: false, error: "Unauthorized", data: null, code: "unauthorized" });
  });

  it("remote: a call the MCP client cancels (its timeout) stops waiting out Retry-After and is never sent again", async () => {
    const key = "ar_test_" + "k".repeat(30);
    server = await startScriptedServer([
      { status: 429, body: { success: false, error: "Rate limit exceeded", data: null, code: "rate_limited" }, headers: { "retry-after": "3" } },
      { status: 200, body: activationEnvelope("bond", SIGNIFICANT) },
    ]);
    const mcp = await connect(["--base-url", server.url + "/v1"], { ARCROUTE_API_KEY: key });
    await expect(mcp.callTool({ name: "activate", arguments: { query: SIGNIFICANT } }, undefined, { timeout: 500 })).rejects.toThrow(/timed out|timeout/i);
    await new Promise((resolve) => setTimeout(resolve, 4_000)); // past the Retry-After the client was waiting out
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  }, 20_000);
});
