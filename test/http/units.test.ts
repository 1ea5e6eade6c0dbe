/** The small pure pieces of the pipeline, on the cases the socket tests do not reach. */
import { describe, expect, it } from "vitest";
import { clientIp, normalizeIp, rateLimitSubject } from "../../src/http/client-ip.js";
import { fingerprintOf, readIdempotencyKey } from "../../src/http/idempotency.js";
import { normalizeBasePath, rpmOf } from "../../src/http/index.js";
import { rateLimitHeaders, retryAfterSeconds } from "../../src/http/limits.js";
import { createRouter } from "../../src/http/router.js";
import type { Route } from "../../src/http/route.js";

const headers = (values: Record<string, string>) => new Headers(values);

describe("client IP", () => {
  it("takes the n-th entry from the right of X-Forwarded-For for n trusted hops", () => {
    const h = headers({ "x-forwarded-for": "6.6.6.6, 1.1.1.1, 10.0.0.9" });
    expect(clientIp(h, "10.0.0.1", 0)).toBe("10.0.0.1");
    expect(clientIp(h, "10.0.0.1", 1)).toBe("10.0.0.9");
    expect(clientIp(h, "10.0.0.1", 2)).toBe("1.1.1.1");
    expect(clientIp(h, "10.0.0.1", 5)).toBe("6.6.6.6"); // more hops than entries: the left-most
    expect(clientIp(headers({}), "10.0.0.1", 1)).toBe("10.0.0.1");
  });

  it("falls back to the socket address when the trusted entry is no address", () => {
    for (const junk of ["::1:2:3:4:5:6:7:8:9", "1:2:3:4:5::6:7:8:9:10", "[::1", "a".repeat(2000), "010.0.0.1", "1.2.3.4.5", "unknown"]) {
      expect(clientIp(headers({ "x-forwarded-for": `6.6.6.6, ${junk}` }), "10.0.0.1", 1), junk.slice(0, 30)).toBe("10.0.0.1");
    }
    expect(clientIp(headers({ "x-forwarded-for": "junk" }), "not an address", 1)).toBe("unknown");
    // A zone id names an interface of the proxy's host, whatever its length: dropped.
    expect(clientIp(headers({ "x-forwarded-for": `fe80::1%${"a".repeat(2000)}` }), "10.0.0.1", 1)).toBe("fe80::1");
  });

  it("normalizes IPv4-mapped IPv6 and unknown sockets", () => {
    expect(normalizeIp("::FFFF:192.168.0.7")).toBe("192.168.0.7");
    expect(normalizeIp("2001:db8::1")).toBe("2001:db8::1");
    expect(normalizeIp(undefined)).toBe("unknown");
    // One client, one bucket, however a proxy wrote its address.
    for (const written of ["5.5.5.5:1000", "5.5.5.5:1001", "::ffff:0505:0505", "[::ffff:5.5.5.5]:443"]) expect(normalizeIp(written), written).toBe("5.5.5.5");
    for (const written of ["2001:DB8:0:0:0:0:0:1", "[2001:db8::1]", "[2001:db8::1]:8080"]) expect(normalizeIp(written), written).toBe("2001:db8::1");
  });

  it("limits an IPv6 client by its /64, an IPv4 client by its address", () => {
    const subject = (ip: string) => rateLimitSubject(normalizeIp(ip));
    for (const written of ["2001:db8:1:2::1", "2001:DB8:1:2:ffff:ffff:ffff:ffff", "[2001:db8:1:2::9]:443", "2001:db8:1:2:3::"]) expect(subject(written), written).toBe("2001:db8:1:2::/64");
    expect(subject("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(subject("1::2:3:4:5:6:7")).toBe("1:0:2:3::/64");
    expect(subject("::ffff:10.0.0.1")).toBe("10.0.0.1");
    expect(subject("10.0.0.2")).toBe("10.0.0.2");
    expect(subject("unknown")).toBe("unknown");
    // What no normalizeIp answer is, still never a throw: more than eight groups around "::".
    for (const bad of ["::1:2:3:4:5:6:7:8:9", "1:2:3:4:5::6:7:8:9:10"]) expect(rateLimitSubject(bad)).toBe(bad);
  });
});

describe("limits", () => {
  it("plan limits per minute; enterprise uses the organization's rpm, 300 without one", () => {
    const org = (tier: "free" | "payg" | "growth" | "scale" | "enterprise", rpm?: number) => ({ id: "o", tier, created_at: "", ...(rpm ? { rpm } : {}) });
    expect([rpmOf(org("free")), rpmOf(org("payg")), rpmOf(org("growth")), rpmOf(org("scale"))]).toEqual([10, 30, 60, 300]);
    expect(rpmOf(org("enterprise", 5000))).toBe(5000);
    expect(rpmOf(org("enterprise"))).toBe(300);
    expect(rpmOf(org("scale", 5000))).toBe(300); // rpm only counts for enterprise
  });

  it("Retry-After rounds up and stays within [1, 60]; RateLimit-Reset may be 0", () => {
    const result = (resetMs: number) => ({ allowed: false, limit: 10, remaining: 0, resetMs });
    expect([0, 1, 999, 1000, 1001, 59_001, 60_000, 90_000].map((ms) => retryAfterSeconds(result(ms)))).toEqual([1, 1, 1, 1, 2, 60, 60, 60]);
    expect(rateLimitHeaders(result(0))).toEqual({ "ratelimit-limit": "10", "ratelimit-remaining": "0", "ratelimit-reset": "0" });
    expect(rateLimitHeaders({ ...result(1500), remaining: -3 })["ratelimit-remaining"]).toBe("0");
  });
});

describe("idempotency", () => {
  it("fingerprints the decoded body: key order and whitespace do not matter, values and operation do", () => {
    const a = fingerprintOf("POST /activate", { query: "q", top_k: 3, nested: { b: 1, a: [1, 2] } });
    expect(fingerprintOf("POST /activate", { nested: { a: [1, 2], b: 1 }, top_k: 3, query: "q" })).toBe(a);
    expect(fingerprintOf("POST /activate", { query: "q", top_k: 4, nested: { b: 1, a: [1, 2] } })).not.toBe(a);
    expect(fingerprintOf("POST /activate", { query: "q", top_k: 3, nested: { b: 1, a: [2, 1] } })).not.toBe(a);
    expect(fingerprintOf("POST /other", { query: "q", top_k: 3, nested: { b: 1, a: [1, 2] } })).not.toBe(a);
  });

  it("accepts 1-255 visible ASCII characters, trims, refuses the rest", () => {
    expect(readIdempotencyKey(headers({}))).toEqual({ ok: true, key: null });
    expect(readIdempotencyKey(headers({ "idempotency-key": "  abc-123  " }))).toEqual({ ok: true, key: "abc-123" });
    expect(readIdempotencyKey(headers({ "idempotency-key": "k".repeat(255) }))).toMatchObject({ ok: true });
    for (const bad of ["k".repeat(256), "a b", "é"]) expect(readIdempotencyKey(headers({ "idempotency-key": bad }))).toEqual({ ok: false });
  });
});

describe("basePath and router", () => {
  it("normalizes base paths and refuses what is not a path", () => {
    expect(["/v1", "v1", "/api/v1/", " /api/v1 ", "/", ""].map(normalizeBasePath)).toEqual(["/v1", "/v1", "/api/v1", "/api/v1", "", ""]);
    for (const bad of ["/v1?x", "/v 1", "/v1#a"]) expect(() => normalizeBasePath(bad)).toThrow(TypeError);
    // Empty, "." and ".." segments: "//evil" reads as a host to a URL resolver, "/a/../b" is not the path it names.
    for (const bad of ["//evil", "/a//b", "/api/./v1", "/api/../v1", ".."]) expect(() => normalizeBasePath(bad), bad).toThrow(TypeError);
  });

  it("matches named and rest segments, decodes them, refuses empty ones", () => {
    const route = (method: "GET" | "POST", pattern: string) => ({ method, pattern, access: { kind: "public" }, body: "none", handle: async () => ({ status: 200, headers: {}, body: "" }) }) as Route;
    const router = createRouter([route("GET", "/certificate/:id"), route("POST", "/batch/*"), route("POST", "/certificate/:id")]);
    expect(router.match("GET", "/certificate/%63afe")).toMatchObject({ kind: "route", params: { id: "cafe" } });
    expect(router.match("POST", "/batch/jobs/42")).toMatchObject({ kind: "route", params: { path: "jobs/42" } });
    expect(router.match("DELETE", "/certificate/x")).toEqual({ kind: "method_not_allowed", allow: ["GET", "HEAD", "POST"] });
    // HEAD takes the GET route; a path with no GET route has no HEAD either.
    expect(router.match("HEAD", "/certificate/x")).toMatchObject({ kind: "route", route: { method: "GET" }, params: { id: "x" } });
    expect(router.match("HEAD", "/batch/jobs")).toEqual({ kind: "method_not_allowed", allow: ["POST"] });
    // A parameter is one plain segment of unreserved characters: anything else (an encoded "/" or "\\",
    // a dot segment, "%", "?", "#", whitespace, control characters, non-ASCII) could let a handler that
    // builds a URL from it walk to a route whose scope was never checked.
    for (const path of ["/certificate/", "/certificate", "/batch", "/batch/", "/batch//x", "/certificate/%E0%A4%A", "/certificate/a%2Fb", "/certificate/..%2F..%2Fx", "/certificate/%2e%2e", "/batch/..%2Fvitapass%2Frevoke", "/batch/jobs/%2E", "/batch/a%5Cb",
      "/batch/..%09/x", "/batch/%252e%252e/x", "/batch/.%252e/x", "/certificate/...", "/certificate/..%00", "/certificate/a%3Fb", "/certificate/a%23b", "/certificate/a%20b", "/certificate/caf%C3%A9"]) {
      expect(router.match("GET", path).kind, path).toBe("not_found");
    }
  });
});
