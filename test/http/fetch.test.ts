/**
 * `api.fetch` — the entry for fetch-style hosts (Hono, Next.js route handlers, Bun, Deno): the same
 * pipeline as `toNodeListener`, from a Web `Request` to a Web `Response`.
 */
import { describe, expect, it } from "vitest";
import { createApi } from "../../src/http/index.js";
import { createApiKey } from "../../src/keys/index.js";
import { createMemoryLimiter, createMemoryStore } from "../../src/stores/memory/index.js";
import { SIGNIFICANT } from "./support/server.js";

async function setup(options: Partial<Parameters<typeof createApi>[0]> = {}) {
  const store = createMemoryStore();
  const api = createApi({ store, limiter: createMemoryLimiter(), ...options });
  const { key } = await createApiKey(store, { org: "acme", tier: "growth", scopes: ["extract", "verify"] });
  return { api, key };
}

const post = (path: string, key: string | null, body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request(`http://example.test${path}`, {
    method: "POST",
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), "content-type": "application/json", ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);

describe("api.fetch", () => {
  it("activates from a Web Request and answers a Web Response with the envelope and headers", async () => {
    const { api, key } = await setup();
    const response = await api.fetch(post("/v1/activate", key, JSON.stringify({ query: SIGNIFICANT })));
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("ratelimit-limit")).toBe("60");
    const body = (await response.json()) as { data: { significance_gate: boolean }; meta: { query: string } };
    expect(body.data.significance_gate).toBe(true);
    expect(body.meta.query).toBe(SIGNIFICANT);
  });

  it("bounds a streamed body and refuses a declared oversize body", async () => {
    const { api, key } = await setup();
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
      },
    });
    const streamed = await api.fetch(post("/v1/activate", key, endless));
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(10); // stopped just past 64 KiB, not read forever
    const declared = await api.fetch(post("/v1/activate", key, "{}", { "content-length": String(10 * 1024 * 1024) }));
    expect(declared.status).toBe(413);
  });

  it("takes the anonymous /verify client IP from info.remoteAddress", async () => {
    const { api } = await setup({ anonymousVerifyRpm: 1 });
    const verify = (ip: string) => api.fetch(post("/v1/verify", null, "{}"), { remoteAddress: ip });
    expect((await verify("10.1.1.1")).status).toBe(501);
    expect((await verify("10.1.1.1")).status).toBe(429);
    expect((await verify("::ffff:10.1.1.2")).status).toBe(501);
    expect((await verify("10.1.1.2")).status).toBe(429); // the IPv4-mapped form is the same client
  });

  it("hands user handlers a Request with the same body, and passes their Response through", async () => {
    const { api, key } = await setup({
      handlers: {
        extract: async (request) => Response.json({ echoed: await request.json() }, { status: 202, headers: { "set-cookie": "a=1" } }),
      },
    });
    const response = await api.fetch(post("/v1/extract", key, JSON.stringify({ content: "the lake" })));
    expect(response.status).toBe(202);
    expect(response.headers.get("ratelimit-remaining")).toBe("59");
    expect(response.headers.getSetCookie()).toEqual(["a=1"]);
    expect(await response.json()).toEqual({ echoed: { content: "the lake" } });
  });

  it("refuses bad options at construction: basePath, anonymousVerifyRpm, missing store/limiter, unknown handler", () => {
    expect(() => createApi({ store: createMemoryStore(), limiter: createMemoryLimiter(), basePath: "/v1?x=1" })).toThrow(TypeError);
    expect(() => createApi({ store: createMemoryStore(), limiter: createMemoryLimiter(), anonymousVerifyRpm: 0 })).toThrow(TypeError);
    expect(() => createApi({ store: createMemoryStore() } as never)).toThrow("createApi needs { store, limiter }");
    // A misspelled handler name would otherwise silently leave the route answering 501.
    expect(() => createApi({ store: createMemoryStore(), limiter: createMemoryLimiter(), handlers: { extrct: () => ({}) } as never })).toThrow("unknown handler 'extrct'");
  });
});
