import { describe, expect, it } from "vitest";
import { coalesce, type Call } from "../../src/stores/coalesce.js";

/** A batch runner whose batches finish only when the test says so. */
function controlledRunner() {
  const batches: { inputs: number[]; finish: () => void }[] = [];
  const run = (batch: Call<number, number>[]) =>
    new Promise<void>((resolve) => {
      batches.push({
        inputs: batch.map((call) => call.input),
        finish: () => {
          for (const call of batch) call.resolve(call.input * 10);
          resolve();
        },
      });
    });
  return { batches, run };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
/** A few turns: a finished batch frees its slot through a promise chain, then the next batch starts on a turn. */
const turns = async () => {
  for (let i = 0; i < 3; i++) await turn();
};

describe("coalesce", () => {
  it("puts calls made in one turn into one batch and answers each", async () => {
    const { batches, run } = controlledRunner();
    const call = coalesce(run, { maxBatch: 100, maxInFlight: 1 });
    const answers = Promise.all([1, 2, 3].map(call));
    await turn();
    expect(batches.map((b) => b.inputs)).toEqual([[1, 2, 3]]);
    batches[0]!.finish();
    expect(await answers).toEqual([10, 20, 30]);
  });

  it("forms the next batch while maxInFlight batches run, and starts it when one finishes", async () => {
    const { batches, run } = controlledRunner();
    const call = coalesce(run, { maxBatch: 100, maxInFlight: 1 });
    const first = call(1);
    await turn();
    const later = [call(2), call(3)];
    await turns();
    expect(batches).toHaveLength(1);
    batches[0]!.finish();
    expect(await first).toBe(10);
    await turns();
    expect(batches.map((b) => b.inputs)).toEqual([[1], [2, 3]]);
    batches[1]!.finish();
    expect(await Promise.all(later)).toEqual([20, 30]);
  });

  it("splits a queue longer than maxBatch, up to maxInFlight batches at once", async () => {
    const { batches, run } = controlledRunner();
    const call = coalesce(run, { maxBatch: 2, maxInFlight: 2 });
    const answers = Promise.all([1, 2, 3, 4, 5].map(call));
    await turn();
    expect(batches.map((b) => b.inputs)).toEqual([[1, 2], [3, 4]]);
    batches[0]!.finish();
    await turns();
    expect(batches.map((b) => b.inputs)).toEqual([[1, 2], [3, 4], [5]]);
    batches[1]!.finish();
    batches[2]!.finish();
    expect(await answers).toEqual([10, 20, 30, 40, 50]);
  });

  it("fails the unsettled calls of a batch whose runner throws, and goes on with the next", async () => {
    let runs = 0;
    const call = coalesce<number, number>(
      async (batch) => {
        runs++;
        if (runs === 1) {
          batch[0]!.resolve(1);
          throw new Error("boom");
        }
        for (const c of batch) c.resolve(c.input);
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    const outcomes = await Promise.allSettled([call(1), call(2)]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected"]);
    expect(await call(3)).toBe(3);
  });

  it("treats a runner that throws before returning its promise like one that rejects", async () => {
    let runs = 0;
    const call = coalesce<number, number>(
      (batch) => {
        if (++runs === 1) throw new Error("sync boom");
        for (const c of batch) c.resolve(c.input);
        return Promise.resolve();
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    await expect(call(1)).rejects.toThrow("sync boom");
    expect(await call(2)).toBe(2);
  });
});
