/** The shared adapter machinery: path grammar, options, input validation, modes, the plan. */
import { describe, expect, it } from "vitest";
import { AdapterError, NESTED_FIELDS, parseBaseOptions, pathProblem, planFilters } from "../../adapters/shared/index.js";

const HOSTILE_PATHS = [
  "",
  "arc-type",
  "arc type",
  "arc_type'",
  'arc_type"',
  "arc_type`",
  "$where",
  "arc_type.$gt",
  "a..b",
  ".a",
  "a.",
  "1abc",
  "arc_type; DROP TABLE memories; --",
  "arc_type--",
  "arc_type/* x */",
  "arc_type\n",
  "arc_type\u0000",
  "ärc_type",
  "a[0]",
  'a["b"]',
  "a->b",
  "a.b.c.d.e.f.g.h.i",
  "x".repeat(300),
];

describe("field path grammar", () => {
  it.each(HOSTILE_PATHS)("rejects %j", (path) => {
    expect(pathProblem(path)).toBeDefined();
  });

  it.each(["arc_type", "constellation.arc_type", "_x.Y_2.z"])("accepts %j", (path) => {
    expect(pathProblem(path)).toBeUndefined();
  });

  it("the nested preset maps every EDM field to its domain", () => {
    expect(NESTED_FIELDS.arc_type).toBe("constellation.arc_type");
    expect(NESTED_FIELDS.tether_type).toBe("gravity.tether_type");
    expect(NESTED_FIELDS.drive_state).toBe("impulse.drive_state");
  });
});

describe("options", () => {
  it("rejects unknown modes, unknown keys and bad field maps with the store's name", () => {
    expect(() => parseBaseOptions("qdrant", { mode: "soft" })).toThrow(/qdrant adapter: invalid option 'mode'/);
    expect(() => parseBaseOptions("qdrant", { modes: "filter" })).toThrow(AdapterError);
    expect(() => parseBaseOptions("qdrant", { fields: { arc_type: "a b" } })).toThrow(/path for field 'arc_type' "a b" must be identifiers/);
    expect(() => parseBaseOptions("qdrant", { fields: { "arc-type": "a" } })).toThrow(/field name "arc-type"/);
    expect(() => parseBaseOptions("qdrant", { boostWeight: -1 })).toThrow(/boostWeight/);
    // A "__proto__" key (JSON.parse makes it an own key) would be dropped silently by the parser.
    expect(() => parseBaseOptions("qdrant", { fields: JSON.parse('{"__proto__":"meta.arc"}') })).toThrow(/reserved name '__proto__'/);
    expect(() => parseBaseOptions("qdrant", { fields: { arc_type: "meta.constructor" } })).toThrow(/reserved name 'constructor'/);
  });

  it("resolves flat, nested and custom maps; unmapped fields stay flat", () => {
    expect(parseBaseOptions("x", {}).pathOf("arc_type").path).toBe("arc_type");
    expect(parseBaseOptions("x", { fields: "nested" }).pathOf("valence").path).toBe("gravity.valence");
    const custom = parseBaseOptions("x", { fields: { arc_type: "meta.edm.arc" } });
    expect(custom.pathOf("arc_type").segments).toEqual(["meta", "edm", "arc"]);
    expect(custom.pathOf("valence").path).toBe("valence");
  });
});

const plan = (input: unknown, options: object = {}, boost: true | string = true) => planFilters("test", input, parseBaseOptions("test", options), { boost });

