/**
 * HEAD on the GET routes (RFC 9110 §9.3.2): the GET's checks, rate-limit count, status and headers
 * (Content-Length the GET body's), without the body; over a real socket (the Api and a fetch-only
 * wrapper of it) and through `api.fetch`. Other paths answer HEAD 405 or 404, and HEAD writes nothing.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, toNodeListener, type ApiOptions } from "../../src/http/index.js";
import { createApiKey } from "../../src/keys/index.js";
import { createMemoryLimiter, createMemoryStore } from "../../src/stores/memory/index.js";
import type { ArcStore, Scope } from "../../src/stores/types.js";
import { ALL_SCOPES, call, SIGNIFICANT } from "./support/server.js";

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** The store methods that write (key creation goes to the undecorated store, so only the Api's writes are seen). */
const WRITES = ["putOrganization", "insertOrganization", "insertApiKey", "revokeApiKey", "recordActivation", "consumeQuota", "refundQuota", "recordFeedback"] as const;

const HANDLERS: ApiOptions["handlers"] = {
  // A user handler's own Response (the `Response` path of both transports).
  certificate: (_request, { params }) => Response.json({ certificate: params.id }, { headers: { "x-certificate": "yes" } }),
  extract: () => ({ extracted: true }),
};

async function setup(options: { wrapped?: boolean } = {}) {
  const store = createMemoryStore();
  const writes: string[] = [];
  const spied: ArcStore = { ...store };
  for (const name of WRITES) {
    const write = store[name] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (write) (spied as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => (writes.push(name), write.apply(store, args));
  }
  const api = createApi({ store: spied, limiter: createMemoryLimiter(), handlers: HANDLERS });
  const server = http.createServer(toNodeListener(options.wrapped ? { fetch: (request: Request, info?: { remoteAddress?: string }) => api.fetch(request, info) } : api));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const key = async (tier: "free" | "scale" = "scale", scopes: Scope[] = ALL_SCOPES) =>
    (await createApiKey(store, { org: `org-${tier}-${scopes.join("-")}`, tier, scopes })).key;
  return { api, store, writes, origin, url: `${origin}/v1`, key };
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Sends `requests` pipelined on one connection (the last one closes it) and reads the answers as
 * HTTP/1.1 framing says: a HEAD answer ends with its headers, whatever its Content-Length. Bytes
 * left over (a body sent to HEAD) fail the test.
 */
async function raw(origin: string, requests: { method: string; path: string; key?: string }[]): Promise<RawAnswer[]> {
  const { port } = new URL(origin);
  const text = requests
    .map(({ method, path, key }, i) => `${method} ${path} HTTP/1.1\r\nHost: x\r\n${key ? `Authorization: Bearer ${key}\r\n` : ""}${i === requests.length - 1 ? "Connection: close\r\n" : ""}\r\n`)
    .join("");
  const data = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(text));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk)).on("end", () => resolve(Buffer.concat(chunks))).on("error", reject);
  });
  const answers: RawAnswer[] = [];
  let at = 0;
  for (const { method } of requests) {
    const end = data.indexOf("\r\n\r\n", at);
    expect(end, `answer ${answers.length + 1} of ${requests.length}`).toBeGreaterThan(-1);
    const [statusLine, ...lines] = data.subarray(at, end).toString("latin1").split("\r\n");
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
    const length = method === "HEAD" ? 0 : Number(headers["content-length"]);
    answers.push({ status: Number(statusLine!.split(" ")[1]), headers, body: data.subarray(end + 4, end + 4 + length) });
    at = end + 4 + length;
  }
  expect(data.subarray(at).toString(), "bytes after the last answer").toBe("");
  return answers;
}

/** Headers that differ between two requests by nature: their time, id and place in the window, the connection. */
const PER_REQUEST = new Set(["date", "x-request-id", "ratelimit-remaining", "ratelimit-reset", "connection", "keep-alive"]);
const comparable = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_REQUEST.has(name)));

