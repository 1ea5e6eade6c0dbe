/**
 * PostgreSQL going away under the HTTP layer (decision: 500 `Activation failed`, nothing billed).
 * A TCP proxy in front of the real server is cut at the worst moment: after authentication, rate
 * limiting and classification, when the activation is being written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../src/http/index.js";
import { createApiKey } from "../../src/keys/index.js";
import { createMemoryLimiter } from "../../src/stores/memory/index.js";
import { createPostgresStore } from "../../src/stores/postgres/index.js";
import type { ArcStore } from "../../src/stores/types.js";
import { hasPostgres, POSTGRES_URL } from "../support/services.js";
import { newId } from "../support/store-contract.js";
import { dropSchema, queryDirect, uniqueSchema } from "./support/postgres.js";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy.js";
import pg from "pg";

const enabled = await hasPostgres();
const schema = uniqueSchema("faults");

function activate(api: ReturnType<typeof createApi>, key: string, query = "the day my father died") {
  return api.fetch(
    new Request("http://arcroute.test/v1/activate", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ query }),
    }),
  );
}

const countRows = async (table: string, orgId: string) =>
  Number((await queryDirect<{ n: string }>(`SELECT count(*) AS n FROM "${schema}".${table} WHERE org_id = $1`, [orgId]))[0]!.n);

describe.skipIf(!enabled)("PostgreSQL unreachable during POST /v1/activate", () => {
  let proxy: TcpProxy;
  let store: ArcStore;
  let cutOnWrite = false;
  let api: ReturnType<typeof createApi>;
  let key: string;
  let orgId: string;

  beforeAll(async () => {
    const { hostname, port } = new URL(POSTGRES_URL);
    proxy = await startTcpProxy(hostname, Number(port || 5432));
    const proxied = new URL(POSTGRES_URL);
    proxied.host = `127.0.0.1:${proxy.port}`;
    store = await createPostgresStore({ connectionString: proxied.toString(), schema });
    orgId = newId("org");
    key = (await createApiKey(store, { org: orgId, tier: "scale", scopes: ["extract"] })).key;
    // The real store, with the database taken away just before the activation is written.
    const faulty: ArcStore = {
      ...store,
      recordActivation: async (...args) => {
        if (cutOnWrite) await proxy.cut();
        return store.recordActivation(...args);
      },
    };
    api = createApi({ store: faulty, limiter: createMemoryLimiter() });
  });

  afterAll(async () => {
    if (!enabled) return;
    await proxy?.restore();
    await store?.close();
    await proxy?.close();
    await dropSchema(schema);
  });

  it("answers 500 'Activation failed' and writes no event and no charge", async () => {
    cutOnWrite = true;
    const response = await activate(api, key);
    cutOnWrite = false;
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ success: false, error: "Activation failed", data: null });
    expect(await countRows("activation_events", orgId)).toBe(0);
    expect(await countRows("billing_records", orgId)).toBe(0);
  });

  it("answers 500 while the database stays away, and serves again once it is back", async () => {
    await proxy.cut();
    const down = await activate(api, key);
    expect(down.status).toBe(500);
    expect((await down.json()).success).toBe(false);
    expect(await countRows("billing_records", orgId)).toBe(0);

    await proxy.restore();
    const up = await activate(api, key);
    expect(up.status).toBe(200);
    const body = await up.json();
    expect(body.data.significance_gate).toBe(true);
    expect(await countRows("activation_events", orgId)).toBe(1);
    expect(await queryDirect(`SELECT activation_id, amount_micros::int AS amount FROM "${schema}".billing_records WHERE org_id = $1`, [orgId])).toEqual([
      { activation_id: body.data.activation_id, amount: 1000 },
    ]);
  });
});

describe.skipIf(!enabled)("PostgreSQL that stops answering (a table locked by another session)", () => {
  const lockedSchema = uniqueSchema("stall");
  afterAll(async () => {
    if (enabled) await dropSchema(lockedSchema);
  });

  it("fails the request with 500 after queryTimeoutMs instead of holding it, bills nothing, and serves again once the lock is gone", async () => {
    const store = await createPostgresStore({ connectionString: POSTGRES_URL, schema: lockedSchema, queryTimeoutMs: 300 });
    const locker = new pg.Client({ connectionString: POSTGRES_URL });
    await locker.connect();
    try {
      const orgId = newId("org");
      const { key } = await createApiKey(store, { org: orgId, tier: "scale", scopes: ["extract"] });
      const api = createApi({ store, limiter: createMemoryLimiter() });
      await locker.query(`BEGIN; LOCK TABLE "${lockedSchema}".activation_events IN ACCESS EXCLUSIVE MODE`);
      const stalled = await activate(api, key);
      expect(stalled.status).toBe(500);
      expect(await stalled.json()).toMatchObject({ success: false, error: "Activation failed", data: null });
      await locker.query("ROLLBACK");
      expect((await activate(api, key)).status).toBe(200);
      expect(Number((await queryDirect<{ n: string }>(`SELECT count(*) AS n FROM "${lockedSchema}".billing_records WHERE org_id = $1`, [orgId]))[0]!.n)).toBe(1);
    } finally {
      await locker.end();
      await store.close();
    }
  });

  it("refuses a queryTimeoutMs that is not a positive integer", async () => {
    await expect(createPostgresStore({ connectionString: POSTGRES_URL, schema: lockedSchema, queryTimeoutMs: 0 })).rejects.toThrow("queryTimeoutMs must be a positive integer");
  });
});
