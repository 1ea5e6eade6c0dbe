/**
 * Coalesces calls of concurrent requests into batches of work, so they share round trips and
 * commits (the shared back ends run on the same CPUs as the API; fewer statements per request is
 * what matters most):
 *
 * - A batch starts on the next turn of the event loop (setImmediate, not a microtask: requests read
 *   from other sockets in the same poll phase join it).
 * - While `maxInFlight` batches are running, new calls wait and form the next batch — group
 *   commit: the busier the back end, the larger the batches, the fewer statements per request.
 * - Every call is answered by work started after the call was made (nothing is cached), and `run`
 *   settles every call of its batch; should it throw instead, its unsettled calls fail with that error.
 */
export interface Call<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export interface CoalesceLimits {
  /** Most calls in one batch (the rest wait for the next one). */
  maxBatch: number;
  /** Most batches running at once. */
  maxInFlight: number;
}

export function coalesce<I, O>(run: (batch: Call<I, O>[]) => Promise<void>, { maxBatch, maxInFlight }: CoalesceLimits): (input: I) => Promise<O> {
  let queue: Call<I, O>[] = [];
  let scheduled = false;
  let inFlight = 0;

  const finished = () => {
    inFlight--;
    schedule();
  };

  function start(): void {
    scheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
      queue = batch === queue ? [] : queue.slice(maxBatch);
      inFlight++;
      let running: Promise<void>;
      try {
        running = run(batch);
      } catch (error) {
        running = Promise.reject(error);
      }
      running
        .catch((error: unknown) => {
          for (const call of batch) call.reject(error);
        })
        .then(finished);
    }
  }

  function schedule(): void {
    if (scheduled || queue.length === 0 || inFlight >= maxInFlight) return;
    scheduled = true;
    setImmediate(start);
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      schedule();
    });
}
