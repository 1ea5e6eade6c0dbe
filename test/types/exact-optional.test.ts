/**
 * The published types under `exactOptionalPropertyTypes` (test/types/exact-optional.ts): the
 * repository's own tsconfig leaves the flag off, so this compiles the consumer with it on.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toQdrantFilter } from "../../adapters/qdrant/index.js";
import { createClient } from "../../src/client/index.js";
import { createApi } from "../../src/http/index.js";
import { classify, createApiKey, createRetriever } from "../../src/index.js";
import { createMemoryLimiter, createMemoryStore } from "../../src/stores/memory/index.js";
import { REPO_ROOT, requireBuiltCli } from "../ecosystem/support/built-cli.js";

const FLAGS = ["--noEmit", "--strict", "--exactOptionalPropertyTypes", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--types", "node", "--skipLibCheck"];

describe("published types under exactOptionalPropertyTypes", () => {
  it("every option filled from a possibly-undefined value compiles", () => {
    requireBuiltCli();
    const tsc = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
    let output = "";
    try {
      execFileSync(process.execPath, [tsc, ...FLAGS, join(REPO_ROOT, "test", "types", "exact-optional.ts")], { cwd: REPO_ROOT, encoding: "utf8" });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe("");
  }, 120_000);

  it("an explicit undefined is the default at run time too", async () => {
    const unset = undefined;
    const store = createMemoryStore();
    const api = createApi({ store, limiter: createMemoryLimiter(), basePath: unset, classifier: unset, handlers: unset, trustProxy: unset, anonymousVerifyRpm: unset, now: unset, onError: unset });
    expect((await api.fetch(new Request("http://127.0.0.1/v1/verify", { method: "POST", body: "{}" }), { remoteAddress: unset })).status).toBe(501);
    expect(() => createClient({ baseUrl: "http://127.0.0.1:8787/v1", apiKey: "ar_test_x", fetch: unset, maxRetries: unset, maxRetryDelayMs: unset })).not.toThrow();
    const retriever = createRetriever({ search: async () => [], translate: () => unset, k: unset, mode: unset, relax: unset, hardFields: unset, fetchK: unset, keepNearest: unset, poolSize: unset });
    expect((await retriever.retrieve("when nan died", { activation: unset, text: unset, k: unset })).results).toEqual([]);
    const activation = classify("when nan died", { debug: unset });
    expect(toQdrantFilter(activation, { mode: unset, fields: unset, boostWeight: unset })).toEqual(toQdrantFilter(activation));
    const { record } = await createApiKey(store, { org: "acme", tier: "free", scopes: ["extract"], mode: unset, rpm: unset, key: unset, now: unset });
    expect(record.mode).toBe("live");
    expect(await store.getOrganization("acme")).not.toHaveProperty("rpm");
  });
});
