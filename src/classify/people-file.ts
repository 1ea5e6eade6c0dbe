/** A people map kept as a JSON file (`{"Clare": "sibling_bond", "Anna": ["romantic_partnership"]}`), for `withPeople` and `arcroute activate --people`. */
import { readFileSync } from "node:fs";
import { compilePeople, type People } from "./people.js";

/** The map in `path`, validated as `withPeople` validates it; one-line errors that name the file. */
export function readPeople(path: string): People {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`cannot read people map ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  compilePeople(raw as People, path);
  return raw as People;
}
