/** `arcroute serve` as users run it: a child process, a real socket, real signals. */
import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { serveFailure, startServeProcess, type ServeProcess } from "../../../test/compat/support/serve-process.js";
import { runCli } from "../../../test/ecosystem/support/cli.js";
import { dropSchema, uniqueSchema } from "../../../test/stores/support/postgres.js";
import { hasPostgres, POSTGRES_URL } from "../../../test/support/services.js";

const postgres = await hasPostgres();

const dir = mkdtempSync(join(tmpdir(), "arcroute-serve-"));
const ACME_LIVE = "ar_live_" + "Q".repeat(30);
const VERIFY_ONLY = "ar_live_" + "V".repeat(30);
const running: ServeProcess[] = [];

function keysFile(name: string, entries: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(entries));
  return path;
}

async function serve(args: string[]): Promise<ServeProcess> {
  const server = await startServeProcess(args);
  running.push(server);
  return server;
}

const activate = (url: string, key: string, query = "times dad was proud of me") =>
  fetch(`${url}/activate`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ query }) });

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop("SIGKILL")));
});

describe("arcroute serve", () => {
  it("without --keys prints the URL alone on stdout and a working test-mode dev key once on stderr", async () => {
    const server = await serve([]);
    expect(server.readyLine).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(server.stdout()).toBe(server.readyLine + "\n");
    expect(server.devKey).toMatch(/^ar_test_[0-9A-Za-z]{32}$/);
    expect(server.stderr().split(server.devKey!).length - 1).toBe(1);

    const response = await activate(server.url, server.devKey!);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { significance_gate: boolean; activation_id: string } };
    expect(body.data.significance_gate).toBe(true);
    // A dev key is a test key: never billed.
    const usage = (await (await fetch(`${server.url}/usage`, { headers: { "x-api-key": server.devKey! } })).json()) as { data: { billed_queries: number } };
    expect(usage.data.billed_queries).toBe(0);
  });

  it("--json prints one ready line with the dev key", async () => {
    const server = await serve(["--json"]);
    const ready = JSON.parse(server.readyLine) as Record<string, string>;
    expect(Object.keys(ready).sort()).toEqual(["dev_key", "dev_key_id", "url"]);
    expect(ready.dev_key).toMatch(/^ar_test_/);
    expect(ready.dev_key_id).toMatch(/^key_/);
    expect(server.stderr()).not.toContain(ready.dev_key);
  });

  it("--keys and --base-path: the file's keys authenticate under the base path, with their scopes, and no dev key is issued", async () => {
    const keys = keysFile("keys.json", [
      { key: ACME_LIVE, org: "acme", tier: "growth", scopes: ["extract"] },
      { key: VERIFY_ONLY, org: "acme", tier: "growth", scopes: ["verify"] },
    ]);
    const server = await serve(["--keys", keys, "--base-path", "/api/v1/", "--json"]);
    expect(JSON.parse(server.readyLine)).toEqual({ url: server.url });
    expect(server.url).toMatch(/\/api\/v1$/);
    expect(server.stderr()).toContain("2 added, 0 already registered");

    const ok = await activate(server.url, ACME_LIVE);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("ratelimit-limit")).toBe("60");
    const forbidden = await activate(server.url, VERIFY_ONLY);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ success: false, error: "API key does not have 'extract' scope", data: null });
    expect((await activate(server.url.replace("/api/v1", "/v1"), ACME_LIVE)).status).toBe(404);
    // A live key's significance query is billed.
    const usage = (await (await fetch(`${server.url}/usage`, { headers: { authorization: `Bearer ${ACME_LIVE}` } })).json()) as { data: { billed_queries: number; amount_micros: number } };
    expect(usage.data).toMatchObject({ billed_queries: 1, amount_micros: 1000 });
  });

  it.each(["SIGTERM", "SIGINT"] as const)("shuts down cleanly on %s: exit 0, port released", async (signal) => {
    const server = await serve([]);
    const port = Number(new URL(server.url).port);
    // A keep-alive connection left open must not hold the shutdown.
    expect((await activate(server.url, server.devKey!)).status).toBe(200);
    expect(await server.stop(signal)).toBe(0);
    expect(server.stderr()).toContain(`${signal}, shutting down`);
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(false)));
      socket.once("error", () => resolve(true));
    });
    expect(refused).toBe(true);
  });

  it("a request in flight when SIGTERM arrives is answered before the process exits", async () => {
    const server = await serve([]);
    const body = JSON.stringify({ query: "times dad was proud of me" });
    const url = new URL(`${server.url}/activate`);
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(url, { method: "POST", headers: { authorization: `Bearer ${server.devKey}`, "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => resolve({ status: response.statusCode!, body: text }));
      });
      request.on("error", reject);
      // Half the body now, the rest after the signal: the request is in flight during shutdown.
      request.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill("SIGTERM");
        setTimeout(() => request.end(body.slice(10)), 300);
      }, 300);
    });
    const result = await answered;
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({ success: true, data: { significance_gate: true } });
    expect(await server.exited()).toBe(0);
  });

  it("--verify-rpm limits anonymous /verify calls per client IP", async () => {
    const server = await serve(["--verify-rpm", "2"]);
    const verify = () => fetch(`${server.url}/verify`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await verify()).status);
    // No verify handler is configured (501 after every check); the third anonymous call is refused.
    expect(statuses).toEqual([501, 501, 429]);
  });

  it("--failed-key-lookups-per-minute limits failed key lookups per client IP; off turns the limit off", async () => {
    // Well-formed keys the store does not know: each one is a failed lookup (401).
    const unknown = (i: number) => "ar_live_" + String(i).padStart(32, "U");
    const statuses = async (url: string, count: number) => {
      const seen: number[] = [];
      for (let i = 0; i < count; i++) seen.push((await activate(url, unknown(i))).status);
      return seen;
    };
    const limited = await serve(["--failed-key-lookups-per-minute", "2"]);
    // The second failure fills the budget: the client's next keyed request, a valid key's too, is refused.
    expect(await statuses(limited.url, 3)).toEqual([401, 401, 429]);
    expect((await activate(limited.url, limited.devKey!)).status).toBe(429);
    // Past the default budget (60) and still a lookup each time.
    const off = await serve(["--failed-key-lookups-per-minute", "off"]);
    expect(new Set(await statuses(off.url, 61))).toEqual(new Set([401]));
    expect((await activate(off.url, off.devKey!)).status).toBe(200);
    const help = (await runCli(["serve", "--help"])).stdout;
    expect(help).toContain("[--failed-key-lookups-per-minute 60|off]");
    expect(help).toMatch(/^  --failed-key-lookups-per-minute N\|off /m);
  });

  it.runIf(postgres)("a store failure answers 500 Activation failed and logs its cause with the request id on stderr", async () => {
    const schema = uniqueSchema("httpops_serve");
    const server = await serve(["--store", `${POSTGRES_URL}?schema=${schema}`]);
    try {
      expect((await activate(server.url, server.devKey!)).status).toBe(200);
      await dropSchema(schema); // the tables vanish under the running server
      const failed = await fetch(`${server.url}/activate`, {
        method: "POST",
        headers: { authorization: `Bearer ${server.devKey}`, "content-type": "application/json", "x-request-id": "req-test-42" },
        body: JSON.stringify({ query: "times dad was proud of me" }),
      });
      expect(failed.status).toBe(500);
      expect(await failed.json()).toMatchObject({ success: false, error: "Activation failed", data: null });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const logged = server.stderr().split("\n").find((line) => line.includes("POST /v1/activate"));
      // The key lookup itself fails here, so no organization is known yet; the request id is.
      expect(logged).toMatch(/^arcroute serve: POST \/v1\/activate \[request req-test-42\]: .*does not exist/);
      expect(logged).not.toContain(server.devKey!);

      // Caller input on a logged line (the path, X-Request-Id) never repeats a key written there.
      const pasted = "ar_live_" + "Z".repeat(32);
      const lookup = await fetch(`${server.url}/activations/${pasted}`, { headers: { authorization: `Bearer ${server.devKey}`, "x-request-id": `id-${pasted}` } });
      expect(lookup.status).toBe(500);
      expect(lookup.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const line = server.stderr().split("\n").find((l) => l.includes("GET /v1/activations/"));
      expect(line).toMatch(/^arcroute serve: GET \/v1\/activations\/<API key, not shown> \[request [0-9a-f-]{36}\]: /);
      expect(server.stderr()).not.toContain(pasted);
    } finally {
      await dropSchema(schema);
    }
  });

  it.runIf(postgres)("a second start that fails (port in use) leaves the running server's dev key working", async () => {
    const schema = uniqueSchema("serve_devkey");
    const store = `${POSTGRES_URL}?schema=${schema}`;
    try {
      const server = await serve(["--store", store]);
      expect((await activate(server.url, server.devKey!)).status).toBe(200);
      const port = new URL(server.url).port;
      const second = await serveFailure(["--store", store, "--port", port]);
      expect(second.stderr).toBe(`arcroute: port ${port} is already in use\n`);
      expect((await activate(server.url, server.devKey!)).status).toBe(200);
    } finally {
      await dropSchema(schema);
    }
  });

  it.each([
    [["--port", "99999"], "arcroute: --port must be an integer from 0 to 65535, got '99999'"],
    [["--base-path", "v1?x=1"], "arcroute: --base-path must be a path such as /v1 or /api/v1, got 'v1?x=1'"],
    [["--store", "mysql://x"], "arcroute: unknown --store 'mysql://x'"],
    [["--limiter", "memcached"], "arcroute: unknown --limiter 'memcached'"],
    [["--keys", "/nonexistent/keys.json"], "arcroute: keys file /nonexistent/keys.json: no such file"],
    [["--bogus"], "arcroute: Unknown option '--bogus'"],
    // Node would listen on every interface and the ready line would be http://:<port>/v1.
    [["--host", ""], "arcroute: --host must be an interface address or name such as 127.0.0.1, 0.0.0.0 or ::, got ''"],
    [["--host= "], "arcroute: --host must be an interface address or name such as 127.0.0.1, 0.0.0.0 or ::, got ' '"],
    [["--verify-rpm", "0"], "arcroute: --verify-rpm must be an integer from 1 to 1000000, got '0'"],
    [["--failed-key-lookups-per-minute", "0"], "arcroute: --failed-key-lookups-per-minute must be an integer from 1 to 1000000, or off, got '0'"],
    [["--failed-key-lookups-per-minute", "-5"], "arcroute: --failed-key-lookups-per-minute must be an integer from 1 to 1000000, or off, got '-5'"],
    [["--failed-key-lookups-per-minute", "false"], "arcroute: --failed-key-lookups-per-minute must be an integer from 1 to 1000000, or off, got 'false'"],
  ])("bad usage %j: one line on stderr, exit 2", async (args, message) => {
    const result = await serveFailure(["--port", "0", ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr.startsWith(message)).toBe(true);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stdout).toBe("");
  });

  it("a bad keys file entry: one line naming the entry, exit 2, nothing served", async () => {
    const keys = keysFile("bad.json", [{ key: ACME_LIVE, org: "acme", tier: "growth", scopes: ["extract"] }, { key: VERIFY_ONLY, org: "beta", tier: "platinum", scopes: ["verify"] }]);
    const result = await serveFailure(["--port", "0", "--keys", keys]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`arcroute: keys file ${keys}: entry 2 (org "beta"): 'tier' must be one of free, payg, growth, scale, enterprise\n`);
  });

  it("an unreachable Redis: one line naming the rate limiter's URL without its password, exit 1", async () => {
    // Port 1: nothing listens there (as in the store tests).
    const result = await serveFailure(["--port", "0", "--limiter", "redis://arc:s3cret@127.0.0.1:1/0?prefix=t:"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^arcroute: rate limiter redis:\/\/127\.0\.0\.1:1\/0: .*Redis.*\n$/);
    expect(result.stderr).not.toContain("s3cret");
    expect(result.stdout).toBe("");
  });

  it("a port in use: one line, exit 1", async () => {
    const server = await serve([]);
    const port = new URL(server.url).port;
    const result = await serveFailure(["--port", port]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`arcroute: port ${port} is already in use\n`);
  });
});
