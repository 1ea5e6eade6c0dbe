/**
 * Every script in examples/ runs as a user would run it: `node --import tsx examples/<name>.ts`
 * against the built package (its imports are the published names, resolved through `exports`).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, requireBuiltCli } from "./support/built-cli.js";
import { activationEnvelope } from "./support/envelopes.js";
import { startLiveApi } from "./support/live-api.js";
import { startScriptedServer } from "./support/scripted-server.js";

const run = promisify(execFile);

async function runExample(name: string, args: string[] = [], env: Record<string, string> = {}) {
  const { stdout } = await run(process.execPath, ["--import", "tsx", `examples/${name}.ts`, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  return stdout;
}

beforeAll(requireBuiltCli);

describe("examples", () => {
  it("mcp.ts lists the tool and activates through a spawned `arcroute mcp`", async () => {
    const out = await runExample("mcp", ["when was I most afraid of losing her"]);
    expect(out).toContain("tools: activate");
    expect(out).toContain("significance_gate: true");
  }, 60_000);

  it("langchain.ts retrieves routed documents with the activation attached", async () => {
    const out = await runExample("langchain");
    expect(out).toContain("significance_gate: true");
    expect(out.match(/^- m\d\d /gm)).toHaveLength(3);
    expect(out).toMatch(/ filtered score=/);
  }, 60_000);

  it("client.ts activates, sends feedback and reads usage against a server", async () => {
    const envelope = activationEnvelope("grief", "when was I most afraid of losing her");
    const server = await startScriptedServer([
      { status: 200, body: envelope },
      { status: 200, body: { success: true, error: null, data: { feedback_id: "f1", activation_id: envelope.data.activation_id, hit: true, memory_id: null, recorded_at: "2026-11-22T10:00:00.000Z" } } },
      { status: 200, body: { success: true, error: null, data: { org_id: "acme", from: "2026-11-01T00:00:00.000Z", to: "2026-12-01T00:00:00.000Z", billed_queries: 1, amount_micros: 1000 } } },
    ]);
    try {
      const out = await runExample("client", [], { ARCROUTE_BASE_URL: server.url + "/v1", ARCROUTE_API_KEY: "ar_test_" + "x".repeat(32) });
      expect(out).toContain(`activation ${envelope.data.activation_id}`);
      expect(out).toContain("feedback recorded: f1");
      expect(out).toContain("billed this month: 1 queries, $0.001");
      expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /v1/activate", "POST /v1/feedback", "GET /v1/usage"]);
      expect(server.seen[0]!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await server.close();
    }
  }, 60_000);

  it("client.ts runs against the real handler set: the charge shows in usage", async () => {
    const api = await startLiveApi();
    try {
      const key = await api.key("acme", "growth", ["extract"], "live");
      const out = await runExample("client", ["the day my grandmother died"], { ARCROUTE_BASE_URL: api.url, ARCROUTE_API_KEY: key });
      const id = /^activation ([0-9a-f-]{36}) by arcroute-lexicon@1$/m.exec(out)?.[1];
      expect(id).toBeDefined();
      expect(out).toContain("significance_gate: true");
      expect(out).toContain("billed this month: 1 queries, $0.001");
      expect(await api.store.listFeedback("acme")).toEqual([expect.objectContaining({ activation_id: id, hit: true })]);
    } finally {
      await api.close();
    }
  }, 60_000);

  it("client.ts reports a failure with the server's status and message and exits 1", async () => {
    const server = await startScriptedServer([{ status: 401, body: { success: false, error: "Unauthorized", data: null, code: "unauthorized" } }]);
    try {
      const failure = await runExample("client", [], { ARCROUTE_BASE_URL: server.url + "/v1", ARCROUTE_API_KEY: "ar_live_wrong" }).catch((e: { code: number; stderr: string }) => e);
      expect(failure).toMatchObject({ code: 1 });
      expect((failure as { stderr: string }).stderr).toContain("arcroute error 401 (unauthorized): Unauthorized");
    } finally {
      await server.close();
    }
  }, 60_000);
});
