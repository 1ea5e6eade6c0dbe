import type { ActivationResult, FieldFilter } from "../../../src/schema/activation.js";
import type { ArcType } from "../../../src/schema/vocabulary.js";

/**
 * An activation as a classifier would return it for these filters: behind an open gate, its arc
 * types are the arc_type filters' values (the retriever reads only the filters); with the gate
 * closed, no arcs and no filters.
 */
export const activation = (filters: FieldFilter[], gate = true): ActivationResult => ({
  activation_id: null,
  arc_types: gate ? filters.filter((f) => f.field === "arc_type").map((f) => f.value as ArcType) : [],
  primary_domain: gate ? "constellation" : null,
  field_filters: gate ? filters : [],
  confidence: 0.8,
  significance_gate: gate,
});
