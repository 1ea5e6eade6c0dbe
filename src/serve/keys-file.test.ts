import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadKeysFile, parseKeysFile } from "./keys-file.js";

const LIVE = "ar_live_" + "a".repeat(32);
const TEST = "ar_test_" + "b".repeat(24);
const entry = (overrides: Record<string, unknown> = {}) => ({ key: LIVE, org: "acme", tier: "growth", scopes: ["extract"], ...overrides });
const parse = (json: unknown) => () => parseKeysFile(json, "keys.json");

describe("parseKeysFile", () => {
  it("accepts the SPEC's format, enterprise rpm included", () => {
    const entries = parseKeysFile(
      [entry(), { key: TEST, org: "bigco", tier: "enterprise", rpm: 1000, scopes: ["extract", "verify"] }],
      "keys.json",
    );
    expect(entries).toEqual([
      { key: LIVE, org: "acme", tier: "growth", scopes: ["extract"] },
      { key: TEST, org: "bigco", tier: "enterprise", rpm: 1000, scopes: ["extract", "verify"] },
    ]);
  });

  it.each([
    [{ not: "an array" }, "keys file keys.json: must be a JSON array of key entries"],
    [["x"], "keys file keys.json: entry 1: must be an object with key, org, tier and scopes"],
    [[entry({ tier: "gold" })], `keys file keys.json: entry 1 (org "acme"): 'tier' must be one of free, payg, growth, scale, enterprise`],
    [[entry({ scopes: ["extract", "admin"] })], `keys file keys.json: entry 1 (org "acme"): 'scopes' must be one of extract, validate, issue, verify, vitapass`],
    [[entry({ scopes: [] })], `keys file keys.json: entry 1 (org "acme"): 'scopes' needs at least one scope`],
    [[entry({ org: "no spaces" })], `keys file keys.json: entry 1 (org "no spaces"): 'org' must be 1-128 characters of letters, digits, '_', '.' or '-'`],
    [[entry({ tier: "enterprise" })], `keys file keys.json: entry 1 (org "acme"): 'rpm' is required for the enterprise tier`],
    [[entry({ rpm: 50 })], `keys file keys.json: entry 1 (org "acme"): 'rpm' is only for the enterprise tier (the plan decides the limit)`],
    [[entry({ rpm: 0, tier: "enterprise" })], `keys file keys.json: entry 1 (org "acme"): 'rpm' must be a positive integer`],
    [[entry({ rpm: "1000", tier: "enterprise" })], `keys file keys.json: entry 1 (org "acme"): 'rpm' must be a positive integer`],
    [[entry({ scope: ["extract"] })], `keys file keys.json: entry 1 (org "acme"): unknown field 'scope'`],
    [[{ org: "acme", tier: "free", scopes: ["extract"] }], `keys file keys.json: entry 1 (org "acme"): 'key' is required`],
    [[entry(), entry({ key: TEST, org: "acme", tier: "scale" })], `keys file keys.json: entry 2 (org "acme"): plan scale differs from entry 1 (growth); an organization has one plan`],
    [[entry(), entry({ org: "other" })], `keys file keys.json: entry 2 (org "other"): the same key as entry 1`],
  ])("refuses %j with one line naming the entry", (json, message) => {
    expect(parse(json)).toThrow(message);
  });

  it("a key used as a field name or as the org is named as a key, never printed", () => {
    const pasted = "ar_test_" + "P".repeat(32);
    const refused = (json: unknown) => {
      try {
        parseKeysFile(json, "keys.json");
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    expect(refused([entry({ [pasted]: true })])).toBe(`keys file keys.json: entry 1 (org "acme"): a field is named with an API key (not shown): the key goes in "key"`);
    expect(refused([{ key: "acme", org: pasted, tier: "growth", scopes: ["extract"] }])).toBe(
      `keys file keys.json: entry 1 (org "<API key, not shown>"): 'key' must be ar_live_ or ar_test_ followed by 24-128 base62 characters`,
    );
    expect(refused([entry({ org: pasted })])).toBe(`keys file keys.json: entry 1 (org "<API key, not shown>"): 'org' is an API key: the key goes in "key", the organization's id in "org"`);
  });

  it("never puts a key into an error message", () => {
    const badKey = "ar_live_short_but_secretish";
    expect(parse([entry({ key: badKey })])).toThrow(`keys file keys.json: entry 1 (org "acme"): 'key' must be ar_live_ or ar_test_ followed by 24-128 base62 characters`);
    try {
      parseKeysFile([entry({ key: badKey })], "keys.json");
    } catch (error) {
      expect((error as Error).message).not.toContain(badKey);
    }
  });
});

describe("loadKeysFile", () => {
  const dir = mkdtempSync(join(tmpdir(), "arcroute-keys-"));

  it("reads a file", async () => {
    const path = join(dir, "ok.json");
    writeFileSync(path, JSON.stringify([entry()]));
    expect(await loadKeysFile(path)).toHaveLength(1);
  });

  it("names a missing file", async () => {
    await expect(loadKeysFile(join(dir, "missing.json"))).rejects.toThrow(`keys file ${join(dir, "missing.json")}: no such file`);
  });

  it("reports invalid JSON without quoting the file (it holds keys)", async () => {
    const path = join(dir, "broken.json");
    writeFileSync(path, `[{"key": ${LIVE}}]`);
    const error = await loadKeysFile(path).catch((e: Error) => e);
    expect((error as Error).message).toMatch(new RegExp(`^keys file ${path}: invalid JSON`));
    expect((error as Error).message).not.toContain(LIVE);
  });
});
