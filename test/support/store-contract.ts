/**
 * The ArcStore and RateLimiter contracts (src/stores/types.ts) as test suites. Every back end runs
 * the same suite: `describeStoreContract("pglite", () => createPgliteStore())`. Each test makes its
 * own organizations (random ids), so one store instance serves the whole suite.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../src/keys/index.js";
import type { ActivationResult } from "../../src/schema/activation.js";
import type {
  ActivationEvent,
  ApiKeyRecord,
  ArcStore,
  BillingRecord,
  Feedback,
  IdempotencyWrite,
  RateLimiter,
  Tier,
} from "../../src/stores/types.js";

const MICROS_PER_QUERY = 1000;

// ---- fixtures --------------------------------------------------------------------------------

export const newId = (prefix: string) => `${prefix}_${randomBytes(6).toString("hex")}`;
const at = (ms: number) => new Date(ms).toISOString();
const T0 = Date.parse("2026-11-01T00:00:00.000Z");

/** A classifier result as `classify("the day my father died")` gave it (fixed: the stores do not depend on the classifier). */
const GRIEF_RESULT: Omit<ActivationResult, "activation_id"> = {
  arc_types: ["grief"],
  primary_domain: "gravity",
  field_filters: [
    { field: "arc_type", operator: "eq", value: "grief", weight: 1 },
    { field: "tether_type", operator: "eq", value: "person", weight: 0.69 },
    { field: "valence", operator: "eq", value: "negative", weight: 0.8 },
    { field: "emotional_weight", operator: "gte", value: 0.5, weight: 0.4 },
    { field: "relational_dynamics", operator: "eq", value: "parent_child", weight: 0.6 },
  ],
  confidence: 0.992,
  significance_gate: true,
};

export function makeKey(orgId: string, overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  const secret = `ar_live_${randomBytes(18).toString("base64url")}`;
  return {
    id: newId("key"),
    org_id: orgId,
    hash: createHash("sha256").update(secret).digest("hex"),
    prefix: "ar_live_",
    last4: secret.slice(-4),
    mode: "live",
    scopes: ["extract", "verify"],
    created_at: at(T0),
    revoked_at: null,
    ...overrides,
  };
}

export function makeEvent(orgId: string, keyId: string, options: { query?: string; createdAt?: string } = {}): ActivationEvent {
  const id = randomUUID();
  const query = options.query ?? "the day my father died";
  return {
    id,
    org_id: orgId,
    key_id: keyId,
    query,
    subject_vp_id: null,
    result: { activation_id: id, ...structuredClone(GRIEF_RESULT) },
    classifier_model: "arcroute-lexicon@1",
    top_k: 10,
    billed: true,
    created_at: options.createdAt ?? at(T0),
  };
}

export function chargeFor(event: ActivationEvent, overrides: Partial<BillingRecord> = {}): BillingRecord {
  return {
    id: randomUUID(),
    org_id: event.org_id,
    key_id: event.key_id,
    activation_id: event.id,
    amount_micros: MICROS_PER_QUERY,
    created_at: event.created_at,
    ...overrides,
  };
}

function idempotencyFor(event: ActivationEvent, key: string, fingerprint = "fp-1"): IdempotencyWrite {
  return {
    key,
    fingerprint,
    response: { status: 200, body: JSON.stringify({ success: true, data: { activation_id: event.id } }) },
    expires_at: at(Date.parse(event.created_at) + 24 * 3600_000),
  };
}

// ---- the store contract ----------------------------------------------------------------------

