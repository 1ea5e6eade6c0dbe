/**
 * PostgreSQL going away under the HTTP layer (decision: 500 `Activation failed`, nothing billed;
 * for a write whose connection was lost after it was sent, an answer that agrees with the rows).
 * A TCP proxy in front of the real server is cut at the worst moment: after authentication, rate
 * limiting and classification, when the activation is being written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../src/http/index.js";
import { createApiKey } from "../../src/keys/index.js";
import { createMemoryLimiter } from "../../src/stores/memory/index.js";
import { CommitUnknownError, createPostgresStore } from "../../src/stores/postgres/index.js";
import type { ArcStore } from "../../src/stores/types.js";
import { hasPostgres, POSTGRES_URL } from "../support/services.js";
import { chargeFor, makeEvent, newId } from "../support/store-contract.js";
import { dropSchema, queryDirect, uniqueSchema } from "./support/postgres.js";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy.js";
import { call, expectFailure, startServer, type TestServer } from "../http/support/server.js";
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

/** A PostgreSQL store whose every connection goes through a TCP proxy the test can cut. */
async function proxiedStore(storeSchema: string): Promise<{ proxy: TcpProxy; store: ArcStore }> {
  const { hostname, port } = new URL(POSTGRES_URL);
  const proxy = await startTcpProxy(hostname, Number(port || 5432));
  const proxied = new URL(POSTGRES_URL);
  proxied.host = `127.0.0.1:${proxy.port}`;
  return { proxy, store: await createPostgresStore({ connectionString: proxied.toString(), schema: storeSchema }) };
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
    ({ proxy, store } = await proxiedStore(schema));
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

  it("fails concurrent activations once at the timeout: a batch the server cancelled for its time is not retried one by one", async () => {
    // A pool of our own (same statement timeout), counting checkouts: each is one statement sent.
    const pool = new pg.Pool({ connectionString: POSTGRES_URL, statement_timeout: 300 });
    let checkouts = 0;
    const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
    (pool as unknown as { connect: () => Promise<pg.PoolClient> }).connect = () => (checkouts++, connect());
    const store = await createPostgresStore({ pool, schema: lockedSchema });
    const locker = new pg.Client({ connectionString: POSTGRES_URL });
    await locker.connect();
    try {
      const orgId = newId("org");
      await locker.query(`BEGIN; LOCK TABLE "${lockedSchema}".activation_events IN ACCESS EXCLUSIVE MODE`);
      const before = checkouts;
      // Made in one turn: one batch, one statement.
      const writes = Array.from({ length: 8 }, () => {
        const event = makeEvent(orgId, "key_1");
        return store.recordActivation(event, chargeFor(event), null).then(() => "recorded", (error: { code?: string }) => error.code);
      });
      expect(await Promise.all(writes)).toEqual(Array(8).fill("57014"));
      // Retried alone, each would have waited out the timeout again: 1 + 8 statements.
      expect(checkouts - before).toBe(1);
      await locker.query("ROLLBACK");
      expect(await queryDirect(`SELECT id FROM "${lockedSchema}".billing_records WHERE org_id = $1`, [orgId])).toEqual([]);
    } finally {
      await locker.end();
      await store.close();
      await pool.end();
    }
  });

  it("refuses a queryTimeoutMs that is not a positive integer", async () => {
    await expect(createPostgresStore({ connectionString: POSTGRES_URL, schema: lockedSchema, queryTimeoutMs: 0 })).rejects.toThrow("queryTimeoutMs must be a positive integer");
  });
});

/**
 * The connection lost after the activation's statement left for the server: it may have committed.
 * The client must get an answer that agrees with the rows: 200 and one charge, or 500 and none.
 */