describe("input", () => {
  it.each([
    [[{ field: "arc_type", operator: "gte", value: "grief" }], /compare numbers only/],
    [[{ field: "arc_type", operator: "ne", value: "grief" }], /operator/],
    [[{ field: "emotional_weight", operator: "gte", value: Number.NaN }], /value/],
    [[{ field: "emotional_weight", operator: "gte", value: Infinity }], /value/],
    [[{ field: "arc_type", operator: "eq", value: "a\u0000b" }], /NUL/],
    [[{ field: "arc_type", operator: "eq", value: "\uD800x" }], /surrogate/],
    [[{ field: "arc_type", operator: "eq", value: "x".repeat(2000) }], /value/],
    [[{ field: "arc_type", operator: "eq", value: { $gt: "" } }], /value/],
    [[{ field: "arc_type", operator: "eq", value: ["grief"] }], /value/],
    [[{ field: "arc_type", operator: "eq", value: "grief", weight: 0 }], /weight/],
    [[{ field: "$where", operator: "eq", value: "grief" }], /field name "\$where"/],
    [[{ field: "arc_type; --", operator: "eq", value: "grief" }], /field name/],
    [[{ field: "__proto__", operator: "eq", value: "grief" }], /reserved name '__proto__'/],
    [[{ field: "constructor", operator: "eq", value: "grief" }], /reserved name 'constructor'/],
    [{ field_filters: [] }, /ActivationResult or a FieldFilter\[\]/],
    [Array.from({ length: 65 }, () => ({ field: "arc_type", operator: "eq", value: "grief" })), /at most 64 field filters/],
    [{ significance_gate: true, field_filters: Array.from({ length: 65 }, () => ({ field: "arc_type", operator: "eq", value: "grief" })) }, /at most 64 field filters/],
    ["arc_type = grief", /ActivationResult or a FieldFilter\[\]/],
  ])("rejects %j", (input, message) => {
    expect(() => plan(input)).toThrow(message);
  });

  it("accepts unicode, quotes and operators as plain string values", () => {
    const result = plan([{ field: "arc_type", operator: "eq", value: "'; DROP TABLE x; -- $gt 😢" }]);
    expect(result?.groups[0]?.conditions[0]?.value).toBe("'; DROP TABLE x; -- $gt 😢");
  });
});

describe("modes and grouping", () => {
  const activation = (gate: boolean) => ({
    activation_id: null,
    arc_types: gate ? ["grief"] : [],
    primary_domain: gate ? "constellation" : null,
    confidence: 0.8,
    significance_gate: gate,
    field_filters: gate ? [{ field: "arc_type", operator: "eq", value: "grief", weight: 1 }] : [],
  });

  it("filter mode: no filters → undefined", () => {
    expect(plan([])).toBeUndefined();
    expect(plan(activation(false))).toBeUndefined();
  });

  it("gate mode: open gate → plan, closed gate → undefined, bare FieldFilter[] → error", () => {
    expect(plan(activation(true), { mode: "gate" })?.mode).toBe("filter");
    expect(plan(activation(false), { mode: "gate" })).toBeUndefined();
    expect(() => plan([{ field: "arc_type", operator: "eq", value: "grief" }], { mode: "gate" })).toThrow(/gate mode needs an ActivationResult/);
  });

  it("boost mode on a store without boost names the store and the reason", () => {
    expect(() => planFilters("pinecone", [], parseBaseOptions("pinecone", { mode: "boost" }), { boost: "metadata filters are hard" })).toThrow(
      /pinecone adapter: boost mode is not supported: metadata filters are hard/,
    );
  });

  it("groups by field, de-duplicates alternatives keeping the heaviest, orders heaviest first", () => {
    const result = plan([
      { field: "arc_type", operator: "eq", value: "bond", weight: 0.4 },
      { field: "valence", operator: "eq", value: "negative", weight: 0.5 },
      { field: "arc_type", operator: "eq", value: "grief", weight: 0.9 },
      { field: "arc_type", operator: "eq", value: "bond", weight: 0.6 },
    ])!;
    expect(result.groups.map((g) => g.field)).toEqual(["arc_type", "valence"]);
    expect(result.groups[0]!.conditions).toEqual([
      { op: "eq", value: "grief", weight: 0.9 },
      { op: "eq", value: "bond", weight: 0.6 },
    ]);
  });
});