export function describeStoreContract(name: string, open: () => Promise<ArcStore>, options: { enabled?: boolean } = {}): void {
  describe.skipIf(options.enabled === false)(`ArcStore contract: ${name}`, () => {
    let store: ArcStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });

    async function orgWithKey(tier: Tier = "payg") {
      const orgId = newId("org");
      await store.putOrganization({ id: orgId, tier, created_at: at(T0) });
      const key = makeKey(orgId);
      await store.insertApiKey(key);
      return { orgId, key };
    }

    describe("organizations and keys", () => {
      it("stores, updates and reads organizations; unknown ids are null", async () => {
        const id = newId("org");
        await store.putOrganization({ id, tier: "enterprise", rpm: 5000, created_at: at(T0) });
        expect(await store.getOrganization(id)).toEqual({ id, tier: "enterprise", rpm: 5000, created_at: at(T0) });
        await store.putOrganization({ id, tier: "scale", created_at: at(T0) });
        expect(await store.getOrganization(id)).toEqual({ id, tier: "scale", created_at: at(T0) });
        expect(await store.getOrganization(newId("org"))).toBeNull();
      });

      it("inserts an organization only when its id is free, leaving an existing plan as it is", async () => {
        const id = newId("org");
        expect(await store.insertOrganization!({ id, tier: "free", created_at: at(T0) })).toBe(true);
        expect(await store.insertOrganization!({ id, tier: "scale", created_at: at(T0) })).toBe(false);
        expect(await store.getOrganization(id)).toEqual({ id, tier: "free", created_at: at(T0) });
      });

      it("two keys created at once for one new organization on different plans: one wins, the other is refused", async () => {
        const org = newId("org");
        const results = await Promise.allSettled((["free", "scale"] as const).map((tier) => createApiKey(store, { org, tier, scopes: ["extract"] })));
        const created = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof createApiKey>>> => r.status === "fulfilled");
        expect(created).toHaveLength(1);
        const refused = results.find((r): r is PromiseRejectedResult => r.status === "rejected")!;
        expect(String(refused.reason)).toMatch(new RegExp(`organization '${org}' is on the (free|scale) plan`));
        const winner = (["free", "scale"] as const)[results.indexOf(created[0]!)];
        expect((await store.getOrganization(org))?.tier).toBe(winner);
        expect(await store.listApiKeys(org)).toHaveLength(1);
      });

      it("shows a plan change at once to the store that made it, even right after a key lookup", async () => {
        const { orgId, key } = await orgWithKey("free");
        expect((await store.findApiKeyByHash(key.hash))?.org_id).toBe(orgId);
        expect((await store.getOrganization(orgId))?.tier).toBe("free");
        await store.putOrganization({ id: orgId, tier: "growth", created_at: at(T0) });
        expect((await store.getOrganization(orgId))?.tier).toBe("growth");
      });

      it("finds a key by its hash and lists an organization's keys in insertion order", async () => {
        const { orgId, key } = await orgWithKey();
        const second = makeKey(orgId, { mode: "test", prefix: "ar_test_", scopes: ["verify", "issue", "extract"] });
        await store.insertApiKey(second);
        await store.insertApiKey(makeKey(newId("org")));
        expect(await store.findApiKeyByHash(key.hash)).toEqual(key);
        expect(await store.findApiKeyByHash(createHash("sha256").update("nothing").digest("hex"))).toBeNull();
        expect(await store.listApiKeys(orgId)).toEqual([key, second]);
      });

      it("refuses a second key with the same hash or id", async () => {
        const { orgId, key } = await orgWithKey();
        await expect(store.insertApiKey(makeKey(orgId, { hash: key.hash }))).rejects.toThrow();
        await expect(store.insertApiKey(makeKey(orgId, { id: key.id }))).rejects.toThrow();
        expect(await store.listApiKeys(orgId)).toEqual([key]);
      });

      it("refuses to store anything but a SHA-256 hex hash (never a plain key)", async () => {
        const orgId = newId("org");
        await expect(store.insertApiKey(makeKey(orgId, { hash: `ar_live_${"x".repeat(30)}` }))).rejects.toThrow(/SHA-256/);
        expect(await store.listApiKeys(orgId)).toEqual([]);
      });

      it("revokes a key once: the first revocation time is kept; unknown keys report false", async () => {
        const { key } = await orgWithKey();
        expect(await store.revokeApiKey(key.id, at(T0 + 1000))).toBe(true);
        expect(await store.revokeApiKey(key.id, at(T0 + 2000))).toBe(true);
        expect((await store.findApiKeyByHash(key.hash))?.revoked_at).toBe(at(T0 + 1000));
        expect(await store.revokeApiKey(newId("key"), at(T0))).toBe(false);
      });
    });

    describe("activations and billing", () => {
      it("records an event with its charge and reads it back, for its own organization only", async () => {
        const { orgId, key } = await orgWithKey();
        const other = await orgWithKey();
        const event = makeEvent(orgId, key.id);
        expect(await store.recordActivation(event, chargeFor(event), null)).toEqual({ state: "recorded" });
        expect(await store.getActivation(event.id, orgId)).toEqual(event);
        expect(await store.getActivation(event.id, other.orgId)).toBeNull();
        expect(await store.getActivation(randomUUID(), orgId)).toBeNull();
        expect(await store.getActivation("not-a-uuid", orgId)).toBeNull();
      });

      it("records an unbilled event without a charge", async () => {
        const { orgId, key } = await orgWithKey();
        const event = { ...makeEvent(orgId, key.id, { query: "what is the capital of France" }), billed: false };
        await store.recordActivation(event, null, null);
        expect(await store.getActivation(event.id, orgId)).toEqual(event);
        expect((await store.usage(orgId, at(T0 - 1), at(T0 + 1))).billed_queries).toBe(0);
      });

      it("is atomic: a charge that cannot be written leaves no event and no idempotency record", async () => {
        const { orgId, key } = await orgWithKey();
        const first = makeEvent(orgId, key.id);
        const firstCharge = chargeFor(first);
        await store.recordActivation(first, firstCharge, null);
        const second = makeEvent(orgId, key.id);
        // The charge id is taken: the charge insert fails after the event insert.
        const clash = chargeFor(second, { id: firstCharge.id });
        await expect(store.recordActivation(second, clash, idempotencyFor(second, "idem-atomic"))).rejects.toThrow();
        expect(await store.getActivation(second.id, orgId)).toBeNull();
        expect(await store.lookupIdempotency(orgId, "idem-atomic", "fp-1", second.created_at)).toEqual({ state: "absent" });
        expect(await store.usage(orgId, at(T0), at(T0 + 1))).toMatchObject({ billed_queries: 1, amount_micros: MICROS_PER_QUERY });
        // The same request can then succeed: nothing half-written is in the way.
        expect(await store.recordActivation(second, chargeFor(second), idempotencyFor(second, "idem-atomic"))).toEqual({ state: "recorded" });
      });

      it("fails only the faulty one of 30 concurrent activations", async () => {
        const { orgId, key } = await orgWithKey();
        const taken = makeEvent(orgId, key.id);
        const takenCharge = chargeFor(taken);
        await store.recordActivation(taken, takenCharge, null);
        const events = Array.from({ length: 30 }, () => makeEvent(orgId, key.id));
        const outcomes = await Promise.allSettled(
          events.map((e, i) => store.recordActivation(e, i === 17 ? chargeFor(e, { id: takenCharge.id }) : chargeFor(e), idempotencyFor(e, `idem-batch-${i}`))),
        );
        expect(outcomes.map((o) => o.status)).toEqual(events.map((_, i) => (i === 17 ? "rejected" : "fulfilled")));
        expect(await store.getActivation(events[17]!.id, orgId)).toBeNull();
        expect(await store.lookupIdempotency(orgId, "idem-batch-17", "fp-1", taken.created_at)).toEqual({ state: "absent" });
        expect((await store.usage(orgId, at(T0), at(T0 + 1))).billed_queries).toBe(30);
      });

      it("keeps text exactly, whatever characters it holds, also when recorded in one batch with others", async () => {
        const { orgId, key } = await orgWithKey();
        const tricky = ['quote " backslash \\ and \\" both', "literal \\ud800 and \\u0041 escapes", "tab\tnew\nline ☃ é 😀", '{"looks":["like",1,"json"]}', "x".repeat(5_000)];
        const events = tricky.map((query) => makeEvent(orgId, key.id, { query }));
        const outcomes = await Promise.all(
          events.map((e, i) => store.recordActivation(e, chargeFor(e), { ...idempotencyFor(e, `idem-text-${i}`), response: { status: 200, body: tricky[i]! } })),
        );
        expect(outcomes).toEqual(events.map(() => ({ state: "recorded" })));
        for (const [i, event] of events.entries()) {
          expect(await store.getActivation(event.id, orgId)).toEqual(event);
          expect(await store.lookupIdempotency(orgId, `idem-text-${i}`, "fp-1", event.created_at)).toEqual({ state: "replay", response: { status: 200, body: tricky[i] } });
        }
      });

      it("refuses a second event with the same id and a charge for another event", async () => {
        const { orgId, key } = await orgWithKey();
        const event = makeEvent(orgId, key.id);
        await store.recordActivation(event, null, null);
        await expect(store.recordActivation({ ...event, query: "changed" }, null, null)).rejects.toThrow();
        expect((await store.getActivation(event.id, orgId))?.query).toBe(event.query);
        const other = makeEvent(orgId, key.id);
        await expect(store.recordActivation(other, chargeFor(event), null)).rejects.toThrow(/belong/);
        await expect(store.recordActivation(other, chargeFor(other, { amount_micros: 0.5 }), null)).rejects.toThrow(/integer/);
        expect(await store.getActivation(other.id, orgId)).toBeNull();
      });

      it("sums usage in [from, to) for one organization", async () => {
        const { orgId, key } = await orgWithKey();
        const other = await orgWithKey();
        const times = [T0 - 1, T0, T0 + 5_000, T0 + 9_999, T0 + 10_000];
        for (const t of times) {
          const event = makeEvent(orgId, key.id, { createdAt: at(t) });
          await store.recordActivation(event, chargeFor(event), null);
        }
        const foreign = makeEvent(other.orgId, other.key.id, { createdAt: at(T0 + 1) });
        await store.recordActivation(foreign, chargeFor(foreign, { amount_micros: 7 }), null);
        expect(await store.usage(orgId, at(T0), at(T0 + 10_000))).toEqual({
          org_id: orgId,
          from: at(T0),
          to: at(T0 + 10_000),
          billed_queries: 3,
          amount_micros: 3 * MICROS_PER_QUERY,
        });
        expect(await store.usage(other.orgId, at(T0), at(T0 + 10_000))).toMatchObject({ billed_queries: 1, amount_micros: 7 });
        expect(await store.usage(newId("org"), at(T0), at(T0 + 10_000))).toMatchObject({ billed_queries: 0, amount_micros: 0 });
      });

      it("sums usage by calendar month (UTC), and over windows that cut through months or span several", async () => {
        const { orgId, key } = await orgWithKey();
        const other = await orgWithKey();
        const times = ["2025-12-31T23:59:59.999Z", "2026-01-01T00:00:00.000Z", "2026-01-31T23:59:59.999Z", "2026-02-01T00:00:00.000Z", "2026-02-14T12:00:00.000Z", "2026-04-30T10:00:00.000Z"];
        for (const [i, createdAt] of times.entries()) {
          const event = makeEvent(orgId, key.id, { createdAt });
          await store.recordActivation(event, chargeFor(event, { amount_micros: 10 ** i }), null);
        }
        const foreign = makeEvent(other.orgId, other.key.id, { createdAt: "2026-01-15T00:00:00.000Z" });
        await store.recordActivation(foreign, chargeFor(foreign), null);
        const sum = async (from: string, to: string) => {
          const { billed_queries, amount_micros } = await store.usage(orgId, from, to);
          return [billed_queries, amount_micros];
        };
        expect(await sum("2026-01-01T00:00:00.000Z", "2026-02-01T00:00:00.000Z")).toEqual([2, 110]);
        expect(await sum("2026-02-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z")).toEqual([2, 11_000]);
        expect(await sum("2026-03-01T00:00:00.000Z", "2026-04-01T00:00:00.000Z")).toEqual([0, 0]);
        expect(await sum("2026-01-31T00:00:00.000Z", "2026-02-14T12:00:00.000Z")).toEqual([2, 1_100]);
        expect(await sum("2026-01-01T00:00:00.001Z", "2026-02-14T12:00:00.001Z")).toEqual([3, 11_100]);
        expect(await sum("2025-12-01T00:00:00.000Z", "2026-05-01T00:00:00.000Z")).toEqual([6, 111_111]);
        expect(await sum("2026-01-01T01:00:00+01:00", "2026-02-01T01:00:00+01:00")).toEqual([2, 110]);
        expect(await sum("2026-01-10T00:00:00.000Z", "2026-01-20T00:00:00.000Z")).toEqual([0, 0]);
      });
    });

    describe("time", () => {
      it("compares times as instants, whatever ISO form they come in, and returns them in one form", async () => {
        const { orgId, key } = await orgWithKey();
        const event = makeEvent(orgId, key.id, { createdAt: "2026-02-01T00:00:00.000Z" });
        await store.recordActivation(event, chargeFor(event), null);
        // [from, to): an end of 00:00Z written without milliseconds still excludes 00:00:00.000Z.
        expect((await store.usage(orgId, "2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z")).billed_queries).toBe(0);
        expect((await store.usage(orgId, "2026-02-01T01:00:00+01:00", "2026-03-01T00:00:00Z")).billed_queries).toBe(1);
        await store.revokeApiKey(key.id, "2026-02-01T01:00:00+01:00");
        expect((await store.listApiKeys(orgId)).find((k) => k.id === key.id)!.revoked_at).toBe("2026-02-01T00:00:00.000Z");
      });
    });

    describe("idempotency", () => {
      it("replays the first response and refuses another request with the same key", async () => {
        const { orgId, key } = await orgWithKey();
        const event = makeEvent(orgId, key.id);
        const write = idempotencyFor(event, "idem-1");
        await store.recordActivation(event, chargeFor(event), write);
        const later = at(T0 + 60_000);
        expect(await store.lookupIdempotency(orgId, "idem-1", "fp-1", later)).toEqual({ state: "replay", response: write.response });
        expect(await store.lookupIdempotency(orgId, "idem-1", "fp-other", later)).toEqual({ state: "mismatch" });
        expect(await store.lookupIdempotency(orgId, "idem-2", "fp-1", later)).toEqual({ state: "absent" });
        // Keys belong to one organization.
        expect(await store.lookupIdempotency(newId("org"), "idem-1", "fp-1", later)).toEqual({ state: "absent" });
      });

      it("keeps the stored body byte for byte", async () => {
        const { orgId, key } = await orgWithKey();
        const event = makeEvent(orgId, key.id);
        const body = '{"z":1,  "a":[2,1],"unicode":"é ☃"}';
        await store.recordActivation(event, null, { ...idempotencyFor(event, "idem-bytes"), response: { status: 200, body } });
        expect(await store.lookupIdempotency(orgId, "idem-bytes", "fp-1", event.created_at)).toEqual({ state: "replay", response: { status: 200, body } });
      });

      it("writes nothing for a duplicate and reports the first record (replay or mismatch)", async () => {
        const { orgId, key } = await orgWithKey();
        const first = makeEvent(orgId, key.id);
        const write = idempotencyFor(first, "idem-dup");
        await store.recordActivation(first, chargeFor(first), write);
        const again = makeEvent(orgId, key.id);
        expect(await store.recordActivation(again, chargeFor(again), idempotencyFor(again, "idem-dup"))).toEqual({
          state: "duplicate",
          existing: { state: "replay", response: write.response },
        });
        const other = makeEvent(orgId, key.id);
        expect(await store.recordActivation(other, chargeFor(other), idempotencyFor(other, "idem-dup", "fp-2"))).toEqual({
          state: "duplicate",
          existing: { state: "mismatch" },
        });
        expect(await store.getActivation(again.id, orgId)).toBeNull();
        expect(await store.getActivation(other.id, orgId)).toBeNull();
        expect((await store.usage(orgId, at(T0), at(T0 + 1))).billed_queries).toBe(1);
      });

      it("records exactly one of 20 concurrent requests with the same key", async () => {
        const { orgId, key } = await orgWithKey();
        const events = Array.from({ length: 20 }, () => makeEvent(orgId, key.id));
        const outcomes = await Promise.all(events.map((e) => store.recordActivation(e, chargeFor(e), idempotencyFor(e, "idem-race"))));
        const recorded = outcomes.flatMap((o, i) => (o.state === "recorded" ? [events[i]!] : []));
        expect(recorded).toHaveLength(1);
        const winner = idempotencyFor(recorded[0]!, "idem-race").response;
        for (const outcome of outcomes.filter((o) => o.state === "duplicate")) {
          expect(outcome).toEqual({ state: "duplicate", existing: { state: "replay", response: winner } });
        }
        const stored = await Promise.all(events.map((e) => store.getActivation(e.id, orgId)));
        expect(stored.filter((e) => e !== null)).toHaveLength(1);
        expect(await store.usage(orgId, at(T0), at(T0 + 1))).toMatchObject({ billed_queries: 1, amount_micros: MICROS_PER_QUERY });
      });

      it("treats an expired record as absent and lets a new request take the key over", async () => {
        const { orgId, key } = await orgWithKey();
        const first = makeEvent(orgId, key.id);
        await store.recordActivation(first, null, { ...idempotencyFor(first, "idem-old"), expires_at: at(T0 + 1000) });
        expect(await store.lookupIdempotency(orgId, "idem-old", "fp-1", at(T0 + 999))).toMatchObject({ state: "replay" });
        expect(await store.lookupIdempotency(orgId, "idem-old", "fp-1", at(T0 + 1000))).toEqual({ state: "absent" });
        const later = makeEvent(orgId, key.id, { createdAt: at(T0 + 2000) });
        const write = idempotencyFor(later, "idem-old", "fp-new");
        expect(await store.recordActivation(later, null, write)).toEqual({ state: "recorded" });
        expect(await store.lookupIdempotency(orgId, "idem-old", "fp-new", at(T0 + 3000))).toEqual({ state: "replay", response: write.response });
      });
    });

    describe("quotas", () => {
      it("allows exactly `limit` of 50 concurrent consumers; refused calls consume nothing", async () => {
        const orgId = newId("org");
        const results = await Promise.all(Array.from({ length: 50 }, () => store.consumeQuota(orgId, "extractions", 10)));
        const allowed = results.filter((r) => r.allowed);
        expect(allowed).toHaveLength(10);
        expect(allowed.map((r) => r.used).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        expect(results.filter((r) => !r.allowed).every((r) => r.used === 10)).toBe(true);
        expect(await store.consumeQuota(orgId, "extractions", 10)).toEqual({ allowed: false, used: 10 });
      });

      it("gives a unit back on refund, never below zero, and keeps quotas apart by org and name", async () => {
        const orgId = newId("org");
        await store.consumeQuota(orgId, "extractions", 2);
        await store.consumeQuota(orgId, "extractions", 2);
        await store.refundQuota(orgId, "extractions");
        expect(await store.consumeQuota(orgId, "extractions", 2)).toEqual({ allowed: true, used: 2 });
        expect(await store.consumeQuota(orgId, "other", 2)).toEqual({ allowed: true, used: 1 });
        expect(await store.consumeQuota(newId("org"), "extractions", 2)).toEqual({ allowed: true, used: 1 });
        const fresh = newId("org");
        await store.refundQuota(fresh, "extractions");
        await store.consumeQuota(fresh, "extractions", 5);
        await store.refundQuota(fresh, "extractions");
        await store.refundQuota(fresh, "extractions");
        expect(await store.consumeQuota(fresh, "extractions", 5)).toEqual({ allowed: true, used: 1 });
      });

      it("refuses everything when the limit is zero", async () => {
        expect(await store.consumeQuota(newId("org"), "extractions", 0)).toEqual({ allowed: false, used: 0 });
      });
    });

    describe("feedback", () => {
      it("lists an organization's feedback, or everyone's, oldest first", async () => {
        const a = await orgWithKey();
        const b = await orgWithKey();
        const eventA = makeEvent(a.orgId, a.key.id);
        const eventB = makeEvent(b.orgId, b.key.id);
        await store.recordActivation(eventA, null, null);
        await store.recordActivation(eventB, null, null);
        const items: Feedback[] = [
          { id: newId("fb"), org_id: a.orgId, activation_id: eventA.id, hit: true, memory_id: "m001", created_at: at(T0 + 1) },
          { id: newId("fb"), org_id: b.orgId, activation_id: eventB.id, hit: false, memory_id: null, created_at: at(T0 + 2) },
          { id: newId("fb"), org_id: a.orgId, activation_id: eventA.id, hit: false, memory_id: "m002", created_at: at(T0 + 3) },
        ];
        for (const item of items) await store.recordFeedback(item);
        expect(await store.listFeedback(a.orgId)).toEqual([items[0], items[2]]);
        const all = await store.listFeedback(null);
        expect(all.filter((f) => f.org_id === a.orgId || f.org_id === b.orgId)).toEqual(items);
      });

      it("refuses feedback on an activation that does not exist", async () => {
        const orgId = newId("org");
        await expect(
          store.recordFeedback({ id: newId("fb"), org_id: orgId, activation_id: randomUUID(), hit: true, memory_id: null, created_at: at(T0) }),
        ).rejects.toThrow();
        expect(await store.listFeedback(orgId)).toEqual([]);
      });

      it("writes feedback with its idempotency record, in the records activations use, and nothing for a taken key", async () => {
        const { orgId, key } = await orgWithKey();
        const event = makeEvent(orgId, key.id);
        await store.recordActivation(event, null, idempotencyFor(event, "idem-activation"));
        const feedbackOn = (createdAt: string): Feedback => ({ id: newId("fb"), org_id: orgId, activation_id: event.id, hit: true, memory_id: "m1", created_at: createdAt });
        const first = feedbackOn(at(T0 + 1));
        const write = { ...idempotencyFor(event, "idem-fb"), response: { status: 200, body: `{"feedback_id":"${first.id}"}` } };
        expect(await store.recordFeedback(first, write)).toEqual({ state: "recorded" });
        expect(await store.lookupIdempotency(orgId, "idem-fb", "fp-1", at(T0 + 2))).toEqual({ state: "replay", response: write.response });
        expect(await store.recordFeedback(feedbackOn(at(T0 + 2)), write)).toEqual({ state: "duplicate", existing: { state: "replay", response: write.response } });
        expect(await store.recordFeedback(feedbackOn(at(T0 + 2)), { ...write, fingerprint: "fp-2" })).toEqual({ state: "duplicate", existing: { state: "mismatch" } });
        // One set of records: a key an activation took is taken for feedback too.
        expect(await store.recordFeedback(feedbackOn(at(T0 + 2)), { ...write, key: "idem-activation" })).toMatchObject({ state: "duplicate" });
        expect(await store.listFeedback(orgId)).toEqual([first]);
      });

      it("is atomic: feedback that cannot be written leaves no idempotency record", async () => {
        const orgId = newId("org");
        const orphan: Feedback = { id: newId("fb"), org_id: orgId, activation_id: randomUUID(), hit: true, memory_id: null, created_at: at(T0) };
        const write: IdempotencyWrite = { key: "idem-orphan", fingerprint: "fp-1", response: { status: 200, body: "{}" }, expires_at: at(T0 + 1000) };
        await expect(store.recordFeedback(orphan, write)).rejects.toThrow();
        expect(await store.lookupIdempotency(orgId, "idem-orphan", "fp-1", at(T0))).toEqual({ state: "absent" });
      });

      it("records exactly one of 10 concurrent feedback writes with the same key", async () => {
        const { orgId, key } = await orgWithKey();
        const event = makeEvent(orgId, key.id);
        await store.recordActivation(event, null, null);
        const items = Array.from({ length: 10 }, (): Feedback => ({ id: newId("fb"), org_id: orgId, activation_id: event.id, hit: false, memory_id: null, created_at: at(T0) }));
        const outcomes = await Promise.all(items.map((item) => store.recordFeedback(item, idempotencyFor(event, "idem-fb-race"))));
        expect(outcomes.filter((o) => o.state === "recorded")).toHaveLength(1);
        expect(await store.listFeedback(orgId)).toHaveLength(1);
      });
    });

    it("refuses calls after close (a rejected promise, never an answer) and closes twice without an error", async () => {
      const closed = await open();
      await closed.close();
      await expect(closed.getOrganization(newId("org"))).rejects.toThrow();
      await expect(closed.findApiKeyByHash("0".repeat(64))).rejects.toThrow();
      await expect(closed.putOrganization({ id: newId("org"), tier: "free", created_at: at(T0) })).rejects.toThrow();
      await expect(closed.listFeedback(null)).rejects.toThrow();
      await expect(closed.close()).resolves.toBeUndefined();
    });

    it("returns copies: changing a returned record does not change the store", async () => {
      const { orgId, key } = await orgWithKey();
      const found = (await store.findApiKeyByHash(key.hash))!;
      found.scopes.push("vitapass");
      found.revoked_at = at(T0);
      expect(await store.findApiKeyByHash(key.hash)).toEqual(key);
      const event = makeEvent(orgId, key.id);
      await store.recordActivation(event, null, null);
      event.query = "mutated after writing";
      event.result.arc_types.push("exile");
      event.result.field_filters[0]!.weight = 0.01;
      const stored = (await store.getActivation(event.id, orgId))!;
      expect(stored.query).toBe("the day my father died");
      expect(stored.result).toEqual({ ...GRIEF_RESULT, activation_id: event.id });
      stored.result.field_filters[0]!.weight = 0.02;
      expect((await store.getActivation(event.id, orgId))!.result.field_filters[0]!.weight).toBe(1);
    });
  });
}