describe.skipIf(!enabled)("PostgreSQL connection lost after the activation was sent", () => {
  const lostSchema = uniqueSchema("lost");
  let proxy: TcpProxy;
  let store: ArcStore;
  let api: ReturnType<typeof createApi>;
  const errors: unknown[] = [];

  beforeAll(async () => {
    ({ proxy, store } = await proxiedStore(lostSchema));
    api = createApi({ store, limiter: createMemoryLimiter(), onError: (error) => void errors.push(error) });
  });

  afterAll(async () => {
    if (!enabled) return;
    await proxy?.restore();
    await store?.close();
    await proxy?.close();
    await dropSchema(lostSchema);
  });

  async function customer() {
    const orgId = newId("org");
    return { orgId, key: (await createApiKey(store, { org: orgId, tier: "scale", scopes: ["extract"] })).key };
  }

  /** An activation marked by its subject_vp_id, so the proxy can find its statement. */
  function send(key: string, marker: string, idempotencyKey?: string) {
    const headers: Record<string, string> = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
    const body = JSON.stringify({ query: "the day my father died", subject_vp_id: marker });
    return api.fetch(new Request("http://arcroute.test/v1/activate", { method: "POST", headers, body }));
  }

  async function billedQueries(key: string): Promise<number> {
    const response = await api.fetch(new Request("http://arcroute.test/v1/usage", { headers: { authorization: `Bearer ${key}` } }));
    return (await response.json()).data.billed_queries;
  }

  /** What the database holds for the activation marked `marker`. */
  async function rowsOf(marker: string) {
    const events = await queryDirect<{ id: string }>(`SELECT id FROM "${lostSchema}".activation_events WHERE subject_vp_id = $1`, [marker]);
    const charges = await queryDirect(`SELECT b.id FROM "${lostSchema}".billing_records b JOIN "${lostSchema}".activation_events e ON e.id = b.activation_id WHERE e.subject_vp_id = $1`, [marker]);
    return { events: events.map((e) => e.id), charges: charges.length };
  }

  it("answers 200 with the stored body when the write committed before the connection was cut, billed once", async () => {
    const { key } = await customer();
    const marker = newId("after");
    const intercepted = proxy.interceptOnce(marker, { kind: "after-commit" });
    const response = await send(key, marker);
    await (await intercepted).done;
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(await rowsOf(marker)).toEqual({ events: [body.data.activation_id], charges: 1 });
    expect(await billedQueries(key)).toBe(1);
  });

  it("with an Idempotency-Key: the 200 is the stored one, and a retry replays it without a second charge", async () => {
    const { key } = await customer();
    const marker = newId("idem");
    // The key must not hold the marker: its lookup before the write would be the statement cut.
    const idempotencyKey = newId("key");
    const intercepted = proxy.interceptOnce(marker, { kind: "after-commit" });
    const first = await send(key, marker, idempotencyKey);
    await (await intercepted).done;
    expect(first.status).toBe(200);
    const text = await first.text();
    const retry = await send(key, marker, idempotencyKey);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.text()).toBe(text);
    expect(await rowsOf(marker)).toEqual({ events: [JSON.parse(text).data.activation_id], charges: 1 });
    expect(await billedQueries(key)).toBe(1);
  });

  it("agrees with the rows when the server reads the statement only after the client lost the connection", async () => {
    const { key } = await customer();
    const marker = newId("late");
    const intercepted = proxy.interceptOnce(marker, { kind: "late", delayMs: 1_500 });
    const response = await send(key, marker);
    // Whatever the server does with the statement it has been sent, it has done it now.
    await (await intercepted).done;
    const rows = await rowsOf(marker);
    if (response.status === 200) expect(rows).toEqual({ events: [(await response.json()).data.activation_id], charges: 1 });
    else expect({ status: response.status, rows }).toEqual({ status: 500, rows: { events: [], charges: 0 } });
    expect(await billedQueries(key)).toBe(rows.charges);
  });

  it("answers every activation of a group-commit batch that committed before the cut with 200, each billed once", async () => {
    const { key } = await customer();
    const markers = Array.from({ length: 8 }, () => newId("batch"));
    const intercepted = proxy.interceptOnce(markers[0]!, { kind: "after-commit" });
    const responses = await Promise.all(markers.map((marker) => send(key, marker)));
    const { bytes, done } = await intercepted;
    await done;
    // One statement carried them all: the cut hit the batch, not a lone activation.
    expect(markers.filter((marker) => bytes.includes(marker))).toEqual(markers);
    expect(responses.map((r) => r.status)).toEqual(markers.map(() => 200));
    for (const [i, response] of responses.entries()) expect(await rowsOf(markers[i]!)).toEqual({ events: [(await response.json()).data.activation_id], charges: 1 });
    expect(await billedQueries(key)).toBe(markers.length);
  });

  it("retries each activation of a batch that never reached the server on its own: 200s, each billed once", async () => {
    const { key } = await customer();
    const markers = Array.from({ length: 8 }, () => newId("never"));
    const intercepted = proxy.interceptOnce(markers[0]!, { kind: "never" });
    const responses = await Promise.all(markers.map((marker) => send(key, marker)));
    const { bytes } = await intercepted;
    expect(markers.filter((marker) => bytes.includes(marker))).toEqual(markers);
    expect(responses.map((r) => r.status)).toEqual(markers.map(() => 200));
    expect(await billedQueries(key)).toBe(markers.length);
  });

  it("answers 500 when whether it committed cannot be learned (the database gone for the check too), as the README says", async () => {
    const { key } = await customer();
    const marker = newId("unknown");
    const idempotencyKey = newId("key");
    const intercepted = proxy.interceptOnce(marker, { kind: "after-commit", thenStopListening: true });
    errors.length = 0;
    const response = await send(key, marker, idempotencyKey);
    await (await intercepted).done;
    await proxy.restore();
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ success: false, error: "Activation failed", code: "activation_failed" });
    expect(String((errors[0] as Error)?.message)).toMatch(/whether it committed could not be learned/);
    // It did commit: the one case where a 500 is billed. The retry with its key replays, no second charge.
    expect((await rowsOf(marker)).charges).toBe(1);
    const retry = await send(key, marker, idempotencyKey);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await billedQueries(key)).toBe(1);
  });
});

