import { describe, expect, it } from "vitest";
import { ActivationResultSchema, FieldFilterSchema } from "./activation.js";
import { ActivationEnvelopeSchema, ErrorEnvelopeSchema } from "./envelope.js";
import { jsonSchemaOf, PUBLIC_SCHEMAS } from "./json-schema.js";
import { MESSAGES, parseActivateRequest } from "./request.js";

const gateOn = {
  activation_id: null,
  arc_types: ["grief"],
  primary_domain: "constellation",
  field_filters: [
    { field: "arc_type", operator: "eq", value: "grief", weight: 1 },
    { field: "emotional_weight", operator: "gte", value: 0.7, weight: 0.6 },
  ],
  confidence: 0.9,
  significance_gate: true,
};

describe("FieldFilterSchema", () => {
  it("accepts canonical categorical and numeric filters", () => {
    expect(FieldFilterSchema.safeParse(gateOn.field_filters[0]).success).toBe(true);
    expect(FieldFilterSchema.safeParse(gateOn.field_filters[1]).success).toBe(true);
  });
  it.each([
    [{ field: "arc_type", operator: "eq", value: "sadness", weight: 1 }, "non-canonical arc value"],
    [{ field: "arc_type", operator: "gte", value: "grief", weight: 1 }, "range on a categorical field"],
    [{ field: "emotional_weight", operator: "eq", value: 0.7, weight: 1 }, "eq on a numeric field"],
    [{ field: "emotional_weight", operator: "gte", value: 1.5, weight: 1 }, "numeric value out of [0,1]"],
    [{ field: "emotional_weight", operator: "gte", value: "0.7", weight: 1 }, "string for a numeric field"],
    [{ field: "arc_type", operator: "eq", value: "grief", weight: 0 }, "zero weight"],
    [{ field: "arc_type", operator: "eq", value: "grief", weight: 1.01 }, "weight above 1"],
    [{ field: "anchor", operator: "eq", value: "mum", weight: 1 }, "free-text field"],
    [{ field: "arc_type", operator: "ne", value: "grief", weight: 1 }, "unknown operator"],
  ] as [unknown, string][])("rejects %j (%s)", (filter) => {
    expect(FieldFilterSchema.safeParse(filter).success).toBe(false);
  });
});

describe("ActivationResultSchema", () => {
  it("accepts an active result", () => {
    expect(ActivationResultSchema.safeParse(gateOn).success).toBe(true);
  });
  it("requires empty arc types, filters and a null domain when the gate is false", () => {
    const closed = { ...gateOn, significance_gate: false };
    const issues = ActivationResultSchema.safeParse(closed).error?.issues.map((i) => i.path[0]);
    expect(issues).toEqual(expect.arrayContaining(["arc_types", "field_filters", "primary_domain"]));
    const empty = { ...closed, arc_types: [], field_filters: [], primary_domain: null };
    expect(ActivationResultSchema.safeParse(empty).success).toBe(true);
  });
  it("rejects more than three or repeated arc types, and confidence outside [0,1]", () => {
    expect(ActivationResultSchema.safeParse({ ...gateOn, arc_types: ["grief", "bond", "exile", "threshold"] }).success).toBe(false);
    expect(ActivationResultSchema.safeParse({ ...gateOn, arc_types: ["grief", "grief"] }).success).toBe(false);
    expect(ActivationResultSchema.safeParse({ ...gateOn, confidence: 1.2 }).success).toBe(false);
    expect(ActivationResultSchema.safeParse({ ...gateOn, activation_id: "not-a-uuid" }).success).toBe(false);
  });
});

