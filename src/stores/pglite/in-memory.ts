/**
 * `memory://` is PGlite's own name for an in-memory database. The library's `dir` and the CLI's
 * `--store pglite:<dir>` both go through here, so the name means a throwaway database in either
 * place, never a data directory called `memory:` (created and locked in the working directory).
 */
export const PGLITE_IN_MEMORY = "memory://";

/** Whether a PGlite `dir` names the in-memory database (PGlite reads any `memory://…` so). */
export const isPgliteInMemory = (dir: unknown): boolean => typeof dir === "string" && dir.startsWith(PGLITE_IN_MEMORY);
