/**
 * The npm package deepadata-edm-mcp-server@0.3.1 works unchanged against
 * `arcroute serve --base-path /api/v1`: its activate tool POSTs to `${DEEPADATA_API_URL}/api/v1/activate`
 * with `Authorization: Bearer ${DEEPADATA_API_KEY}` and a body {query, subject_vp_id, top_k, source: "mcp"},
 * and reads `data.*` and `meta.classifier_model`/`meta.activated_at` from the envelope.
 * Checked through its tool module imported directly and through its stdio MCP server driven by
 * the MCP SDK's client; the server's records (billing, written atomically with the event) are read back.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLASSIFIER_MODEL } from "../../src/classify/index.js";
import { installDeepadataMcpServer, type InstalledMcpServer } from "./support/deepadata-mcp.js";
import { startServeProcess, type ServeProcess } from "./support/serve-process.js";

const KEY = "ar_live_" + "M".repeat(28) + "cp01";
const ORG = "mcp-compat";
const SIGNIFICANT = "times dad was proud of me";
const FACTUAL = "what time is the dentist on friday";

interface ActivateTool {
  definition: { name: string };
  handler(args: { query: string; subject_vp_id?: string; top_k?: number }): Promise<Record<string, unknown>>;
}
type ActivateModule = { createActivateTool(apiKey?: string, apiBaseUrl?: string): ActivateTool };

let mcp: InstalledMcpServer;
let server: ServeProcess;
let origin: string;
let createActivateTool: ActivateModule["createActivateTool"];

async function billedQueries(): Promise<number> {
  const response = await fetch(`${server.url}/usage`, { headers: { authorization: `Bearer ${KEY}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { billed_queries: number } }).data.billed_queries;
}

beforeAll(async () => {
  mcp = await installDeepadataMcpServer();
  const dir = mkdtempSync(join(tmpdir(), "arcroute-compat-keys-"));
  const keys = join(dir, "keys.json");
  writeFileSync(keys, JSON.stringify([{ key: KEY, org: ORG, tier: "scale", scopes: ["extract"] }]));
  server = await startServeProcess(["--base-path", "/api/v1", "--keys", keys]);
  origin = new URL(server.url).origin;
  ({ createActivateTool } = (await import(pathToFileURL(mcp.activateModule).href)) as ActivateModule);
});

afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

describe(`deepadata-edm-mcp-server@0.3.1 against arcroute serve --base-path /api/v1`, () => {
  it("its activate tool gets arcroute's classification, and the server records and bills the significance query", async () => {
    const before = await billedQueries();
    const tool = createActivateTool(KEY, origin);
    expect(tool.definition.name).toBe("deepadata_activate");
    const result = await tool.handler({ query: SIGNIFICANT, subject_vp_id: "vp-42", top_k: 7 });
    expect(result).toMatchObject({ query: SIGNIFICANT, significance_gate: true, classifier_model: CLASSIFIER_MODEL, primary_domain: expect.any(String) });
    expect(result.arc_types).toContain("bond");
    expect(result.field_filters).toContainEqual({ field: "arc_type", operator: "eq", value: "bond", weight: expect.any(Number) });
    expect(Date.parse(result.activated_at as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(await billedQueries()).toBe(before + 1);
  });

  it("a factual query comes back with the gate closed and is not billed", async () => {
    const before = await billedQueries();
    const result = await createActivateTool(KEY, origin).handler({ query: FACTUAL });
    expect(result).toMatchObject({ significance_gate: false, arc_types: [], field_filters: [] });
    expect(await billedQueries()).toBe(before);
  });

  it("reads the key and URL from DEEPADATA_API_KEY / DEEPADATA_API_URL", async () => {
    const saved = { key: process.env.DEEPADATA_API_KEY, url: process.env.DEEPADATA_API_URL };
    process.env.DEEPADATA_API_KEY = KEY;
    process.env.DEEPADATA_API_URL = origin;
    try {
      expect(await createActivateTool().handler({ query: SIGNIFICANT })).toMatchObject({ significance_gate: true });
    } finally {
      for (const [name, value] of [["DEEPADATA_API_KEY", saved.key], ["DEEPADATA_API_URL", saved.url]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it("a revoked or unknown key surfaces arcroute's 401 envelope in the tool's error", async () => {
    const tool = createActivateTool("ar_live_" + "0".repeat(32), origin);
    await expect(tool.handler({ query: SIGNIFICANT })).rejects.toThrow('activate failed: 401 {"success":false,"error":"Unauthorized","data":null');
  });

  it("its stdio MCP server, driven by the MCP SDK client, activates through arcroute", async () => {
    const before = await billedQueries();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [mcp.serverScript],
      env: { ...getDefaultEnvironment(), DEEPADATA_API_KEY: KEY, DEEPADATA_API_URL: origin },
      stderr: "pipe",
    });
    const client = new Client({ name: "arcroute-compat", version: "1.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("deepadata_activate");
      const answer = (await client.callTool({ name: "deepadata_activate", arguments: { query: SIGNIFICANT } })) as { isError?: boolean; content: { type: string; text: string }[] };
      expect(answer.isError ?? false).toBe(false);
      const result = JSON.parse(answer.content[0]!.text) as Record<string, unknown>;
      expect(result).toMatchObject({ significance_gate: true, classifier_model: CLASSIFIER_MODEL, query: SIGNIFICANT });
      expect(await billedQueries()).toBe(before + 1);
    } finally {
      await client.close();
    }
  });
});