describe("envelopes", () => {
  it("validates success and error envelopes", () => {
    const meta = { query: "q", classifier_model: "arcroute-lexicon@1", activated_at: "2026-11-22T10:00:00.000Z", top_k: 10 };
    expect(ActivationEnvelopeSchema.safeParse({ success: true, error: null, data: gateOn, meta }).success).toBe(true);
    expect(ErrorEnvelopeSchema.safeParse({ success: false, error: "Unauthorized", data: null, code: "unauthorized" }).success).toBe(true);
    expect(ErrorEnvelopeSchema.safeParse({ success: false, error: { message: "x" }, data: null }).success).toBe(false);
  });
});

describe("parseActivateRequest", () => {
  it.each([
    [{}, MESSAGES.queryRequired],
    [{ query: null }, MESSAGES.queryRequired],
    [{ query: "   \n\t " }, MESSAGES.queryRequired],
    [{ query: 42 }, MESSAGES.queryNotString],
    [{ query: ["a"] }, MESSAGES.queryNotString],
    [{ query: "x".repeat(4001) }, MESSAGES.queryTooLong],
    [{ query: "ok", subject_vp_id: 7 }, MESSAGES.subjectNotString],
    [{ query: "ok", subject_vp_id: "s".repeat(257) }, MESSAGES.subjectTooLong],
    [{ query: "ok", top_k: 0 }, MESSAGES.topKInvalid],
    [{ query: "ok", top_k: 101 }, MESSAGES.topKInvalid],
    [{ query: "ok", top_k: 2.5 }, MESSAGES.topKInvalid],
    [{ query: "ok", top_k: "5" }, MESSAGES.topKInvalid],
    [[], MESSAGES.bodyNotObject],
    [null, MESSAGES.bodyNotObject],
  ] as [unknown, string][])("%j → %s", (body, message) => {
    expect(parseActivateRequest(body)).toEqual({ ok: false, message });
  });

  it("trims the query, keeps the raw one, defaults top_k and ignores unknown fields", () => {
    expect(parseActivateRequest({ query: "  hi there ", source: "mcp", subject_vp_id: "vp_1" })).toEqual({
      ok: true,
      value: { raw_query: "  hi there ", query: "hi there", subject_vp_id: "vp_1", top_k: 10 },
    });
    expect(parseActivateRequest({ query: "x".repeat(4000), top_k: 100 }).ok).toBe(true);
  });

  it("counts the query's length as received, surrounding whitespace included (that is what is stored and echoed)", () => {
    for (const query of [`${" ".repeat(30_000)}hi${" ".repeat(30_000)}`, `${"x".repeat(4000)} `]) {
      expect(parseActivateRequest({ query })).toEqual({ ok: false, message: MESSAGES.queryTooLong });
    }
    expect(parseActivateRequest({ query: ` ${"x".repeat(3998)} ` }).ok).toBe(true);
  });

  it("counts characters as code points, as JSON Schema's maxLength does (an emoji is one)", () => {
    expect(parseActivateRequest({ query: "😀".repeat(4000), subject_vp_id: "é😀".repeat(128) }).ok).toBe(true);
    expect(parseActivateRequest({ query: "😀".repeat(4001) })).toEqual({ ok: false, message: MESSAGES.queryTooLong });
    expect(parseActivateRequest({ query: "ok", subject_vp_id: "😀".repeat(257) })).toEqual({ ok: false, message: MESSAGES.subjectTooLong });
  });
});

describe("JSON Schema generation", () => {
  it("generates a JSON Schema for every public schema", () => {
    for (const name of Object.keys(PUBLIC_SCHEMAS) as (keyof typeof PUBLIC_SCHEMAS)[]) {
      const schema = jsonSchemaOf(name);
      expect(schema.$schema).toMatch(/json-schema/);
    }
    const generated = jsonSchemaOf("FieldFilter") as { $defs: Record<string, { properties: Record<string, { enum?: string[] }> }> };
    const filter = generated.$defs.FieldFilter!;
    expect(filter.properties.operator!.enum).toEqual(["eq", "gte", "lte"]);
    expect(filter.properties.field!.enum).toContain("tether_type");
  });
});
