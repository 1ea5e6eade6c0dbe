/** Pinecone: metadata filters type-check against the official client and agree with the reference (flat metadata only). */
import type { QueryOptions } from "@pinecone-database/pinecone";
import { describe, expect, it } from "vitest";
import { toPineconeFilter, type PineconeFilter } from "../../adapters/pinecone/index.js";
import { agreementSuite } from "./support/agreement.js";
import { mqlMatches } from "./support/mql.js";

agreementSuite<PineconeFilter>({
  store: "pinecone",
  layouts: ["flat"],
  filter: (filters) => toPineconeFilter(filters),
  matches: (output, payload) => mqlMatches(output, payload),
});

describe("pinecone output", () => {
  it("fits QueryOptions.filter", () => {
    const options: QueryOptions = {
      topK: 10,
      vector: [0.1, 0.2],
      filter: toPineconeFilter([
        { field: "arc_type", operator: "eq", value: "grief" },
        { field: "emotional_weight", operator: "gte", value: 0.7 },
      ]),
    };
    expect(options.filter).toEqual({ $and: [{ arc_type: { $eq: "grief" } }, { emotional_weight: { $gte: 0.7 } }] });
  });

  it("rejects nested paths and boost mode with the reason", () => {
    expect(() => toPineconeFilter([{ field: "arc_type", operator: "eq", value: "grief" }], { fields: "nested" })).toThrow(
      /pinecone adapter: nested path "constellation.arc_type" .* Pinecone metadata is flat/,
    );
    expect(() => toPineconeFilter([{ field: "arc_type", operator: "eq", value: "grief" }], { mode: "boost" })).toThrow(/pinecone adapter: boost mode is not supported/);
  });

  it("hostile values are plain JSON strings under $eq; hostile keys are rejected", () => {
    expect(toPineconeFilter([{ field: "arc_type", operator: "eq", value: "$ne" }])).toEqual({ arc_type: { $eq: "$ne" } });
    expect(() => toPineconeFilter([{ field: "$or", operator: "eq", value: "x" }])).toThrow(/field name "\$or"/);
  });
});
