/** A people map kept as a JSON file (`{"Clare": "sibling_bond", "Anna": ["romantic_partnership"]}`), for `withPeople` and `arcroute activate --people`. */
import { readJsonFile } from "../schema/json-file.js";
import { compilePeople, type People } from "./people.js";

/** The map in `path`, validated as `withPeople` validates it; one-line errors that name the file. */
export function readPeople(path: string): People {
  const raw = readJsonFile(path, "people map") as People;
  compilePeople(raw, path);
  return raw;
}
