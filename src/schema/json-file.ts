/** JSON files users hand the library (learned weights, a people map): read errors as one line naming the file. */
import { readFileSync } from "node:fs";

/** The parsed content of `path`; a missing file or bad JSON is `cannot read <what> <path>: <why>`. */
export function readJsonFile(path: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`cannot read ${what} ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
