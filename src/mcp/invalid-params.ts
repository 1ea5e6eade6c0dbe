/**
 * JSON-RPC's "invalid params" for requests the MCP SDK refuses by its own schemas. The SDK parses
 * each request's params with zod before any handler runs and answers a failure as an internal
 * error (−32603) whose message is zod's issue list as multi-line JSON: a client that sent
 * `tools/call` without a tool name was told the server broke. This rewrites exactly those answers
 * (an internal error whose message is a zod issue list about `params`) into −32602 with one line
 * naming each bad field; every other message passes untouched.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

interface Issue { path: (string | number)[]; message: string }

/** The issues of a zod validation message about request params, or null for any other message. */
function paramsIssues(message: string): Issue[] | null {
  if (!message.trimStart().startsWith("[")) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return null;
  }
  const isIssue = (i: unknown): i is Issue =>
    typeof i === "object" && i !== null && Array.isArray((i as Issue).path) && (i as Issue).path[0] === "params" && typeof (i as Issue).message === "string";
  return Array.isArray(parsed) && parsed.length > 0 && parsed.every(isIssue) ? parsed : null;
}

/** The message as it should go out: a params validation failure as −32602, anything else as it is. */
export function asInvalidParams(message: JSONRPCMessage): JSONRPCMessage {
  if (!("error" in message) || message.error.code !== ErrorCode.InternalError) return message;
  const issues = paramsIssues(message.error.message);
  if (!issues) return message;
  const detail = issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  return { ...message, error: { code: ErrorCode.InvalidParams, message: `Invalid params: ${detail}` } };
}

/** The transport, its outgoing answers passed through `asInvalidParams`. */
export function withInvalidParamsErrors<T extends Transport>(transport: T): T {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(asInvalidParams(message), options);
  return transport;
}
