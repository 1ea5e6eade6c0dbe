/**
 * `arcroute mcp`: a Model Context Protocol server over stdio with one `activate` tool.
 * Local by default (the in-process classifier, nothing persisted); with a base URL and a key
 * it calls a hosted `/v1/activate` instead (persisted, billed like any API call).
 */
import type { Readable, Writable } from "node:stream";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { lexicalClassifier } from "../../classify/index.js";
import { createClient } from "../../client/index.js";
import { createMcpServer, localActivator, remoteActivator, ACTIVATE_TOOL, type Activator } from "../../mcp/index.js";
import type { Command } from "../command.js";
import { parseCommandArgs } from "../args.js";
import { redactApiKeys } from "../../keys/redact.js";
import { CliError } from "../errors.js";
import { writeLine } from "../io.js";
import { packageVersion } from "../version.js";

const usage = `Usage: arcroute mcp [--base-url URL --api-key KEY] [--json]

Speaks the Model Context Protocol over stdio (JSON-RPC on stdin/stdout, logs on stderr) and
exposes one tool, "${ACTIVATE_TOOL}" (input: query, subject_vp_id?, top_k?; output: the /v1/activate envelope).

Without a server it classifies locally (activation_id null, nothing persisted or billed).
With --base-url and --api-key it calls that server's /v1/activate (persisted and billed).
The key can also come from ARCROUTE_API_KEY and the URL from ARCROUTE_BASE_URL (keeps the key
out of the process list).

Options:
  --base-url URL   API root including its base path, e.g. http://127.0.0.1:8787/v1
  --api-key KEY    ar_live_... or ar_test_... key with the 'extract' scope
  --json           print the server's description (mode, tool and its JSON schemas) and exit

Register it with an MCP client, e.g.:
  {"mcpServers": {"arcroute": {"command": "npx", "args": ["arcroute", "mcp"]}}}`;

export const command: Command = {
  summary: "serve the activate tool over the Model Context Protocol (stdio)",
  usage,
  async run(args, io) {
    const { values } = parseCommandArgs(args, { "base-url": { type: "string" }, "api-key": { type: "string" }, json: { type: "boolean" } });
    const baseUrl = values["base-url"] ?? process.env.ARCROUTE_BASE_URL;
    const apiKey = values["api-key"] ?? process.env.ARCROUTE_API_KEY;
    if ((baseUrl === undefined) !== (apiKey === undefined)) {
      throw new CliError("remote mode needs both --base-url and --api-key (or ARCROUTE_BASE_URL and ARCROUTE_API_KEY)");
    }
    let activate: Activator;
    let mode: string;
    if (baseUrl !== undefined && apiKey !== undefined) {
      try {
        activate = remoteActivator(createClient({ baseUrl, apiKey }));
      } catch (error) {
        throw new CliError((error as Error).message.replace(/^createClient: /, ""));
      }
      mode = `remote ${baseUrl}/activate`;
    } else {
      activate = localActivator();
      mode = `local classifier ${lexicalClassifier.model}`;
    }
    const version = await packageVersion();
    const calls = trackCalls(activate);
    const server = createMcpServer({ activate: calls.activate, version });

    if (values.json) {
      const { tools } = await describeTools(server);
      await writeLine(io.stdout, JSON.stringify({ name: "arcroute", version, transport: "stdio", mode, tools }));
      return 0;
    }

    const transport = new StdioServerTransport(io.stdin as Readable, io.stdout as Writable);
    // Resolves with who ended the session: the client (stdin ended) or the transport, which the
    // SDK closes itself only on an error (a message past its buffer limit).
    const closed = new Promise<"client" | "transport">((resolve) => {
      io.stdin.once("end", () => resolve("client"));
      io.stdin.once("close", () => resolve("client"));
      transport.onclose = () => resolve("transport");
    });
    // The SDK answers nothing to a line that is not JSON-RPC and closes the connection on one past
    // its buffer limit, and tells no one: say it on stderr (stdout is the protocol).
    server.server.onerror = (error) => io.stderr.write(`arcroute mcp: ${oneLine(error)}\n`);
    await server.connect(transport);
    io.stderr.write(`arcroute mcp: serving '${ACTIVATE_TOOL}' on stdio (${mode})\n`);
    const closedBy = await closed;
    // A client that pipes its requests and closes stdin (`… | arcroute mcp`) still wants the
    // answers: calls in flight finish and are written before the server closes.
    await calls.settled();
    await server.close();
    return closedBy === "client" ? 0 : 1;
  },
};

/** An error as one stderr line: the SDK's validation errors are multi-line JSON, and a rejected line may quote a key. */
function oneLine(error: Error): string {
  const text = redactApiKeys(error.message.replace(/\s+/g, " ").trim());
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** Counts the activator's calls in flight, so that closing can wait for their answers. */
function trackCalls(activate: Activator) {
  const inFlight = new Set<Promise<unknown>>();
  return {
    activate: ((input, context) => {
      const call = activate(input, context);
      inFlight.add(call);
      void call.then(
        () => inFlight.delete(call),
        () => inFlight.delete(call),
      );
      return call;
    }) satisfies Activator,
    async settled(): Promise<void> {
      await Promise.allSettled(inFlight);
      // The SDK writes the answer in the microtasks after the call settles: let them run.
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

/** The tool list exactly as an MCP client would receive it, through an in-memory client. */
async function describeTools(server: ReturnType<typeof createMcpServer>) {
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { InMemoryTransport } = await import("@modelcontextprotocol/sdk/inMemory.js");
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "arcroute-describe", version: "0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    return await client.listTools();
  } finally {
    await client.close();
    await server.close();
  }
}
