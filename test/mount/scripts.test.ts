/** Each mounting example also runs as a script (`node --import tsx examples/mount/<name>.ts`) and answers with its dev key. */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, requireBuiltCli } from "../ecosystem/support/built-cli.js";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe.each(["node-http", "express", "fastify", "hono"])("examples/mount/%s.ts as a script", (name) => {
  it("listens, prints a curl line with its dev key, and activates", async () => {
    requireBuiltCli();
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", `examples/mount/${name}.ts`], { cwd: REPO_ROOT, env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "inherit"] });
    try {
      const lines = createInterface({ input: child.stdout! });
      const output: string[] = [];
      for await (const line of lines) {
        output.push(line);
        if (line.startsWith("try: curl")) break;
      }
      expect(output[0]).toBe(`listening on http://127.0.0.1:${port}`);
      const key = /Bearer (ar_test_[0-9A-Za-z]+)/.exec(output[1] ?? "")![1]!;
      const response = await fetch(`http://127.0.0.1:${port}/v1/activate`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: '{"query":"times dad was proud of me"}' });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ success: true, data: { significance_gate: true } });
    } finally {
      child.kill("SIGKILL");
    }
  });
});
