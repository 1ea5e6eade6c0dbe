/**
 * The arcroute MCP server: one `activate` tool whose result is the API's envelope, as JSON text
 * (for any MCP client) and as `structuredContent` validated against the envelope's schema.
 * Failures (bad input, 401, 429, ...) are tool errors carrying the error envelope as text.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { ActivationMetaSchema, ActivationResultSchema } from "../schema/activation.js";
import { successEnvelope } from "../schema/envelope.js";
import { MAX_QUERY_CHARS, MAX_SUBJECT_VP_ID_CHARS, MAX_TOP_K, DEFAULT_TOP_K } from "../schema/request.js";
import type { ActivateInput } from "../client/index.js";
import type { Activator } from "./activators.js";
import { withInvalidParamsErrors } from "./invalid-params.js";

export const ACTIVATE_TOOL = "activate";

const TOOL_DESCRIPTION =
  "Translate a natural-language query into EDM significance field filters for retrieval routed by what mattered. " +
  "Returns {success, error, data: {activation_id, arc_types, primary_domain, field_filters, confidence, significance_gate}, meta}. " +
  "significance_gate is false for factual, task and conversational queries: then retrieve without filters.";

/**
 * Types only: the SDK refuses arguments of the wrong type (MCP invalid params); the contract's
 * messages for bad values ("'query' field is required" for an empty query, too long, top_k out of
 * range) come from the same parser the HTTP API uses. top_k's range is still advertised (`meta`,
 * not checked here). top_k is an integer by a refinement, not zod's `int()`: that one is the
 * safe-integer range, so 1e20 (an integer, as JSON Schema counts them, above the advertised 100)
 * got zod's "expected int to be <=9007199254740991" instead of the contract's message; `type` in
 * `meta` keeps it advertised as an integer.
 */
const inputShape = {
  query: z.string().describe(`Natural-language query (at most ${MAX_QUERY_CHARS} characters).`),
  subject_vp_id: z.string().nullable().optional().describe(`Subject id recorded on the activation (at most ${MAX_SUBJECT_VP_ID_CHARS} characters); null is absent.`),
  top_k: z
    .number()
    .refine(Number.isInteger, "expected an integer")
    .nullable()
    .optional()
    .meta({ type: ["integer", "null"], minimum: 1, maximum: MAX_TOP_K, description: `Results the caller will retrieve, 1–${MAX_TOP_K} (default ${DEFAULT_TOP_K}); echoed in meta.top_k; null is absent.` }),
};

/**
 * Tool arguments as the API takes them: an optional argument sent as null is absent, as on HTTP
 * (models and JSON clients commonly write an unset field as null; refusing it failed their call).
 */
function withoutNulls(input: { query: string; subject_vp_id?: string | null | undefined; top_k?: number | null | undefined }): ActivateInput {
  return {
    query: input.query,
    ...(input.subject_vp_id != null ? { subject_vp_id: input.subject_vp_id } : {}),
    ...(input.top_k != null ? { top_k: input.top_k } : {}),
  };
}

/**
 * The success envelope, built without the component id that ActivationEnvelopeSchema carries:
 * with it the generated JSON Schema is a top-level `$ref`, and MCP requires `type: "object"`.
 */
const outputSchema = successEnvelope(ActivationResultSchema, ActivationMetaSchema);

export interface McpServerOptions {
  activate: Activator;
  /** Reported to clients in `serverInfo.version`. */
  version?: string;
}

export function createMcpServer(options: McpServerOptions): McpServer {
  const server = new McpServer({ name: "arcroute", version: options.version ?? "0.0.0" });
  server.registerTool(
    ACTIVATE_TOOL,
    {
      title: "Significance activation",
      description: TOOL_DESCRIPTION,
      inputSchema: inputShape,
      outputSchema,
    },
    async (input, extra) => {
      const outcome = await options.activate(withoutNulls(input), { signal: extra.signal });
      const text = JSON.stringify(outcome);
      if (!outcome.success) return { isError: true, content: [{ type: "text", text }] };
      return { content: [{ type: "text", text }], structuredContent: outcome };
    },
  );
  // Whatever transport it is connected to, a request the SDK's schemas refuse is answered as invalid params.
  const connect = server.connect.bind(server);
  server.connect = (transport) => connect(withInvalidParamsErrors(transport));
  return server;
}
