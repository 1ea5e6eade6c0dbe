import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { activationEnvelope } from "../../test/ecosystem/support/envelopes.js";
import { startScriptedServer, type ScriptedServer } from "../../test/ecosystem/support/scripted-server.js";
import { ArcrouteError, createClient, isArcrouteError, parseRetryAfter } from "./index.js";

const KEY = "ar_test_" + "a".repeat(32);

const envelope = activationEnvelope("grief", "when did I lose her", 5);
/** The error `fn` throws, or undefined. */
function thrown(fn: () => unknown): Error | undefined {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  return undefined;
}

const rateLimited = { status: 429, body: { success: false, error: "Rate limit exceeded", data: null, code: "rate_limited" } };

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("createClient", () => {
  it("posts the activation with the key, the idempotency key and the body, and returns the validated envelope", async () => {
    server = await startScriptedServer([{ status: 200, body: envelope }]);
    const client = createClient({ baseUrl: server.url + "/api/v1/", apiKey: KEY });
    const result = await client.activate({ query: "when did I lose her", top_k: 5 }, { idempotencyKey: "idem-1" });
    expect(result.data.arc_types).toEqual(["grief"]);
    expect(result.meta.top_k).toBe(5);
    const [seen] = server.seen;
    expect(seen).toMatchObject({ method: "POST", url: "/api/v1/activate" });
    expect(seen!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(seen!.headers["idempotency-key"]).toBe("idem-1");
    expect(seen!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(seen!.body)).toEqual({ query: "when did I lose her", top_k: 5 });
  });

  it("reads usage, one activation (id escaped) and sends feedback", async () => {
    const usage = { org_id: "acme", from: "2026-11-01T00:00:00.000Z", to: "2026-12-01T00:00:00.000Z", billed_queries: 2, amount_micros: 2000 };
    const event = {
      id: envelope.data.activation_id,
      query: "q",
      subject_vp_id: null,
      result: envelope.data,
      classifier_model: "arcroute-lexicon@1",
      top_k: 10,
      billed: true,
      created_at: "2026-11-22T10:00:00.000Z",
    };
    const feedback = { feedback_id: "f1", activation_id: event.id, hit: true, memory_id: "m7", recorded_at: "2026-11-22T10:00:01.000Z" };
    server = await startScriptedServer([
      { status: 200, body: { success: true, error: null, data: usage } },
      { status: 200, body: { success: true, error: null, data: event } },
      { status: 200, body: { success: true, error: null, data: feedback } },
    ]);
    const client = createClient({ baseUrl: server.url + "/v1", apiKey: KEY });
    expect((await client.usage()).data.amount_micros).toBe(2000);
    expect((await client.activation("a/b")).data.billed).toBe(true);
    expect((await client.feedback({ activation_id: event.id, hit: true, memory_id: "m7" })).data.memory_id).toBe("m7");
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /v1/usage", "GET /v1/activations/a%2Fb", "POST /v1/feedback"]);
  });

  it("throws an ArcrouteError with the envelope's status, message and code", async () => {
    server = await startScriptedServer([{ status: 403, body: { success: false, error: "API key does not have 'extract' scope", data: null, code: "forbidden" } }]);
    const client = createClient({ baseUrl: server.url + "/v1", apiKey: KEY });
    const error = await client.activate({ query: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArcrouteError);
    expect(isArcrouteError(error)).toBe(true);
    expect(error).toMatchObject({ status: 403, message: "API key does not have 'extract' scope", code: "forbidden", retryAfter: null });
  });

  it("retries a 429 after Retry-After and succeeds", async () => {
    server = await startScriptedServer([{ ...rateLimited, headers: { "retry-after": "1" } }, { status: 200, body: envelope }]);
    const client = createClient({ baseUrl: server.url + "/v1", apiKey: KEY });
    const result = await client.activate({ query: "q" }, { idempotencyKey: "same" });
    expect(result.success).toBe(true);
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1]!.headers["idempotency-key"]).toBe("same");
    // It waited for the server's delay, not less.
    expect(server.seen[1]!.at - server.seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("gives up after maxRetries and reports retryAfter", async () => {
    server = await startScriptedServer([{ ...rateLimited, headers: { "retry-after": "0" } }]);
    const client = createClient({ baseUrl: server.url + "/v1", apiKey: KEY, maxRetries: 3 });
    const error = await client.usage().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, message: "Rate limit exceeded", code: "rate_limited", retryAfter: 0 });
    expect(server.seen).toHaveLength(4);
  });

  it("does not wait when Retry-After exceeds maxRetryDelayMs", async () => {
    server = await startScriptedServer([{ ...rateLimited, headers: { "retry-after": "30" } }, { status: 200, body: envelope }]);
    const client = createClient({ baseUrl: server.url + "/v1", apiKey: KEY, maxRetryDelayMs: 5_000 });
    await expect(client.activate({ query: "q" })).rejects.toMatchObject({ status: 429, retryAfter: 30 });
    expect(server.seen).toHaveLength(1);
  });

  it("does not retry other failures", async () => {
    server = await startScriptedServer([{ status: 500, body: { success: false, error: "Activation failed", data: null, code: "activation_failed" } }]);
    const client = createClient({ baseUrl: server.url + "/v1", apiKey: KEY });
    await expect(client.activate({ query: "q" })).rejects.toMatchObject({ status: 500, message: "Activation failed" });
    expect(server.seen).toHaveLength(1);
  });

  it("reports a non-envelope error body by its status", async () => {
    server = await startScriptedServer([{ status: 502, body: "<html>bad gateway</html>", headers: { "content-type": "text/html" } }]);
    const client = createClient({ baseUrl: server.url + "/v1", apiKey: KEY });
    await expect(client.usage()).rejects.toMatchObject({ status: 502, message: "HTTP 502 Bad Gateway", code: null });
  });

  it("rejects a success response that does not match the schema", async () => {
    server = await startScriptedServer([{ status: 200, body: { ...envelope, data: { ...envelope.data, confidence: 7 } } }]);
    const client = createClient({ baseUrl: server.url + "/v1", apiKey: KEY });
    const error = await client.activate({ query: "q" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 200, code: "invalid_response" });
    expect((error as Error).message).toContain("data.confidence");
  });

  it("refuses a body over 64 KiB before sending it, as the server would (413)", async () => {
    server = await startScriptedServer([{ status: 200, body: envelope }]);
    const client = createClient({ baseUrl: server.url + "/v1", apiKey: KEY });
    await expect(client.activate({ query: "x".repeat(5 * 1024 * 1024) })).rejects.toMatchObject({ status: 413, code: "payload_too_large", message: "Request body too large" });
    expect(server.seen).toHaveLength(0);
    await expect(client.activate({ query: "q" })).resolves.toMatchObject({ success: true });
  });

  it("maps a network failure to status 0", async () => {
    server = await startScriptedServer([{ status: 200, body: envelope }]);
    const url = server.url;
    await server.close();
    server = undefined;
    const client = createClient({ baseUrl: url + "/v1", apiKey: KEY });
    await expect(client.usage()).rejects.toMatchObject({ status: 0, code: "network_error" });
  });

  it("passes the caller's abort through, also while waiting for a retry", async () => {
    server = await startScriptedServer([{ ...rateLimited, headers: { "retry-after": "5" } }]);
    const client = createClient({ baseUrl: server.url + "/v1", apiKey: KEY });
    const controller = new AbortController();
    const pending = client.usage({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user cancelled")), 100);
    await expect(pending).rejects.toThrow("user cancelled");
    expect(server.seen).toHaveLength(1);
    await expect(client.usage({ signal: AbortSignal.abort(new Error("already")) })).rejects.toThrow("already");
  });

  it("a connection lost or aborted while the body arrives is a network error or the caller's abort, not a bad response", async () => {
    // 200 headers and half a body, then the socket is cut (or left hanging for the abort).
    const halfBody = http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
      res.write('{"success":');
      if (req.url?.endsWith("/usage")) setTimeout(() => res.socket?.destroy(), 50);
    });
    await new Promise<void>((resolve) => halfBody.listen(0, "127.0.0.1", resolve));
    try {
      const client = createClient({ baseUrl: `http://127.0.0.1:${(halfBody.address() as AddressInfo).port}/v1`, apiKey: KEY });
      await expect(client.usage()).rejects.toMatchObject({ status: 0, code: "network_error" });
      await expect(client.activate({ query: "q" }, { signal: AbortSignal.timeout(200) })).rejects.toMatchObject({ name: "TimeoutError" });
    } finally {
      halfBody.closeAllConnections();
      await new Promise((resolve) => halfBody.close(resolve));
    }
  });

  it("checks its configuration eagerly, never quoting a key or a password back", () => {
    expect(() => createClient({ baseUrl: "localhost:8787", apiKey: KEY })).toThrow(/absolute http\(s\) URL/);
    expect(() => createClient({ baseUrl: "http://localhost:8787/v1", apiKey: " " })).toThrow(/apiKey/);
    for (const apiKey of [`${KEY}\nX`, `${KEY}\rX`, `ar_live_se cret`, `ar_live_sécret`]) {
      const error = thrown(() => createClient({ baseUrl: "http://localhost:8787/v1", apiKey }));
      expect(error).toBeInstanceOf(TypeError);
      expect(error!.message).toMatch(/`apiKey` must be visible ASCII/);
      expect(error!.message).not.toContain("ecret");
      expect(error!.message).not.toContain(KEY);
    }
    // A key read from a file keeps working: surrounding whitespace is not part of it.
    expect(() => createClient({ baseUrl: "http://localhost:8787/v1", apiKey: `${KEY}\n` })).not.toThrow();
    for (const baseUrl of ["http://user:s3cret@localhost:8787/v1", "http://localhost:8787/v1?x=1", "http://localhost:8787/v1/?", "http://localhost:8787/v1#frag"]) {
      const error = thrown(() => createClient({ baseUrl, apiKey: KEY }));
      expect(error?.message, baseUrl).toMatch(/without credentials, a query or a fragment/);
      expect(error!.message).not.toContain("s3cret");
    }
  });

  it("quotes a baseUrl that is no http(s) URL without the keys or passwords written in it", () => {
    const cases: [string, string][] = [
      [`ftp://user:s3cret@localhost/v1`, "ftp://user:***@localhost/v1"],
      [`http://user:${KEY}@localhost:99999/v1`, "http://user:***@localhost:99999/v1"], // the port makes it no URL
      [`https//user:s3cret@localhost/v1`, "https//user:***@localhost/v1"],
      [`${KEY}@localhost:8787/v1`, "<API key, not shown>@localhost:8787/v1"],
      [`localhost:8787/v1?key=${KEY}`, "localhost:8787/v1?key=<API key, not shown>"],
      [`localhost:8787/v1?password=s3cret`, "localhost:8787/v1?password=***"],
    ];
    for (const [baseUrl, quoted] of cases) {
      const error = thrown(() => createClient({ baseUrl, apiKey: KEY }));
      expect(error, baseUrl).toBeInstanceOf(TypeError);
      expect(error!.message).toBe(`createClient: \`baseUrl\` must be an absolute http(s) URL such as http://127.0.0.1:8787/v1, got '${quoted}'`);
      expect(error!.message).not.toContain("s3cret");
      expect(error!.message).not.toContain(KEY);
    }
  });

  it("the request a failed call names (METHOD url) never shows a key written in the base path or the activation id", async () => {
    const base = `http://127.0.0.1:1/${KEY}/v1`;
    const failure = (call: Promise<unknown>) => call.then(() => expect.unreachable("resolved"), (e: unknown) => e as ArcrouteError);
    // Port 1: nothing listens there.
    const refused = await failure(createClient({ baseUrl: base, apiKey: KEY }).usage());
    expect(refused).toMatchObject({ status: 0, code: "network_error" });
    expect(refused.message).toMatch(/^GET http:\/\/127\.0\.0\.1:1\/<API key, not shown>\/v1\/usage failed: /);
    // A fetch whose own message quotes the URL (node-fetch does): the client's message hides it too.
    const quoting = (async (url: string) => {
      throw new Error(`request to ${url} failed`);
    }) as unknown as typeof fetch;
    const network = await failure(createClient({ baseUrl: base, apiKey: KEY, fetch: quoting }).usage());
    expect(network.message).toBe("GET http://127.0.0.1:1/<API key, not shown>/v1/usage failed: request to http://127.0.0.1:1/<API key, not shown>/v1/usage failed");
    const notJson = (async () => new Response("<html>", { status: 200 })) as unknown as typeof fetch;
    const invalid = await failure(createClient({ baseUrl: "http://localhost:8787/v1", apiKey: KEY, fetch: notJson }).activation(KEY));
    expect(invalid).toMatchObject({ code: "invalid_response", message: "GET http://localhost:8787/v1/activations/<API key, not shown>: response is not JSON" });
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates", () => {
    const now = Date.parse("2026-11-22T10:00:00Z");
    expect(parseRetryAfter("7", now)).toBe(7);
    expect(parseRetryAfter("Sun, 22 Nov 2026 10:00:05 GMT", now)).toBe(5);
    expect(parseRetryAfter("Sun, 22 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    // Not dates (Date.parse reads them as years long past, which would mean "retry now").
    for (const value of ["1.5", "-1", "+5", "1e3"]) expect(parseRetryAfter(value, now), value).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
