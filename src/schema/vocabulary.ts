/**
 * EDM v0.8.3 canonical vocabulary, as typed constants.
 *
 * Taken from the EDM specification 0.8.3 (MIT, see third_party/edm-spec-0.8.3/LICENSE):
 * `x-edm-canonical` and `enum` lists of constellation.json, gravity.json and impulse.json.
 * The classifier and every adapter emit only these values.
 */

/** The five EDM domains that carry filterable significance fields. */
export const EDM_DOMAINS = ["constellation", "gravity", "milky_way", "core", "impulse"] as const;
export type EdmDomain = (typeof EDM_DOMAINS)[number];

/** constellation.arc_type: the 14 canonical arc types. */
export const ARC_TYPES = [
  "betrayal",
  "liberation",
  "grief",
  "discovery",
  "resistance",
  "bond",
  "moral_awakening",
  "transformation",
  "reconciliation",
  "reckoning",
  "threshold",
  "exile",
  "gratitude",
  "authenticity",
] as const;
export type ArcType = (typeof ARC_TYPES)[number];

/** gravity.tether_type: what the experience is anchored to. */
export const TETHER_TYPES = [
  "person",
  "symbol",
  "event",
  "place",
  "ritual",
  "object",
  "tradition",
  "identity",
  "self",
] as const;
export type TetherType = (typeof TETHER_TYPES)[number];

/** gravity.valence: direction of the experience. */
export const VALENCES = ["positive", "negative", "mixed"] as const;
export type Valence = (typeof VALENCES)[number];

/** constellation.emotion_primary. */
export const EMOTIONS_PRIMARY = [
  "joy",
  "sadness",
  "fear",
  "anger",
  "wonder",
  "peace",
  "tenderness",
  "reverence",
  "pride",
  "anxiety",
  "gratitude",
  "longing",
  "hope",
  "shame",
  "disappointment",
  "relief",
  "frustration",
] as const;
export type EmotionPrimary = (typeof EMOTIONS_PRIMARY)[number];

/** constellation.relational_dynamics. */
export const RELATIONAL_DYNAMICS = [
  "parent_child",
  "grandparent_grandchild",
  "romantic_partnership",
  "couple",
  "sibling_bond",
  "family",
  "friendship",
  "friend",
  "companionship",
  "colleague",
  "mentorship",
  "reunion",
  "community_ritual",
  "grief",
  "self_reflection",
  "professional",
  "therapeutic",
  "service",
  "adversarial",
] as const;
export type RelationalDynamic = (typeof RELATIONAL_DYNAMICS)[number];

/** constellation.temporal_context. */
export const TEMPORAL_CONTEXTS = [
  "childhood",
  "early_adulthood",
  "midlife",
  "late_life",
  "recent",
  "future",
  "timeless",
] as const;
export type TemporalContext = (typeof TEMPORAL_CONTEXTS)[number];

/** constellation.narrative_arc. */
export const NARRATIVE_ARCS = [
  "overcoming",
  "transformation",
  "connection",
  "reflection",
  "closure",
  "loss",
  "confrontation",
] as const;
export type NarrativeArc = (typeof NARRATIVE_ARCS)[number];

/** constellation.memory_type. */
export const MEMORY_TYPES = [
  "legacy_artifact",
  "fleeting_moment",
  "milestone",
  "reflection",
  "formative_experience",
] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

/** impulse.drive_state. */
export const DRIVE_STATES = [
  "explore",
  "approach",
  "avoid",
  "repair",
  "persevere",
  "share",
  "confront",
  "protect",
  "process",
] as const;
export type DriveState = (typeof DRIVE_STATES)[number];

/** impulse.motivational_orientation. */
export const MOTIVATIONAL_ORIENTATIONS = [
  "belonging",
  "safety",
  "mastery",
  "meaning",
  "autonomy",
  "authenticity",
] as const;
export type MotivationalOrientation = (typeof MOTIVATIONAL_ORIENTATIONS)[number];

/** Categorical EDM fields that field filters may name, with their canonical values and domain. */
export const CATEGORICAL_FIELDS = {
  arc_type: { domain: "constellation", values: ARC_TYPES },
  emotion_primary: { domain: "constellation", values: EMOTIONS_PRIMARY },
  relational_dynamics: { domain: "constellation", values: RELATIONAL_DYNAMICS },
  temporal_context: { domain: "constellation", values: TEMPORAL_CONTEXTS },
  narrative_arc: { domain: "constellation", values: NARRATIVE_ARCS },
  memory_type: { domain: "constellation", values: MEMORY_TYPES },
  tether_type: { domain: "gravity", values: TETHER_TYPES },
  valence: { domain: "gravity", values: VALENCES },
  drive_state: { domain: "impulse", values: DRIVE_STATES },
  motivational_orientation: { domain: "impulse", values: MOTIVATIONAL_ORIENTATIONS },
} as const satisfies Record<string, { domain: EdmDomain; values: readonly string[] }>;
export type CategoricalField = keyof typeof CATEGORICAL_FIELDS;

/** Numeric EDM fields (all in [0, 1]) that field filters may name. */
export const NUMERIC_FIELDS = {
  emotional_weight: { domain: "gravity" },
  strength_score: { domain: "gravity" },
} as const satisfies Record<string, { domain: EdmDomain }>;
export type NumericField = keyof typeof NUMERIC_FIELDS;

export type FilterField = CategoricalField | NumericField;
export const FILTER_FIELDS = [
  ...Object.keys(CATEGORICAL_FIELDS),
  ...Object.keys(NUMERIC_FIELDS),
] as FilterField[];

/** The EDM domain a filterable field belongs to. */
export function domainOf(field: FilterField): EdmDomain {
  return field in CATEGORICAL_FIELDS
    ? CATEGORICAL_FIELDS[field as CategoricalField].domain
    : NUMERIC_FIELDS[field as NumericField].domain;
}

export function isCategoricalField(field: string): field is CategoricalField {
  return Object.hasOwn(CATEGORICAL_FIELDS, field);
}

export function isNumericField(field: string): field is NumericField {
  return Object.hasOwn(NUMERIC_FIELDS, field);
}

/**
 * Refuses a list of field names holding one that is no filter field (an option such as
 * `hardFields` or `skipValuesOf`): a typo ("arc_types") would otherwise flip the option silently.
 * Not a list: left to the option's own check.
 */
export function checkFilterFieldNames(names: unknown, option: string): void {
  if (!Array.isArray(names)) return;
  const unknown = names.find((name) => !(FILTER_FIELDS as readonly unknown[]).includes(name));
  if (unknown !== undefined) throw new RangeError(`${option}: unknown field ${JSON.stringify(unknown)} (use ${FILTER_FIELDS.join(", ")})`);
}

/** True when `value` is a canonical value of the categorical `field`. */
export function isCanonicalValue(field: CategoricalField, value: unknown): boolean {
  return (CATEGORICAL_FIELDS[field].values as readonly unknown[]).includes(value);
}