// ---- the limiter contract --------------------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function describeLimiterContract(name: string, open: () => Promise<RateLimiter>, options: { enabled?: boolean } = {}): void {
  describe.skipIf(options.enabled === false)(`RateLimiter contract: ${name}`, () => {
    let limiter: RateLimiter;
    beforeAll(async () => {
      limiter = await open();
    });
    afterAll(async () => {
      await limiter?.close();
    });

    it("allows exactly `limit` of 50 concurrent hits and counts none of the refused", async () => {
      const key = newId("org");
      const results = await Promise.all(Array.from({ length: 50 }, () => limiter.hit(key, 10, 60_000)));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      expect(results.every((r) => r.reason === undefined && r.limit === 10)).toBe(true);
      expect(results.filter((r) => r.allowed).map((r) => r.remaining).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      for (const refused of results.filter((r) => !r.allowed)) {
        expect(refused.remaining).toBe(0);
        expect(refused.resetMs).toBeGreaterThan(0);
        expect(refused.resetMs).toBeLessThanOrEqual(60_000);
      }
    });

    it("reports remaining and a reset within the window", async () => {
      const key = newId("org");
      const first = await limiter.hit(key, 3, 60_000);
      expect(first).toMatchObject({ allowed: true, limit: 3, remaining: 2 });
      expect(first.resetMs).toBeGreaterThan(59_000 - 5_000);
      expect(first.resetMs).toBeLessThanOrEqual(60_000);
      expect(await limiter.hit(key, 3, 60_000)).toMatchObject({ allowed: true, remaining: 1 });
      expect(await limiter.hit(key, 3, 60_000)).toMatchObject({ allowed: true, remaining: 0 });
      const refused = await limiter.hit(key, 3, 60_000);
      expect(refused).toMatchObject({ allowed: false, remaining: 0 });
      expect(refused.resetMs).toBeLessThanOrEqual(first.resetMs);
    });

    it("counts concurrent hits on several windows each on its own window", async () => {
      const a = newId("org");
      const b = newId("org");
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? limiter.hit(a, 2, 60_000) : limiter.hit(b, 4, 60_000))));
      const onA = results.filter((_, i) => i % 2 === 0);
      const onB = results.filter((_, i) => i % 2 === 1);
      expect(onA.filter((r) => r.allowed).map((r) => r.remaining).sort()).toEqual([0, 1]);
      expect(onB.filter((r) => r.allowed).map((r) => r.remaining).sort()).toEqual([0, 1, 2, 3]);
      expect([...onA, ...onB].filter((r) => !r.allowed).every((r) => r.remaining === 0)).toBe(true);
      expect((await limiter.hit(a, 2, 60_000)).allowed).toBe(false);
      expect((await limiter.hit(b, 4, 60_000)).allowed).toBe(false);
    });

    it("keeps keys apart", async () => {
      const a = newId("org");
      const b = newId("org");
      expect((await limiter.hit(a, 1, 60_000)).allowed).toBe(true);
      expect((await limiter.hit(a, 1, 60_000)).allowed).toBe(false);
      expect((await limiter.hit(b, 1, 60_000)).allowed).toBe(true);
    });

    it("refuses arguments of the wrong type or range with the same TypeError on every back end, counting nothing", async () => {
      const key = newId("org");
      const refusals: [unknown, unknown, unknown, string][] = [
        [key, "5", 60_000, 'limit must be a whole number >= 0, got "5"'],
        [key, 2.5, 60_000, "limit must be a whole number >= 0, got 2.5"],
        [key, Number.NaN, 60_000, "limit must be a whole number >= 0, got NaN"],
        [key, -1, 60_000, "limit must be a whole number >= 0, got -1"],
        [key, 5, "60000", 'windowMs must be a whole number of milliseconds from 1 to 31536000000, got "60000"'],
        [key, 5, Number.POSITIVE_INFINITY, "windowMs must be a whole number of milliseconds from 1 to 31536000000, got Infinity"],
        [key, 5, 0, "windowMs must be a whole number of milliseconds from 1 to 31536000000, got 0"],
        [undefined, 5, 60_000, "key must be a non-empty string, got undefined"],
        ["", 5, 60_000, 'key must be a non-empty string, got ""'],
      ];
      for (const [k, limit, windowMs, message] of refusals) {
        const hit = limiter.hit(k as string, limit as number, windowMs as number);
        await expect(hit, message).rejects.toThrow(new TypeError(`RateLimiter.hit: ${message}`));
      }
      expect(await limiter.hit(key, 1, 60_000)).toMatchObject({ allowed: true, limit: 1, remaining: 0 });
    });

    it("refuses hits after close instead of admitting them, and closes twice without an error", async () => {
      const closed = await open();
      await closed.hit(newId("org"), 5, 60_000);
      await closed.close();
      await expect(closed.hit(newId("org"), 5, 60_000)).rejects.toThrow(/^the \w+ limiter is closed$/);
      await expect(closed.close()).resolves.toBeUndefined();
    });

    it("slides: a slot frees when the oldest counted request leaves the window, not before", async () => {
      const key = newId("org");
      const windowMs = 3_000;
      expect((await limiter.hit(key, 2, windowMs)).allowed).toBe(true);
      await sleep(1_000);
      expect((await limiter.hit(key, 2, windowMs)).allowed).toBe(true);
      const refused = await limiter.hit(key, 2, windowMs);
      expect(refused.allowed).toBe(false);
      // The oldest request is ≥ 1 s old, so its slot frees in at most 2 s.
      expect(refused.resetMs).toBeGreaterThan(0);
      expect(refused.resetMs).toBeLessThanOrEqual(windowMs - 1_000 + 50);
      await sleep(refused.resetMs + 50);
      const freed = await limiter.hit(key, 2, windowMs);
      expect(freed.allowed).toBe(true);
      // Only the first request left: the second still fills the other slot.
      const stillFull = await limiter.hit(key, 2, windowMs);
      expect(stillFull.allowed).toBe(false);
      expect(stillFull.resetMs).toBeLessThanOrEqual(windowMs);
    });
  });
}
