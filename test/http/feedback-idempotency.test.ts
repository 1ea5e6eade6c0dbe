/**
 * `Idempotency-Key` on POST /v1/feedback over a real socket, on the memory store, PGlite and
 * PostgreSQL: a replay answers with the first response and stores nothing again (also for
 * concurrent duplicates), the same key with another body is 422, a bad key is 400, failures are
 * not kept, and the keys are the organization's one set shared with /v1/activate.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryStore } from "../../src/stores/memory/index.js";
import type { ArcStore } from "../../src/stores/types.js";
import { pgliteBackend, postgresBackend } from "./support/backends.js";
import { activate, call, expectFailure, SIGNIFICANT, startServer, type TestServer } from "./support/server.js";

interface Backend {
  store: ArcStore;
  dispose(): Promise<void>;
}

const MISMATCH = "Idempotency-Key was already used for a different request";

function describeBackend(name: string, open: () => Promise<Backend | null>) {
  describe(`POST /v1/feedback with Idempotency-Key: ${name}`, () => {
    let backend: Backend | null;
    let server: TestServer;
    beforeAll(async () => {
      backend = await open();
      if (backend) server = await startServer({ store: backend.store });
    });
    afterAll(async () => {
      await server?.close();
      await backend?.dispose();
    });

    /** A fresh organization with one activation to give feedback on. */
    async function setUp(org: string) {
      const key = await server.key(org, "scale", ["extract"]);
      const id = (await activate(server, key, { query: SIGNIFICANT })).body.data.activation_id as string;
      const feedback = (body: unknown, idempotencyKey?: string) =>
        call(`${server.url}/feedback`, { key, body, ...(idempotencyKey === undefined ? {} : { headers: { "idempotency-key": idempotencyKey } }) });
      return { key, id, feedback, stored: async () => (await backend!.store.listFeedback(org)).length };
    }

    it("replays the first answer byte for byte and stores the feedback once", async (ctx) => {
      if (!backend) return ctx.skip();
      const { id, feedback, stored } = await setUp("fb-replay");
      const first = await feedback({ activation_id: id, hit: false, memory_id: "m1" }, "fb-1");
      expect(first.status).toBe(200);
      expect(first.headers.get("idempotent-replayed")).toBeNull();
      // The same request: key order, an ignored field and the id's letter case do not make another one.
      const again = await feedback({ memory_id: "m1", hit: false, activation_id: id.toUpperCase(), source: "sdk" }, "fb-1");
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(await stored()).toBe(1);
      // Without a key each POST is stored, as before.
      await feedback({ activation_id: id, hit: false, memory_id: "m1" });
      expect(await stored()).toBe(2);
    });

    it("the same key with a different body is 422 and stores nothing", async (ctx) => {
      if (!backend) return ctx.skip();
      const { id, feedback, stored } = await setUp("fb-mismatch");
      expect((await feedback({ activation_id: id, hit: true }, "fb-2")).status).toBe(200);
      const other = await feedback({ activation_id: id, hit: false }, "fb-2");
      expectFailure(other, 422, MISMATCH);
      expect(other.body.code).toBe("idempotency_mismatch");
      expect(await stored()).toBe(1);
    });

    it("a malformed key is the same 400 as on /activate, and stores nothing", async (ctx) => {
      if (!backend) return ctx.skip();
      const { key, id, feedback, stored } = await setUp("fb-bad-key");
      const message = "Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces)";
      expectFailure(await feedback({ activation_id: id, hit: true }, "k".repeat(256)), 400, message);
      expectFailure(await feedback({ activation_id: id, hit: true }, "two words"), 400, message);
      expectFailure(await activate(server, key, { query: SIGNIFICANT }, { "idempotency-key": "two words" }), 400, message);
      expect(await stored()).toBe(0);
    });

    it("10 concurrent duplicates: one feedback stored, every answer identical", async (ctx) => {
      if (!backend) return ctx.skip();
      const { id, feedback, stored } = await setUp("fb-burst");
      const answers = await Promise.all(Array.from({ length: 10 }, () => feedback({ activation_id: id, hit: true, memory_id: "m9" }, "fb-burst")));
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
      expect(await stored()).toBe(1);
    });

    it("a 404 is not kept (a retry runs again), and a key used on /activate is taken for /feedback", async (ctx) => {
      if (!backend) return ctx.skip();
      const { key, id, feedback, stored } = await setUp("fb-shared");
      expectFailure(await feedback({ activation_id: crypto.randomUUID(), hit: true }, "fb-404"), 404, "Activation not found");
      expect((await feedback({ activation_id: id, hit: true }, "fb-404")).status).toBe(200);
      expect((await activate(server, key, { query: SIGNIFICANT }, { "idempotency-key": "fb-shared" })).status).toBe(200);
      expectFailure(await feedback({ activation_id: id, hit: true }, "fb-shared"), 422, MISMATCH);
      expect(await stored()).toBe(1);
    });
  });
}

describeBackend("memory", async () => ({ store: createMemoryStore(), dispose: async () => {} }));

describeBackend("PGlite", pgliteBackend);

describeBackend("PostgreSQL", () => postgresBackend("fbidem"));
