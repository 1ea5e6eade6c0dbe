/** Store specs as the command line gives them (`--store`, `$ARCROUTE_STORE`), without loading any store. */

/** `postgres://…` or `postgresql://…`: a spec that opens a PostgreSQL server. */
export const isPostgresSpec = (spec: string): boolean => /^postgres(ql)?:\/\//.test(spec);