describe("HEAD on the GET routes", () => {
  it.each([false, true])("answers with the GET's status and headers, Content-Length included, and no body (fetch-only wrapper: %s)", async (wrapped) => {
    const { url, origin, key } = await setup({ wrapped });
    const full = await key();
    const activation = await call(`${url}/activate`, { key: full, body: { query: SIGNIFICANT } });
    const id = activation.body.data.activation_id as string;
    const paths = [
      { path: "/v1/usage", key: full },
      { path: `/v1/activations/${id}`, key: full },
      { path: `/v1/activations/${crypto.randomUUID()}`, key: full }, // 404 Activation not found
      { path: "/v1/certificate/abc", key: full },
      { path: "/v1/openapi.json" },
      { path: "/v1/usage" }, // 401
    ];
    const answers = await raw(origin, paths.flatMap((p) => [{ method: "HEAD", ...p }, { method: "GET", ...p }]));
    for (const [i, { path }] of paths.entries()) {
      const [head, get] = [answers[2 * i]!, answers[2 * i + 1]!];
      expect(head.status, path).toBe(get.status);
      expect(comparable(head.headers), path).toEqual(comparable(get.headers));
      expect(head.headers["content-length"], path).toBe(String(get.body.byteLength));
      expect(get.body.byteLength, path).toBeGreaterThan(0);
      expect(head.body.byteLength).toBe(0);
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 404, 404, 200, 200, 200, 200, 401, 401]);
    expect(answers[6]!.headers["x-certificate"]).toBe("yes");
  });

  it("goes through the GET's checks: 403 with RateLimit headers, the organization's window, 429 with Retry-After", async () => {
    const { url, key } = await setup();
    const head = (path: string, k: string) => fetch(`${url}${path}`, { method: "HEAD", headers: { authorization: `Bearer ${k}` } });
    const forbidden = await head("/activations/abc", await key("scale", ["verify"]));
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get("ratelimit-limit")).toBe("300");

    // Free plan: 10 per minute, HEAD and GET counted alike in one window.
    const free = await key("free", ["extract"]);
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 10; i++) {
      const answer = i % 2 === 0 ? await head("/usage", free) : await fetch(`${url}/usage`, { headers: { authorization: `Bearer ${free}` } });
      expect(answer.status).toBe(200);
      remaining.push(answer.headers.get("ratelimit-remaining"));
    }
    expect(remaining).toEqual(["9", "8", "7", "6", "5", "4", "3", "2", "1", "0"]);
    const limited = await head("/usage", free);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await limited.text()).toBe("");
  });

  it("405 on a GET path lists HEAD; HEAD on a path without GET is 405 (Allow: POST), on an unknown path 404", async () => {
    const { url, key } = await setup();
    const full = await key();
    for (const path of ["/usage", "/activations/abc", "/certificate/abc", "/openapi.json"]) {
      const answer = await call(`${url}${path}`, { method: "DELETE", key: full });
      expect(answer.status, path).toBe(405);
      expect(answer.headers.get("allow"), path).toBe("GET, HEAD");
    }
    for (const path of ["/activate", "/feedback", "/extract", "/batch/jobs", "/verify"]) {
      const answer = await fetch(`${url}${path}`, { method: "HEAD", headers: { authorization: `Bearer ${full}` } });
      expect(answer.status, path).toBe(405);
      expect(answer.headers.get("allow"), path).toBe("POST");
    }
    expect((await fetch(`${url}/nope`, { method: "HEAD" })).status).toBe(404);
  });

  it("writes nothing: no event, charge, feedback or quota unit, on any path", async () => {
    const { url, key, writes, store } = await setup();
    const full = await key();
    const free = await key("free", ["extract"]); // quota-counted paths
    for (const path of ["/activate", "/feedback", "/extract", "/batch/jobs", "/usage", `/activations/${crypto.randomUUID()}`, "/certificate/abc", "/openapi.json"]) {
      for (const k of [full, free]) await fetch(`${url}${path}`, { method: "HEAD", headers: { authorization: `Bearer ${k}` } });
    }
    expect(writes).toEqual([]);
    expect((await call(`${url}/usage`, { key: full })).body.data.billed_queries).toBe(0);
    expect(await store.listFeedback(null)).toEqual([]);
    // The spy sees writes: a POST does write.
    expect((await call(`${url}/activate`, { key: full, body: { query: SIGNIFICANT } })).status).toBe(200);
    expect(writes).toEqual(["recordActivation"]);
  });
});

describe("HEAD through api.fetch", () => {
  it("answers a Response without a body, with the GET's status, headers and the body's Content-Length", async () => {
    const { api, key } = await setup();
    const full = await key();
    for (const path of ["/v1/usage", "/v1/certificate/abc", "/v1/openapi.json", "/v1/activate"]) {
      const request = (method: string) => new Request(`http://example.test${path}`, { method, headers: { authorization: `Bearer ${full}` } });
      const head = await api.fetch(request("HEAD"));
      const get = await api.fetch(request("GET"));
      const bytes = (await get.arrayBuffer()).byteLength;
      expect(head.body, path).toBeNull();
      expect(head.status, path).toBe(get.status);
      expect(head.headers.get("content-length"), path).toBe(String(bytes));
      expect(head.headers.get("content-type"), path).toBe(get.headers.get("content-type"));
      expect(head.headers.get("allow"), path).toBe(get.headers.get("allow"));
    }
  });
});
