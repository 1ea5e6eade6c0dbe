/**
 * `memory://` (PGlite's name for an in-memory database) means a throwaway database both to the
 * library's `createPgliteStore({ dir })` and to the CLI's `--store pglite:memory://`: no data
 * directory named `memory:` appears in the working directory, and the serve log says what it is.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeSpec } from "../../src/serve/cli-options.js";
import { openStore } from "../../src/stores/open.js";
import { createPgliteStore } from "../../src/stores/pglite/index.js";
import { createPgliteStore as createPgliteStoreOfPostgresEntry } from "../../src/stores/postgres/index.js";
import type { ArcStore } from "../../src/stores/types.js";

let cwd: string;
let workDir: string;
beforeEach(() => {
  cwd = process.cwd();
  workDir = mkdtempSync(path.join(tmpdir(), "arcroute-pglite-memory-"));
  process.chdir(workDir);
});
afterEach(() => {
  process.chdir(cwd);
  rmSync(workDir, { recursive: true, force: true });
});

/** A working store that left nothing in the working directory. */
async function expectThrowaway(store: ArcStore): Promise<void> {
  try {
    expect(await store.getOrganization("org_none")).toBeNull();
    expect(readdirSync(workDir)).toEqual([]);
  } finally {
    await store.close();
  }
}

describe("PGlite memory://", () => {
  it("createPgliteStore({ dir: 'memory://' }) opens an in-memory database, no directory", async () => {
    await expectThrowaway(await createPgliteStore({ dir: "memory://" }));
  });

  it("means the same through arcroute/stores/postgres, which exports createPgliteStore too", async () => {
    await expectThrowaway(await createPgliteStoreOfPostgresEntry({ dir: "memory://" }));
  });

  it("--store pglite:memory:// opens the same way", async () => {
    await expectThrowaway(await openStore("pglite:memory://"));
  });

  it("with a PGlite instance too, the store still says it takes one or the other", async () => {
    await expect(createPgliteStore({ dir: "memory://", pglite: {} as never })).rejects.toThrow("createPgliteStore takes dir or pglite, not both");
  });

  it("the serve log shows the spec as given, saying it is in memory", () => {
    expect(describeSpec("pglite:memory://")).toBe("pglite:memory:// (in memory, gone on exit)");
    expect(describeSpec("pglite:./data")).toBe("pglite:./data");
  });
});
