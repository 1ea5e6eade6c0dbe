/**
 * MCP: start `arcroute mcp` as a child process and call its `activate` tool with the MCP SDK's
 * client, exactly as an MCP host (Claude Desktop, an agent framework) would.
 *
 *   node --import tsx examples/mcp.ts ["<query>"]        (after `npm run build`)
 *
 * In your own MCP host configuration:
 *   {"mcpServers": {"arcroute": {"command": "npx", "args": ["arcroute", "mcp"]}}}
 * and, to call a hosted arcroute instead of the local classifier, add
 *   "env": {"ARCROUTE_BASE_URL": "https://your-host/v1", "ARCROUTE_API_KEY": "ar_live_..."}
 */
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const query = process.argv[2] ?? "when was I most afraid of losing her";
const bin = fileURLToPath(new URL("../bin/arcroute.js", import.meta.url));

const transport = new StdioClientTransport({
  command: process.execPath,
  args: [bin, "mcp"],
  // Pass ARCROUTE_BASE_URL / ARCROUTE_API_KEY through when set: then the tool calls that server.
  env: { ...getDefaultEnvironment(), ...pick(process.env, ["ARCROUTE_BASE_URL", "ARCROUTE_API_KEY"]) },
  stderr: "ignore", // the server logs one line there; stdout is the protocol
});
const client = new Client({ name: "arcroute-example", version: "1.0.0" });
await client.connect(transport);
try {
  const { tools } = await client.listTools();
  console.log(`tools: ${tools.map((tool) => tool.name).join(", ")}`);
  const result = await client.callTool({ name: "activate", arguments: { query, top_k: 5 } });
  if (result.isError) throw new Error(`activate failed: ${JSON.stringify(result.content)}`);
  const envelope = result.structuredContent as { data: { significance_gate: boolean; arc_types: string[]; field_filters: unknown[] } };
  console.log(`query: ${query}`);
  console.log(`significance_gate: ${envelope.data.significance_gate}`);
  console.log(`arc_types: ${envelope.data.arc_types.join(", ") || "(none)"}`);
  console.log(`field_filters: ${JSON.stringify(envelope.data.field_filters)}`);
} finally {
  await client.close();
}

function pick(env: NodeJS.ProcessEnv, names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (env[name] ? [[name, env[name]!]] : [])));
}
