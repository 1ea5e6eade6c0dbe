/**
 * README code a user copies compiles as written: each fragment is cut out of the README and
 * type-checked against the built package (`npm run build` first), with only the names the README
 * leaves to the reader (`api`, the store clients, the query vector) declared around it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { requireBuiltCli } from "../ecosystem/support/built-cli.js";
import { typeErrors } from "../support/typecheck.js";
import { REPO_ROOT } from "./support.js";

const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");

/** The README lines from the first one starting with `first` up to the next blank line. */
function fragment(first: string): string {
  const start = readme.indexOf(`\n${first}`);
  if (start < 0) throw new Error(`README has no line starting with ${first}`);
  const end = readme.indexOf("\n\n", start + 1);
  return readme.slice(start + 1, end < 0 ? undefined : end);
}

/** The whole ```ts block of the README that holds `line`. */
function codeBlock(line: string): string {
  const at = readme.indexOf(line);
  if (at < 0) throw new Error(`README has no ${line}`);
  const start = readme.lastIndexOf("```ts\n", at) + "```ts\n".length;
  return readme.slice(start, readme.indexOf("\n```", at));
}

beforeAll(() => requireBuiltCli());

describe("README fragments type-check", () => {
  it("mounting in Hono: the app's Bindings type gives c.env.incoming (as examples/mount/hono.ts)", () => {
    const code = `import type { Api } from "arcroute/http";\ndeclare const api: Api;\n${fragment("// Hono")}\n`;
    expect(typeErrors(code)).toEqual([]);
  }, 60_000);

  it("adapters: the gate-mode Qdrant filter, which may be undefined, compiles with exactOptionalPropertyTypes too", () => {
    const reader = [
      `import type { QdrantClient } from "@qdrant/js-client-rest";`,
      `import type { Pool } from "pg";`,
      `declare const qdrant: QdrantClient, pg: Pool, vector: number[];`,
      `declare function toSql(vector: number[]): string;`,
    ].join("\n");
    const code = `${reader}\n${codeBlock(`import { toQdrantFilter } from "arcroute/adapters/qdrant";`)}\n`;
    for (const exactOptionalPropertyTypes of [false, true]) expect(typeErrors(code, { exactOptionalPropertyTypes }), String(exactOptionalPropertyTypes)).toEqual([]);
  }, 120_000);

  it("people a query names: a literal map, one read off typed memories, one read from a file", () => {
    const reader = "declare const memories: { text: string; payload: { relational_dynamics?: string } }[];";
    const code = `${reader}\n${codeBlock(`import { lexicalClassifier, peopleFromMemories, readPeople, withPeople, type People } from "arcroute";`)}\nexport {};\n`;
    expect(typeErrors(code)).toEqual([]);
  }, 60_000);
});
