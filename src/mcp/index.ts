/** The arcroute MCP server (`arcroute mcp`): an `activate` tool over stdio, local or remote. */
export { createMcpServer, ACTIVATE_TOOL, type McpServerOptions } from "./server.js";
export { localActivator, remoteActivator, type Activator, type ActivateOutcome } from "./activators.js";
