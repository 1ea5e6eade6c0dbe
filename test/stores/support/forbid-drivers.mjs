// Loaded with `node --import`: any import of a database driver fails, to prove a code path never loads one.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
      export async function resolve(specifier, context, next) {
        if (/^(pg|ioredis|@electric-sql\\/pglite)(\\/|$)/.test(specifier)) throw new Error("driver imported: " + specifier);
        return next(specifier, context);
      }`),
);
