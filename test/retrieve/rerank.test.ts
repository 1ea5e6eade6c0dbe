import { describe, expect, it } from "vitest";
import { rerank, type Candidate } from "../../src/retrieve/index.js";
import type { ActivationResult, FieldFilter } from "../../src/schema/activation.js";

const filters: FieldFilter[] = [
  { field: "arc_type", operator: "eq", value: "grief", weight: 1 },
  { field: "arc_type", operator: "eq", value: "bond", weight: 0.5 },
  { field: "tether_type", operator: "eq", value: "person", weight: 0.6 },
  { field: "emotional_weight", operator: "gte", value: 0.7, weight: 0.4 },
];
const activation: ActivationResult = { activation_id: null, arc_types: ["grief", "bond"], primary_domain: "constellation", field_filters: filters, confidence: 0.9, significance_gate: true };
const closed: ActivationResult = { activation_id: null, arc_types: [], primary_domain: null, field_filters: [], confidence: 0.9, significance_gate: false };

const candidates: Candidate[] = [
  { id: "a", score: 0.9, payload: { arc_type: "discovery", tether_type: "place", emotional_weight: 0.2 } },
  { id: "b", score: 0.5, payload: { arc_type: "grief", tether_type: "person", emotional_weight: 0.9 } },
  { id: "c", score: 0.6, payload: { arc_type: "bond", tether_type: "person", emotional_weight: 0.75 } },
  { id: "d", score: 0.7, payload: { arc_type: "grief", tether_type: "object" } },
];

