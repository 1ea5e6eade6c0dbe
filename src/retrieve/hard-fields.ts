/**
 * Which of an activation's fields filter the store search ("hard") in the retriever's filter
 * mode; every field still counts in fusion. A hard filter that is wrong hides every right
 * memory, a soft one only reorders, so fields the classifier guesses less reliably are better soft.
 *
 * "core" keeps hard what routing is about and what errs least: the arc types (the activation's
 * ranked alternatives together, so a second-ranked right arc still lets its memories through) and
 * the numeric thresholds (`emotional_weight ≥ …`, which separate significant memories from
 * mundane ones). Descriptive fields (tether, valence, emotion, relation, time of life) go soft.
 */
import { isNumericField } from "../schema/vocabulary.js";

export type HardFieldsOption = "all" | "core" | readonly string[];

export interface WeightedField {
  field: string;
  /** The field's heaviest filter weight. */
  weight: number;
}

function isCoreField(field: string): boolean {
  return field === "arc_type" || isNumericField(field);
}

/**
 * The hard subset of `fields` (input order kept). When the option selects no categorical field
 * (only thresholds, or nothing: e.g. "core" for an activation without arc types), every field is
 * hard: a weight threshold alone routes nowhere, and the activation's own fields are then the route.
 * Throws RangeError for an invalid option (the retriever checks it at construction).
 */
export function hardFieldsOf(option: HardFieldsOption, fields: readonly WeightedField[]): WeightedField[] {
  if (option === "all") return [...fields];
  let keep: (field: string) => boolean;
  if (option === "core") keep = isCoreField;
  else if (Array.isArray(option) && option.every((f) => typeof f === "string")) keep = (field) => option.includes(field);
  else throw new RangeError(`hardFields must be "all", "core" or a list of field names, got ${JSON.stringify(option)}`);
  const hard = fields.filter((f) => keep(f.field));
  return hard.some((f) => !isNumericField(f.field)) ? hard : [...fields];
}
