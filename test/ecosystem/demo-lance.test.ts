/** The demo's embedded LanceDB table: raw search, and routing with filter, fallback and fusion. */
import * as lancedb from "@lancedb/lancedb";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDemoTable, rawSearch, routedSearch, type LanceTable } from "../../src/cli/commands/demo/lance.js";
import { render } from "../../src/cli/commands/demo/render.js";
import { loadWordVectorEmbedder } from "../../src/embed/word-vectors.js";
import type { ActivationResult } from "../../src/schema/activation.js";
import { readSampleCorpus } from "./support/sample-corpus.js";

const dir = mkdtempSync(join(tmpdir(), "arcroute-demo-test-"));
const embedder = loadWordVectorEmbedder();
let table: LanceTable;
let queryVector: Float32Array;

const gate = (field_filters: ActivationResult["field_filters"]): ActivationResult => ({
  activation_id: null,
  arc_types: [],
  primary_domain: "constellation",
  field_filters,
  confidence: 0.9,
  significance_gate: true,
});

beforeAll(async () => {
  table = await openDemoTable(lancedb, dir, readSampleCorpus() as unknown as Record<string, unknown>[], embedder);
  [queryVector] = (await embedder.embed(["when was I most afraid of losing her"])) as [Float32Array];
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("demo LanceDB table", () => {
  it("raw search returns the k nearest memories by cosine similarity, best first", async () => {
    const raw = await rawSearch(table, queryVector, 5);
    expect(raw).toHaveLength(5);
    const scores = raw.map((hit) => hit.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("routing keeps the filter's matches first (OR within a field, AND across fields)", async () => {
    const activation = gate([
      { field: "arc_type", operator: "eq", value: "grief", weight: 1 },
      { field: "arc_type", operator: "eq", value: "bond", weight: 0.8 },
      { field: "emotional_weight", operator: "gte", value: 0.9, weight: 0.5 },
    ]);
    const routed = await routedSearch(table, queryVector, activation, 5);
    // grief or bond, with weight ≥ 0.9: m01 m04 m06 m22 m26 in the sample corpus.
    expect(routed.map((hit) => hit.id).sort()).toEqual(["m01", "m04", "m06", "m22", "m26"]);
    expect(routed.every((hit) => hit.source === "filtered")).toBe(true);
  });

  it("falls back to unfiltered results when fewer than k pass, and does not filter a closed gate", async () => {
    const routed = await routedSearch(table, queryVector, gate([{ field: "arc_type", operator: "eq", value: "liberation", weight: 1 }]), 4);
    expect(routed[0]).toMatchObject({ id: "m09", source: "filtered" });
    expect(routed.slice(1).map((hit) => hit.source)).toEqual(["fallback", "fallback", "fallback"]);
    const closed: ActivationResult = { ...gate([]), primary_domain: null, significance_gate: false };
    expect((await routedSearch(table, queryVector, closed, 3)).map((hit) => hit.id)).toEqual((await rawSearch(table, queryVector, 3)).map((hit) => hit.id));
  });

  it("renders both rankings side by side", async () => {
    const activation = gate([{ field: "arc_type", operator: "eq", value: "grief", weight: 1 }]);
    const text = render(
      {
        server: { url: "http://127.0.0.1:1/v1" },
        query: "q",
        activation: { success: true, error: null, data: activation, meta: { query: "q", classifier_model: "m", activated_at: new Date().toISOString(), top_k: 3 } },
        raw: await rawSearch(table, queryVector, 3),
        routed: await routedSearch(table, queryVector, activation, 3),
      },
      100,
    );
    expect(text).toContain("RAW VECTOR SEARCH");
    expect(text).toContain("SIGNIFICANCE ROUTING");
    expect(text.split("\n").filter((line) => / \| \d\. m\d\d /.test(line))).toHaveLength(3);
  });
});
