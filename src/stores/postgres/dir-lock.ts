/**
 * One process per PGlite data directory. PGlite is PostgreSQL in one process with no shared
 * memory between processes: two of them on one directory would corrupt it. A lock file holding the
 * owner's pid guards the directory; a lock left by a dead process (kill -9, crash) is taken over.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const LOCK_FILE = "arcroute.lock";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the directory's lock (creating the directory); resolves to its release. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const release = async () => {
    const owner = await readFile(file, "utf8").catch(() => "");
    if (owner.trim() === String(process.pid)) await rm(file, { force: true });
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, String(process.pid), { flag: "wx" });
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = Number((await readFile(file, "utf8").catch(() => "")).trim());
    // The same pid counts as in use too: two PGlite instances in one process corrupt it just as well.
    if (Number.isInteger(owner) && owner > 0 && alive(owner)) {
      throw new Error(`pglite:${dir} is in use by process ${owner} (PGlite is one process at a time; use postgres:// to share a store)`);
    }
    await rm(file, { force: true });
  }
  throw new Error(`pglite:${dir}: could not take the lock file ${LOCK_FILE}`);
}
