/**
 * One process per PGlite data directory. PGlite is PostgreSQL in one process with no shared
 * memory between processes: two of them on one directory would corrupt it. A lock file holding the
 * owner's pid guards the directory; a lock left by a dead process (kill -9, crash) is taken over.
 *
 * Taking over is the racy part: two processes that both read the same dead pid must not both
 * remove "the stale lock" (the second would remove the first one's fresh lock). So a takeover runs
 * under a second, short-lived guard file (`arcroute.lock.takeover`, created exclusively): inside it
 * the lock is read again and removed only if it still names a dead process, then taken exclusively.
 * A lock file with no pid yet is one being written, not a stale one. A lock naming this process's
 * own pid is live only if this process took it (see `held`).
 */
import { mkdir, readFile, realpath, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

const LOCK_FILE = "arcroute.lock";
/** A lock or guard file without a readable pid this old is debris of a crash, not one being written. */
const UNREADABLE_AFTER_MS = 10_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Lock files this process holds. A lock naming this very pid that is not among them was left by an
 * earlier process that had the same pid (a container's PID 1 restarted after a crash): stale.
 */
const held = new Set<string>();

type Owner = { state: "missing" } | { state: "alive"; pid: number } | { state: "dead" } | { state: "being-written" };

/** Who holds `file`: a live pid, a dead one (or crash debris), nobody, or a writer that has not written its pid yet. */
async function ownerOf(file: string): Promise<Owner> {
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? null : Promise.reject(error)));
  if (text === null) return { state: "missing" };
  const pid = Number(text.trim());
  if (pid === process.pid) return held.has(file) ? { state: "alive", pid } : { state: "dead" };
  if (Number.isInteger(pid) && pid > 0) return alive(pid) ? { state: "alive", pid } : { state: "dead" };
  const age = await stat(file).then((s) => Date.now() - s.mtimeMs, () => Infinity);
  return age < UNREADABLE_AFTER_MS ? { state: "being-written" } : { state: "dead" };
}

/** Creates `file` holding this process's pid, exclusively; false when it exists. */
async function createExclusive(file: string): Promise<boolean> {
  try {
    await writeFile(file, String(process.pid), { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * Under the takeover guard: removes the lock if it still names a dead process and takes it.
 * `false` when another process holds the guard or took the lock first (the caller tries again).
 */
async function takeOver(file: string): Promise<boolean> {
  const guard = `${file}.takeover`;
  if (!(await createExclusive(guard))) {
    // A guard whose owner died inside a takeover would block every later one: clear it.
    if ((await ownerOf(guard)).state === "dead") await rm(guard, { force: true });
    return false;
  }
  try {
    if ((await ownerOf(file)).state === "dead") await rm(file, { force: true });
    return await createExclusive(file);
  } finally {
    await rm(guard, { force: true });
  }
}

/**
 * `mkdir -p` without Node's `recursive: true`, which never returns where a directory cannot be made
 * although its parent exists (it retries forever on ENOENT under /proc): that case is an error here.
 */
async function makeDirectory(dir: string): Promise<void> {
  try {
    await mkdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return;
    const parent = path.dirname(dir);
    if (code !== "ENOENT" || parent === dir) throw error;
    if (await stat(parent).then(() => true, () => false)) throw new Error(`cannot create the directory ${dir} (${code})`);
    await makeDirectory(parent);
    await mkdir(dir).catch((again: NodeJS.ErrnoException) => {
      if (again.code !== "EEXIST") throw again;
    });
  }
}

/** Takes the directory's lock (creating the directory); resolves to its release. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await makeDirectory(path.resolve(dir));
  // The directory's real path: `held` must know the lock by one name however the directory is
  // reached (a symlink, a symlinked parent), or this process's own lock reached by another name
  // reads as a stale one and is taken over: two PGlite instances on one directory.
  const file = path.join(await realpath(dir), LOCK_FILE);
  const release = async () => {
    held.delete(file);
    const owner = await readFile(file, "utf8").catch(() => "");
    if (owner.trim() === String(process.pid)) await rm(file, { force: true });
  };
  const taken = () => {
    held.add(file);
    return release;
  };
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await createExclusive(file)) return taken();
    const owner = await ownerOf(file);
    // The same pid counts as in use too: two PGlite instances in one process corrupt it just as well.
    if (owner.state === "alive") {
      throw new Error(`pglite:${dir} is in use by process ${owner.pid} (PGlite is one process at a time; use postgres:// to share a store)`);
    }
    if (owner.state === "dead" && (await takeOver(file))) return taken();
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20));
  }
  throw new Error(`pglite:${dir}: could not take the lock file ${LOCK_FILE}`);
}
