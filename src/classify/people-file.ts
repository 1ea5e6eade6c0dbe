/** A people map kept as a JSON file (`{"Clare": "sibling_bond", "Anna": ["romantic_partnership"]}`), for `withPeople` and `arcroute activate --people`. */
import { readJsonFile } from "../schema/json-file.js";
import { compilePeople, type KnownPerson, type People } from "./people.js";

/** The map in `path` and its compiled form, validated once; one-line errors that name the file. */
function readPeopleFile(path: string): { people: People; known: readonly KnownPerson[] } {
  const people = readJsonFile(path, "people map") as People;
  return { people, known: compilePeople(people, path) };
}

/** The map in `path`, validated as `withPeople` validates it; one-line errors that name the file. */
export function readPeople(path: string): People {
  return readPeopleFile(path).people;
}

/** The map in `path` compiled for matching (`addNamedTies`), for callers that apply it themselves. */
export function readKnownPeople(path: string): readonly KnownPerson[] {
  return readPeopleFile(path).known;
}
