/**
 * Compile-time contracts of the adapters' entry points (checked by `tsc` over the test files,
 * and at run time by vitest's expectTypeOf no-ops): the mode literal selects the result type,
 * and both an ActivationResult and a FieldFilter[] are accepted.
 */
import type { Schemas } from "@qdrant/js-client-rest";
import type { Where } from "chromadb";
import type { FilterValue } from "weaviate-client";
import { describe, expectTypeOf, it } from "vitest";
import { toChromaWhere } from "../../adapters/chroma/index.js";
import { toLanceDbFilter, type LanceDbBoost } from "../../adapters/lancedb/index.js";
import { toMilvusFilter } from "../../adapters/milvus/index.js";
import { toMongoDbFilter, type MongoBoostStage, type MongoFilter } from "../../adapters/mongodb/index.js";
import { toPgvectorFilter, type PgvectorBoost, type PgvectorFilter } from "../../adapters/pgvector/index.js";
import { toQdrantFilter } from "../../adapters/qdrant/index.js";
import { toWeaviateFilter } from "../../adapters/weaviate/index.js";
import { classify } from "../../src/classify/index.js";
import type { FieldFilter } from "../../src/schema/activation.js";

describe("adapter result types follow the mode", () => {
  const activation = classify("when nan passed away");
  const filters: FieldFilter[] = activation.field_filters;

  it("filter/gate vs boost", () => {
    expectTypeOf(toLanceDbFilter(activation)).toEqualTypeOf<string | undefined>();
    expectTypeOf(toLanceDbFilter(activation, { mode: "gate" })).toEqualTypeOf<string | undefined>();
    expectTypeOf(toLanceDbFilter(activation, { mode: "boost" })).toEqualTypeOf<LanceDbBoost | undefined>();
    expectTypeOf(toPgvectorFilter(activation, { firstParam: 2 })).toEqualTypeOf<PgvectorFilter | undefined>();
    expectTypeOf(toPgvectorFilter(activation, { mode: "boost" })).toEqualTypeOf<PgvectorBoost | undefined>();
    expectTypeOf(toQdrantFilter(activation)).toEqualTypeOf<Schemas["Filter"] | undefined>();
    expectTypeOf(toQdrantFilter(activation, { mode: "boost" })).toEqualTypeOf<Schemas["FormulaQuery"] | undefined>();
    expectTypeOf(toMongoDbFilter(activation)).toEqualTypeOf<MongoFilter | undefined>();
    expectTypeOf(toMongoDbFilter(activation, { mode: "boost" })).toEqualTypeOf<MongoBoostStage | undefined>();
    expectTypeOf(toChromaWhere(filters)).toEqualTypeOf<Where | undefined>();
    expectTypeOf(toWeaviateFilter(filters)).toEqualTypeOf<FilterValue | undefined>();
    expectTypeOf(toMilvusFilter(filters)).toEqualTypeOf<string | undefined>();
  });
});
