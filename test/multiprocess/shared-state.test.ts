/**
 * Proofs that limits, billing and events stay exact across several `arcroute serve` processes that
 * share PostgreSQL and Redis: the acceptance of issue 5, against the real services and the real CLI.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPostgres, hasRedis } from "../support/services.js";
import { dropSchema, queryDirect } from "../stores/support/postgres.js";
import { activate, runConcurrently, startCluster, statusCounts, type Cluster, type Outcome } from "./support/cluster.js";

const enabled = (await hasPostgres()) && (await hasRedis());

describe.skipIf(!enabled)("three arcroute serve processes sharing PostgreSQL and Redis", () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster(3, {
      free: { tier: "free" },
      scale: { tier: "scale" },
      replay: { tier: "scale" },
      crash: { tier: "enterprise", rpm: 1_000_000 },
    });
  });

  afterAll(async () => {
    if (!enabled) return;
    await cluster?.close();
    if (cluster) await dropSchema(cluster.schema);
    const { Redis } = await import("ioredis");
    const { REDIS_URL } = await import("../support/services.js");
    const redis = new Redis(REDIS_URL);
    const keys = cluster ? await redis.keys(`${cluster.prefix}*`) : [];
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const rows = <Row>(sql: string, params: unknown[]) => queryDirect<Row>(sql.replaceAll("$schema", `"${cluster.schema}"`), params);
  const orgOf = (name: string) => cluster.keys[name]!.org;

  it("Free plan: of 60 concurrent requests spread over the three, exactly 10 succeed and 50 get 429", async () => {
    const { key } = cluster.keys.free!;
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => activate(cluster.servers[i % 3]!, key)));
    expect(statusCounts(outcomes)).toEqual({ 200: 10, 429: 50 });
    for (const refused of outcomes.filter((o) => o.status === 429)) expect(refused.body?.error).toBe("Rate limit exceeded");
    // Every success is billed once, nothing else is.
    const billed = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM $schema.billing_records WHERE org_id = $1`, [orgOf("free")]);
    expect(billed[0]!.n).toBe(10);
  });

  it("Scale plan: of 400 requests at concurrency 50, exactly 300 succeed", async () => {
    const { key } = cluster.keys.scale!;
    const outcomes = await runConcurrently(400, 50, (i) => activate(cluster.servers[i % 3]!, key));
    expect(statusCounts(outcomes)).toEqual({ 200: 300, 429: 100 });
    const ids = outcomes.filter((o) => o.status === 200).map((o) => o.body!.data!.activation_id);
    expect(new Set(ids).size).toBe(300);
    const events = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM $schema.activation_events WHERE org_id = $1`, [orgOf("scale")]);
    expect(events[0]!.n).toBe(300);
  });

  it("replays an Idempotency-Key across processes: one event, one charge, identical bodies", async () => {
    const { key } = cluster.keys.replay!;
    const first = await activate(cluster.servers[0]!, key, { idempotencyKey: "replay-seq" });
    const second = await activate(cluster.servers[1]!, key, { idempotencyKey: "replay-seq" });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    // The same key sent to all three at once: one wins, the others answer with its body.
    const racing = await Promise.all(cluster.servers.flatMap((server) => [0, 1, 2].map(() => activate(server, key, { idempotencyKey: "replay-race" }))));
    expect(racing.every((o) => o.status === 200 && o.text === racing[0]!.text)).toBe(true);
    const ids = [first.body!.data!.activation_id, racing[0]!.body!.data!.activation_id];
    const events = await rows<{ id: string }>(`SELECT id FROM $schema.activation_events WHERE org_id = $1 ORDER BY id`, [orgOf("replay")]);
    expect(events.map((e) => e.id)).toEqual([...ids].sort());
    const charges = await rows<{ activation_id: string }>(`SELECT activation_id FROM $schema.billing_records WHERE org_id = $1 ORDER BY activation_id`, [orgOf("replay")]);
    expect(charges.map((c) => c.activation_id)).toEqual([...ids].sort());
  });

  it("kill -9 of one process mid-burst: every 200 is recorded and billed once, nothing else is", async () => {
    const { key } = cluster.keys.crash!;
    const victim = await cluster.start();
    const targets = [cluster.servers[0]!, cluster.servers[1]!, victim];
    const total = 240;
    let answered = 0;
    // Every request carries its own Idempotency-Key, as a careful client's does.
    const outcomes: Outcome[] = await runConcurrently(total, 30, async (i) => {
      const outcome = await activate(targets[i % 3]!, key, { idempotencyKey: `burst-${i}`, query: i % 4 === 3 ? "what time is it in Tokyo" : "the day my father died" });
      if (++answered === 60) victim.process.kill("SIGKILL");
      return outcome;
    });
    await victim.stop();
    const lost = outcomes.flatMap((o, i) => (o.status === 200 ? [] : [i]));
    // Requests sent to the killed process got no answer at all; every answer was a 200.
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.every((i) => outcomes[i]!.status === 0 && i % 3 === 2)).toBe(true);

    const events = await rows<{ id: string }>(`SELECT id FROM $schema.activation_events WHERE org_id = $1`, [orgOf("crash")]);
    const charges = await rows<{ activation_id: string }>(`SELECT activation_id FROM $schema.billing_records WHERE org_id = $1`, [orgOf("crash")]);
    const eventIds = new Set(events.map((e) => e.id));
    const chargeIds = charges.map((c) => c.activation_id);
    expect(new Set(chargeIds).size).toBe(chargeIds.length);

    const ok = outcomes.filter((o) => o.status === 200).map((o) => o.body!.data!);
    for (const data of ok) {
      expect(eventIds.has(data.activation_id!)).toBe(true);
      expect(chargeIds.filter((id) => id === data.activation_id).length).toBe(data.significance_gate ? 1 : 0);
    }
    // Any event without a 200 belongs to a request that was in flight on the killed process (its
    // idempotency record names the request): a 4xx/5xx answer never leaves a record behind.
    const okIds = new Set(ok.map((d) => d.activation_id));
    const byRequest = await rows<{ key: string; body: string }>(`SELECT key, body FROM $schema.idempotency WHERE org_id = $1`, [orgOf("crash")]);
    const requestOf = new Map(byRequest.map((r) => [JSON.parse(r.body).data.activation_id as string, Number(r.key.slice("burst-".length))]));
    for (const id of eventIds) {
      if (okIds.has(id)) continue;
      expect(lost).toContain(requestOf.get(id));
    }

    // Records without a 200 can only come from requests cut by the kill after their commit
    // (the response was lost, not the write). The client's retry with the same Idempotency-Key
    // on a surviving process gets that very activation back: then every record has its 200.
    const retried = await Promise.all(lost.map((i) => activate(targets[i % 2]!, key, { idempotencyKey: `burst-${i}`, query: i % 4 === 3 ? "what time is it in Tokyo" : "the day my father died" })));
    expect(retried.every((o) => o.status === 200)).toBe(true);
    const final = [...ok, ...retried.map((o) => o.body!.data!)];
    expect(new Set(final.map((d) => d.activation_id)).size).toBe(total);

    const eventsAfter = await rows<{ id: string }>(`SELECT id FROM $schema.activation_events WHERE org_id = $1`, [orgOf("crash")]);
    const chargesAfter = await rows<{ activation_id: string }>(`SELECT activation_id FROM $schema.billing_records WHERE org_id = $1`, [orgOf("crash")]);
    expect(eventsAfter.map((e) => e.id).sort()).toEqual(final.map((d) => d.activation_id).sort());
    expect(chargesAfter.map((c) => c.activation_id).sort()).toEqual(final.filter((d) => d.significance_gate).map((d) => d.activation_id).sort());
  });
});
