import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CliError } from "../../src/cli/errors.js";
import { openLimiter, openStore } from "../../src/stores/open.js";
import { hasPostgres, hasRedis, POSTGRES_URL, REDIS_URL } from "../support/services.js";
import { newId } from "../support/store-contract.js";
import { dropSchema, queryDirect, uniqueSchema } from "./support/postgres.js";
import { startTcpProxy } from "./support/tcp-proxy.js";

const postgres = await hasPostgres();
const redis = await hasRedis();
const schema = uniqueSchema("open");
const dir = mkdtempSync(path.join(tmpdir(), "arcroute-open-"));

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (postgres) await dropSchema(schema);
});

async function refusal(open: Promise<unknown>): Promise<CliError> {
  const error = await open.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

describe("openStore / openLimiter specs", () => {
  it("refuses unknown specs as usage errors (exit 2) without echoing a password", async () => {
    const store = await refusal(openStore("mysql://root:hunter2@db/x"));
    expect(store.exitCode).toBe(2);
    expect(store.message).toMatch(/use memory, pglite:<dir> or postgres/);
    expect(store.message).not.toContain("hunter2");
    expect((await refusal(openStore("pglite:"))).message).toMatch(/data directory/);
    expect((await refusal(openLimiter("memcached://x"))).exitCode).toBe(2);
    // A mistyped scheme (one slash) still hides the password.
    const mistyped = [
      openStore("postgres:/app:S3cretPW@db.internal/prod"),
      openStore("postgres//admin:S3cretPW@db/x"),
      openStore("postgress://u@db/x?password=S3cretPW"),
      openLimiter("redis:/:S3cretPW@cache:6379"),
      openLimiter("redis//:S3cretPW@cache:6379"),
      openLimiter("valkey://:S3c@retPW@cache:6379"),
    ];
    for (const attempt of mistyped) {
      const refused = await refusal(attempt);
      expect(refused.exitCode).toBe(2);
      expect(refused.message).not.toMatch(/S3cret|retPW/);
      expect(refused.message).toContain("***");
    }
  });

  it("refuses an invalid schema name as a usage error", async () => {
    const error = await refusal(openStore(`${POSTGRES_URL}?schema=Robert');DROP`));
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(/invalid schema name/);
  });

  it("opens pglite:<dir> durably", async () => {
    const orgId = newId("org");
    const first = await openStore(`pglite:${dir}`);
    await first.putOrganization({ id: orgId, tier: "growth", created_at: "2026-11-23T00:00:00.000Z" });
    await first.close();
    const second = await openStore(`pglite:${dir}`);
    expect(await second.getOrganization(orgId)).toMatchObject({ tier: "growth" });
    await second.close();
  });

  it.skipIf(!postgres)("opens postgres://...?schema=name in that schema", async () => {
    const store = await openStore(`${POSTGRES_URL}?schema=${schema}`);
    const orgId = newId("org");
    await store.putOrganization({ id: orgId, tier: "free", created_at: "2026-11-23T00:00:00.000Z" });
    await store.close();
    expect(await queryDirect(`SELECT tier FROM "${schema}".organizations WHERE id = $1`, [orgId])).toEqual([{ tier: "free" }]);
  });

  it("fails to open an unreachable PostgreSQL or Redis as a runtime error (exit 1), password hidden", async () => {
    const closed = await startTcpProxy("127.0.0.1", 9);
    await closed.cut();
    const store = await refusal(openStore(`postgres://app:hunter2@127.0.0.1:${closed.port}/test`));
    expect(store.exitCode).toBe(1);
    expect(store.message).toMatch(/^cannot open postgres: .*ECONNREFUSED/);
    expect(store.message).not.toContain("hunter2");
    const limiter = await refusal(openLimiter(`redis://:hunter2@127.0.0.1:${closed.port}`));
    expect(limiter.exitCode).toBe(1);
    expect(limiter.message).not.toContain("hunter2");
  });

  it.skipIf(!redis)("opens redis://...?prefix=text with that key prefix", async () => {
    const prefix = `arc_test_open_${newId("p")}:`;
    const limiter = await openLimiter(`${REDIS_URL}?prefix=${encodeURIComponent(prefix)}`);
    expect(await limiter.hit("org-a", 1, 60_000)).toMatchObject({ allowed: true });
    await limiter.close();
    const { Redis } = await import("ioredis");
    const client = new Redis(REDIS_URL);
    expect(await client.zcard(`${prefix}org-a`)).toBe(1);
    await client.del(`${prefix}org-a`);
    await client.quit();
  });
});
