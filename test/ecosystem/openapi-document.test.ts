/** The generated OpenAPI document is valid OpenAPI 3.1 and describes the contract's surface. */
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { classify } from "../../src/classify/index.js";
import { createOpenApiDocument, documentedFailures } from "../../src/openapi/index.js";
import { serverUrlProblem } from "../../src/openapi/document.js";
import { componentValidator } from "./support/openapi.js";

const document = createOpenApiDocument();
const asSpec = (doc: unknown) => doc as Parameters<Validator["validate"]>[0];

describe("OpenAPI document", () => {
  it("is valid OpenAPI 3.1 and every $ref resolves", async () => {
    const validator = new Validator();
    const result = await validator.validate(asSpec(structuredClone(document)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(() => validator.resolveRefs()).not.toThrow();
    // The validator does reject a broken document.
    const { info: _info, ...broken } = structuredClone(document);
    expect((await new Validator().validate(asSpec(broken))).valid).toBe(false);
  });

  it("documents every contract path with its scope and both key headers", () => {
    const scopes = Object.fromEntries(
      Object.entries(document.paths).flatMap(([path, item]) => Object.values(item).map((op) => [path, op["x-arcroute-scope"]])),
    );
    expect(scopes).toMatchObject({
      "/v1/activate": "extract",
      "/v1/extract": "extract",
      "/v1/observe": "extract",
      "/v1/batch/{operation}": "extract",
      "/v1/validate": "validate",
      "/v1/issue": "issue",
      "/v1/verify": "verify",
      "/v1/certificate/{id}": "verify",
      "/v1/vitapass/{operation}": "vitapass",
      "/v1/activations/{id}": "extract",
      "/v1/usage": null,
      "/v1/feedback": "extract",
    });
    const activate = document.paths["/v1/activate"]!.post!;
    expect(activate.security).toEqual([{ bearerAuth: ["extract"] }, { apiKeyAuth: ["extract"] }]);
    // /v1/verify also answers anonymously.
    expect(document.paths["/v1/verify"]!.post!.security).toContainEqual({});
    expect(document.paths["/v1/openapi.json"]!.get!.security).toEqual([]);
  });

  it("lists the contract's activate failures with their exact messages", () => {
    const activate = documentedFailures(document).filter((f) => f.operationId === "activate");
    expect(activate).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 400, message: "'query' field is required" }),
        expect.objectContaining({ status: 401, message: "Unauthorized" }),
        expect.objectContaining({ status: 403, message: "API key does not have 'extract' scope" }),
        expect.objectContaining({ status: 429, message: "Rate limit exceeded" }),
        expect.objectContaining({ status: 500, message: "Activation failed" }),
      ]),
    );
  });

  it("describes bodies the package really produces, and rejects ones it never would", () => {
    const check = componentValidator(document);
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const data = { ...classify("when was I most afraid of losing her"), activation_id: "0b6f1d7e-58c4-4a55-9d2c-8a1f2b3c4d5e" };
    const meta = { query: "q", classifier_model: "arcroute-lexicon@1", activated_at: new Date().toISOString(), top_k: 10 };
    expect(check(ref("ActivationEnvelope"), { success: true, error: null, data, meta })).toBeNull();
    expect(check(ref("ActivationEnvelope"), { success: true, error: null, data: { ...data, confidence: 2 }, meta })).not.toBeNull();
    // Requests: defaults are optional and unknown fields are allowed (the API ignores them).
    expect(check(ref("ActivateRequest"), { query: "hello", source: "mcp" })).toBeNull();
    expect(check(ref("ActivateRequest"), { query: "" })).not.toBeNull();
    // As the server reads them: a blank query is missing, a null subject or top_k is absent.
    expect(check(ref("ActivateRequest"), { query: "   " })).not.toBeNull();
    // The 4000-character limit counts the query as received, surrounding whitespace included.
    expect(check(ref("ActivateRequest"), { query: ` ${"x".repeat(3999)} ` })).not.toBeNull();
    expect(check(ref("ActivateRequest"), { query: ` ${"x".repeat(3998)} ` })).toBeNull();
    expect(check(ref("ActivateRequest"), { query: "hello", subject_vp_id: null, top_k: null })).toBeNull();
    expect(check(ref("FeedbackRequest"), { activation_id: "  ", hit: true })).not.toBeNull();
    expect(check(ref("FeedbackRequest"), { activation_id: "0b6f1d7e-58c4-4a55-9d2c-8a1f2b3c4d5e", hit: true, memory_id: null })).toBeNull();
    // A GET's body is never read: no 413 for /certificate/{id}; /batch/{operation} says it spans segments.
    expect(Object.keys(document.paths["/v1/certificate/{id}"]!.get!.responses as object)).not.toContain("413");
    expect(JSON.stringify(document.paths["/v1/batch/{operation}"]!.post!.parameters)).toContain("one or more segments");
    // An error response is checked against its status's messages.
    const unauthorized = document.paths["/v1/activate"]!.post!.responses as Record<string, { content: { "application/json": { schema: object } } }>;
    const schema401 = unauthorized["401"]!.content["application/json"].schema;
    expect(check(schema401, { success: false, error: "Unauthorized", data: null, code: "unauthorized" })).toBeNull();
    expect(check(schema401, { success: false, error: "Forbidden", data: null })).not.toBeNull();
  });

  it("follows the base path and is deterministic", () => {
    const mounted = createOpenApiDocument({ basePath: "/api/v1/", serverUrl: "https://api.example.com" });
    expect(Object.keys(mounted.paths)).toContain("/api/v1/activate");
    expect(mounted.servers).toEqual([{ url: "https://api.example.com" }]);
    expect(JSON.stringify(createOpenApiDocument())).toBe(JSON.stringify(document));
  });

  it("refuses a server URL with a user name or password (the document is meant to be published)", () => {
    for (const serverUrl of ["https://deploy:hunter2@api.example.com", "https://deploy@api.example.com/v1", "//deploy:hunter2@api.example.com"]) {
      expect(() => createOpenApiDocument({ serverUrl })).toThrow(/^serverUrl must not carry a user name or password/);
      try {
        createOpenApiDocument({ serverUrl });
      } catch (error) {
        expect(String(error)).not.toContain("hunter2");
      }
      // The one check the CLI asks too (its `--server-url` error has the same wording).
      expect(serverUrlProblem(serverUrl)).toMatch(/^must not carry a user name or password/);
    }
    expect(createOpenApiDocument({ serverUrl: "/api" }).servers).toEqual([{ url: "/api" }]);
    for (const serverUrl of ["/api", "https://api.example.com/v1", "//api.example.com"]) expect(serverUrlProblem(serverUrl)).toBeNull();
  });
});