/**
 * The same for POST /v1/feedback (over a real socket), whose write is settled by the same
 * mechanism: the answer agrees with the rows, 200 when the feedback is stored, 500 when it is not.
 */
describe.skipIf(!enabled)("PostgreSQL connection lost after the feedback was sent", () => {
  const lostSchema = uniqueSchema("lostfb");
  let proxy: TcpProxy;
  let store: ArcStore;
  let server: TestServer;
  const errors: unknown[] = [];

  beforeAll(async () => {
    ({ proxy, store } = await proxiedStore(lostSchema));
    server = await startServer({ store, onError: (error) => void errors.push(error) });
  });

  afterAll(async () => {
    if (!enabled) return;
    await server?.close();
    await proxy?.restore();
    await store?.close();
    await proxy?.close();
    await dropSchema(lostSchema);
  });

  /** A fresh organization with one activation to give feedback on. */
  async function customer() {
    const key = await server.key(newId("org"), "scale", ["extract"]);
    const activation = await call(`${server.url}/activate`, { key, body: { query: "the day my father died" } });
    return { key, activationId: activation.body.data.activation_id as string };
  }

  /** Feedback marked by its memory_id, so the proxy can find its statement (the lookups before it do not carry it). */
  const send = (key: string, activationId: string, marker: string, idempotencyKey?: string) =>
    call(`${server.url}/feedback`, { key, body: { activation_id: activationId, hit: true, memory_id: marker }, ...(idempotencyKey ? { headers: { "idempotency-key": idempotencyKey } } : {}) });

  const rowsOf = async (marker: string) => (await queryDirect<{ id: string }>(`SELECT id FROM "${lostSchema}".feedback WHERE memory_id = $1`, [marker])).map((row) => row.id);

  it("answers 200 with the feedback when the write committed before the connection was cut; a keyed retry replays it", async () => {
    const { key, activationId } = await customer();
    const marker = newId("after");
    const idempotencyKey = newId("key");
    const intercepted = proxy.interceptOnce(marker, { kind: "after-commit" });
    const first = await send(key, activationId, marker, idempotencyKey);
    await (await intercepted).done;
    expect(first.status, first.text).toBe(200);
    expect(await rowsOf(marker)).toEqual([first.body.data.feedback_id]);
    const retry = await send(key, activationId, marker, idempotencyKey);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.text).toBe(first.text);
    expect(await rowsOf(marker)).toEqual([first.body.data.feedback_id]);
  });

  it("answers 500 when the statement never reached the server, and stores nothing", async () => {
    const { key, activationId } = await customer();
    const marker = newId("never");
    const intercepted = proxy.interceptOnce(marker, { kind: "never" });
    const response = await send(key, activationId, marker);
    await intercepted;
    expectFailure(response, 500, "Internal server error");
    expect(await rowsOf(marker)).toEqual([]);
  });

  it("agrees with the rows when the server reads the statement only after the client lost the connection", async () => {
    const { key, activationId } = await customer();
    const marker = newId("late");
    const intercepted = proxy.interceptOnce(marker, { kind: "late", delayMs: 1_500 });
    const response = await send(key, activationId, marker);
    await (await intercepted).done;
    const rows = await rowsOf(marker);
    if (response.status === 200) expect(rows).toEqual([response.body.data.feedback_id]);
    else expect({ status: response.status, rows }).toEqual({ status: 500, rows: [] });
  });

  it("answers 500 with a CommitUnknownError to onError when whether it committed cannot be learned", async () => {
    const { key, activationId } = await customer();
    const marker = newId("unknown");
    const idempotencyKey = newId("key");
    const intercepted = proxy.interceptOnce(marker, { kind: "after-commit", thenStopListening: true });
    errors.length = 0;
    const response = await send(key, activationId, marker, idempotencyKey);
    await (await intercepted).done;
    await proxy.restore();
    expectFailure(response, 500, "Internal server error");
    expect(response.body.code).toBe("internal_error");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(CommitUnknownError);
    // It did commit: the retry with its key replays the stored answer, and no second row is written.
    expect(await rowsOf(marker)).toHaveLength(1);
    const retry = await send(key, activationId, marker, idempotencyKey);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await rowsOf(marker)).toEqual([retry.body.data.feedback_id]);
  });
});
