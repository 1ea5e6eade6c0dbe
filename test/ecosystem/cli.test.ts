/** The ecosystem's CLI commands: --help, --json, and one-line errors with exit code 2 on bad usage. */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { createOpenApiDocument } from "../../src/openapi/index.js";
import { BIN, requireBuiltCli } from "./support/built-cli.js";
import { runCli } from "./support/cli.js";

describe("arcroute --help", () => {
  it("marks the commands that run only from a checkout (demo, bench) and says what that means", async () => {
    const help = (await runCli(["--help"])).stdout;
    const marked = help.split("\n").filter((line) => /^ {2}\S+ +\(checkout only\) /.test(line)).map((line) => line.trim().split(" ")[0]);
    expect(marked).toEqual(["bench", "demo"]);
    expect(help).toContain("(checkout only): runs from a clone of the repository");
  });

  it("--version and -v print the package's version, exit 0", async () => {
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    for (const flag of ["--version", "-v"]) expect(await runCli([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("bench <name> --help prints that benchmark's own usage", async () => {
    for (const name of ["classifier", "feedback", "retrieval", "http"]) {
      const help = await runCli(["bench", name, "--help"]);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: arcroute bench ${name} `));
    }
  });
});

describe("arcroute openapi", () => {
  it("prints the generated document, indented or as one JSON line", async () => {
    const pretty = await runCli(["openapi"]);
    expect(pretty.code).toBe(0);
    expect(JSON.parse(pretty.stdout)).toEqual(createOpenApiDocument());
    expect(pretty.stdout.split("\n").length).toBeGreaterThan(100);
    const compact = await runCli(["openapi", "--json", "--base-path", "/api/v1"]);
    expect(compact.stdout.trimEnd().split("\n")).toHaveLength(1);
    expect(Object.keys(JSON.parse(compact.stdout).paths)).toContain("/api/v1/activate");
    // --base-path is normalised as serve and createApi normalise it: the document lists the paths they serve.
    const loose = await runCli(["openapi", "--json", "--base-path", "api/v1/"]);
    expect(JSON.parse(loose.stdout)).toEqual(JSON.parse(compact.stdout));
  });

  it("has --help and refuses bad usage with one line and exit 2", async () => {
    const help = await runCli(["openapi", "--help"]);
    expect(help).toMatchObject({ code: 0 });
    expect(help.stdout).toContain("--base-path");
    for (const args of [["openapi", "--nope"], ["openapi", "--base-path", "//evil"], ["openapi", "--base-path", "/v1?x"], ["openapi", "--server-url", "nope"]]) {
      const bad = await runCli(args);
      expect(bad.code).toBe(2);
      expect(bad.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(bad.stderr).toMatch(/^arcroute: /);
    }
  });

  it("refuses a server URL with credentials in it, and never repeats a typed password", async () => {
    const withPassword = await runCli(["openapi", "--server-url", "https://deploy:hunter2@api.example.com"]);
    expect(withPassword).toMatchObject({ code: 2, stdout: "" });
    expect(withPassword.stderr).toBe("arcroute: --server-url must not carry a user name or password: the OpenAPI document is meant to be published\n");
    const malformed = await runCli(["openapi", "--server-url", "https://deploy:hunter2@api example.com"]);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).not.toContain("hunter2");
  });
});

describe("arcroute mcp", () => {
  it("--json describes the server and its tool without serving", async () => {
    const run = await runCli(["mcp", "--json"]);
    expect(run.code).toBe(0);
    const description = JSON.parse(run.stdout);
    expect(description).toMatchObject({ name: "arcroute", transport: "stdio", mode: expect.stringMatching(/^local classifier /) });
    expect(description.tools.map((t: { name: string }) => t.name)).toEqual(["activate"]);
    const remote = JSON.parse((await runCli(["mcp", "--json", "--base-url", "http://127.0.0.1:9/v1", "--api-key", "ar_test_x"])).stdout);
    expect(remote.mode).toBe("remote http://127.0.0.1:9/v1/activate");
  });

  it("has --help and refuses half a remote configuration or a bad URL with exit 2", async () => {
    expect((await runCli(["mcp", "--help"])).stdout).toContain("--base-url");
    for (const args of [["mcp", "--base-url", "http://127.0.0.1:9/v1"], ["mcp", "--api-key", "k"], ["mcp", "--base-url", "nope", "--api-key", "k"], ["mcp", "extra"]]) {
      const bad = await runCli(args);
      expect(bad.code, args.join(" ")).toBe(2);
      expect(bad.stderr.trimEnd().split("\n")).toHaveLength(1);
    }
  });
});

describe("arcroute demo", () => {
  it("--json answers the query raw and routed, with the activation", async () => {
    const run = await runCli(["demo", "--json", "--k", "3", "--query", "the moments I felt most grateful to someone"]);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.query).toBe("the moments I felt most grateful to someone");
    expect(result.activation.success).toBe(true);
    expect(result.raw).toHaveLength(3);
    expect(result.routed).toHaveLength(3);
    expect(result.server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(result.activation.data.activation_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("prints the side-by-side table by default", async () => {
    const run = await runCli(["demo", "--k", "2"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("RAW VECTOR SEARCH");
    expect(run.stdout).toContain("SIGNIFICANCE ROUTING");
  });

  it("has --help and refuses bad usage with exit 2", async () => {
    expect((await runCli(["demo", "--help"])).stdout).toContain("--keep-serving");
    for (const args of [["demo", "--k", "0"], ["demo", "--port", "x"], ["demo", "--query", " "], ["demo", "--what"]]) {
      const bad = await runCli(args);
      expect(bad.code, args.join(" ")).toBe(2);
      expect(bad.stderr.trimEnd().split("\n")).toHaveLength(1);
    }
  });
});

describe("a reader that closes the pipe early (| head)", () => {
  /** Runs the built CLI, reads its first chunk of stdout, then closes the pipe as `head -c` does. */
  function firstChunk(args: string[], stdin?: string): Promise<{ code: number | null; chunk: string; stderr: string }> {
    requireBuiltCli();
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, ...args], { stdio: ["pipe", "pipe", "pipe"] });
      let chunk = "";
      let stderr = "";
      child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
      child.stdout.once("data", (data: Buffer) => {
        chunk = data.toString();
        child.stdout.destroy();
      });
      child.on("error", reject).on("close", (code) => resolve({ code, chunk, stderr }));
      child.stdin.on("error", () => {}); // the CLI may exit before reading all of it
      child.stdin.end(stdin ?? "");
    });
  }

  it("stops quietly, exit 0 and no stack trace, for a large document and for a long --jsonl run", async () => {
    const openapi = await firstChunk(["openapi"]);
    expect(openapi.chunk).toMatch(/^\{/);
    expect(openapi).toMatchObject({ code: 0, stderr: "" });
    const jsonl = await firstChunk(["activate", "--jsonl"], "when nan passed away\n".repeat(50_000));
    expect(JSON.parse(jsonl.chunk.split("\n")[0]!)).toMatchObject({ success: true });
    expect(jsonl).toMatchObject({ code: 0, stderr: "" });
  }, 60_000);
});

describe("arcroute demo options and shutdown", () => {
  it("refuses bad values before starting anything: one line, exit 2", async () => {
    for (const args of [["--port", "0x50"], ["--port="], ["--k", "0x5"], ["--query", "x".repeat(4001)], ["--query", "  "]]) {
      const run = await runCli(["demo", ...args]);
      expect(run.code, args.join(" ").slice(0, 40)).toBe(2);
      expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    }
    expect((await runCli(["demo", "--query", "x".repeat(4001)])).stderr).toMatch(/--query: 'query' must be at most 4000 characters/);
  });

  it("--keep-serving stops on SIGTERM too, exit 0, and removes its LanceDB folder", async () => {
    requireBuiltCli();
    const demoDirs = () => new Set(readdirSync(tmpdir()).filter((name) => name.startsWith("arcroute-demo-")));
    const before = demoDirs();
    const child = spawn(process.execPath, [BIN, "demo", "--keep-serving", "--json"], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    await new Promise<void>((resolve, reject) => {
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes("(Ctrl-C to stop)")) resolve();
      });
      child.on("error", reject).on("exit", () => reject(new Error(`demo exited early: ${stderr}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect([...demoDirs()].filter((name) => !before.has(name))).toEqual([]);
  }, 60_000);
});
