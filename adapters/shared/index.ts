/** Shared adapter machinery: options, input normalisation, field paths, filter plans, dialects. */
export { AdapterError } from "./errors.js";
export { FIELD_MAPS, FLAT_FIELDS, NESTED_FIELDS, parsePath, pathProblem, type FieldMap, type FieldMapName, type FieldPath } from "./paths.js";
export { MODES, BaseOptionsSchema, parseBaseOptions, parseWithSchema, resolveOptions, type Mode, type BaseOptions, type ParsedOptions } from "./options.js";
export { normaliseInput, type AdapterFieldFilter, type FilterInput, type NormalisedFilter } from "./input.js";
export { planFilters, boostWeights, type Condition, type FieldGroup, type FilterPlan, type Operator, type RangeOperator, type StoreCapabilities } from "./plan.js";
export { buildFilter, buildGroup, buildCondition, type FilterDialect } from "./build.js";
export { prepare, type Prepared } from "./prepare.js";
export { flatPathsOnly } from "./flat.js";