describe("rerank", () => {
  it("fuses vector score and weighted field matches as documented", () => {
    // Field weights: arc 1 (best alternative), tether 0.6, weight 0.4 → total 2.
    // a: 0 → 0.5·0.9 = 0.45; b: 2/2 → 0.25 + 0.5 = 0.75; c: (0.5 + 0.6 + 0.4)/2 = 0.75 → 0.3 + 0.375 = 0.675;
    // d: 1/2 → 0.35 + 0.25 = 0.6 (missing emotional_weight matches nothing).
    const ranked = rerank(candidates, activation);
    expect(ranked.map((r) => r.id)).toEqual(["b", "c", "d", "a"]);
    expect(ranked.map((r) => r.score)).toEqual([0.75, 0.675, 0.6, 0.45].map((x) => expect.closeTo(x, 10)));
    expect(ranked[1]).toMatchObject({ vectorScore: 0.6, matchScore: expect.closeTo(0.75, 10) });
  });

  it("fusionWeight 0 keeps vector order and 1 orders by matches alone", () => {
    expect(rerank(candidates, activation, { fusionWeight: 0 }).map((r) => r.id)).toEqual(["a", "d", "c", "b"]);
    expect(rerank(candidates, activation, { fusionWeight: 1 }).map((r) => r.id)).toEqual(["b", "c", "d", "a"]);
    expect(() => rerank(candidates, activation, { fusionWeight: 1.5 })).toThrow(RangeError);
    for (const k of [0, -1, 1.5, Number.NaN]) expect(() => rerank(candidates, activation, { k })).toThrow(/k must be a positive integer/);
    expect(() => rerank(candidates, activation, { normalize: "bogus" as "raw" })).toThrow(/normalize must be "raw" or "minmax", got "bogus"/);
    // minmax stays finite at the extremes of the number line and for very long lists.
    const extreme = [1.79e308, -1.79e308, 1e308].map((score, i) => ({ id: `e${i}`, score, payload: {} }));
    const ranked = rerank(extreme, activation, { normalize: "minmax" });
    expect(ranked.every((r) => Number.isFinite(r.score))).toBe(true);
    expect(ranked.map((r) => r.id)).toEqual(["e0", "e2", "e1"]);
    const many = Array.from({ length: 200_000 }, (_, i) => ({ id: `m${i}`, score: i / 200_000, payload: {} }));
    expect(rerank(many, activation, { normalize: "minmax", k: 1 })[0]!.id).toBe("m199999");
    const broken = [...candidates, { id: "x", score: Number.NaN, payload: {} }];
    expect(() => rerank(broken, activation)).toThrow(/candidate "x" has a non-finite vector score/);
  });

  it("breaks ties by vector score, then by input order", () => {
    const grief: FieldFilter[] = [{ field: "arc_type", operator: "eq", value: "grief", weight: 1 }];
    // Exact binary fractions: p = 0.5·0.25 + 0.5·1 = 0.625 and q = 0.5·1.25 + 0 = 0.625 tie on the fused score.
    const tiedOnFusion: Candidate[] = [
      { id: "p", score: 0.25, payload: { arc_type: "grief" } },
      { id: "q", score: 1.25, payload: { arc_type: "bond" } },
    ];
    const ranked = rerank(tiedOnFusion, grief);
    expect(ranked.map((r) => r.score)).toEqual([0.625, 0.625]);
    expect(ranked.map((r) => r.id)).toEqual(["q", "p"]);
    // Same fused and vector scores: input order (the store's own ranking) decides.
    const twins: Candidate[] = [
      { id: "x", score: 0.5, payload: { arc_type: "grief" } },
      { id: "y", score: 0.5, payload: { arc_type: "grief" } },
    ];
    expect(rerank(twins, grief).map((r) => r.id)).toEqual(["x", "y"]);
    expect(rerank([twins[1]!, twins[0]!], grief).map((r) => r.id)).toEqual(["y", "x"]);
  });

  it("passes candidates through in vector order when the gate is closed", () => {
    const ranked = rerank(candidates, closed);
    expect(ranked.map((r) => r.id)).toEqual(["a", "d", "c", "b"]);
    expect(ranked.every((r) => r.score === r.vectorScore && r.matchScore === 0)).toBe(true);
    expect(rerank(candidates, []).map((r) => r.id)).toEqual(["a", "d", "c", "b"]);
  });

  it("reads nested payloads through the adapters' field maps, and arrays as any-of", () => {
    const nested: Candidate[] = [
      { id: "n1", score: 0.1, payload: { constellation: { arc_type: "grief" }, gravity: { tether_type: "person", emotional_weight: 0.8 } } },
      { id: "n2", score: 0.2, payload: { constellation: { arc_type: "discovery" }, gravity: { tether_type: "place", emotional_weight: 0.8 } } },
    ];
    expect(rerank(nested, activation, { fields: "nested" }).map((r) => [r.id, r.matchScore])).toEqual([
      ["n1", 1],
      ["n2", 0.2],
    ]);
    const custom = rerank([{ id: "m", score: 0, payload: { edm: { arcs: ["bond", "grief"] } } }], activation, { fields: { arc_type: "edm.arcs" } });
    expect(custom[0]!.matchScore).toBeCloseTo(0.5, 10);
  });

  it("refuses what the adapters refuse instead of reading it as a closed gate", () => {
    for (const input of [null, 42, "grief", { field_filters: activation.field_filters }]) {
      expect(() => rerank(candidates, input as never)).toThrow("rerank adapter: input must be an ActivationResult or a FieldFilter[]");
    }
  });

  it("rejects hostile field paths like the adapters do", () => {
    expect(() => rerank(candidates, activation, { fields: { arc_type: "payload'; DROP TABLE x; --" } })).toThrow(/rerank adapter: path for field 'arc_type'/);
  });

  it("normalises vector scores of other scales with minmax, and keeps k", () => {
    const distances: Candidate[] = [
      { id: "far", score: -40, payload: { arc_type: "grief", tether_type: "person", emotional_weight: 0.9 } },
      { id: "near", score: -10, payload: {} },
    ];
    // Raw: far 0.5·(−40) + 0.5 = −19.5 loses; minmax: far 0 + 0.5 = 0.5, near 0.5 + 0 = 0.5 → tie → higher vector (near).
    expect(rerank(distances, activation).map((r) => r.id)).toEqual(["near", "far"]);
    expect(rerank(distances, activation, { normalize: "minmax", fusionWeight: 0.6 }).map((r) => r.id)).toEqual(["far", "near"]);
    expect(rerank(candidates, activation, { k: 2 }).map((r) => r.id)).toEqual(["b", "c"]);
  });
});
