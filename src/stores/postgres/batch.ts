/**
 * Coalesces lookups made in the same turn of the event loop into one query. Under load many
 * requests authenticate at once; one `WHERE hash = ANY(...)` round trip answers all of them, and
 * each answer is still read after its request arrived (nothing is cached).
 */
export function batchLookups<V>(load: (keys: string[]) => Promise<Map<string, V>>): (key: string) => Promise<V | null> {
  let pending: Map<string, { resolve: (value: V | null) => void; reject: (error: unknown) => void }[]> | null = null;

  async function flush(batch: NonNullable<typeof pending>): Promise<void> {
    try {
      const found = await load([...batch.keys()]);
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key) ?? null);
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  return (key) =>
    new Promise<V | null>((resolve, reject) => {
      if (pending === null) {
        const batch = (pending = new Map());
        // setImmediate, not a microtask: requests read from other sockets in this poll phase join too.
        setImmediate(() => {
          pending = null;
          void flush(batch);
        });
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}
