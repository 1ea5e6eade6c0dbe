/** A cli-progress bar on the command's stderr (silent when stderr is not a terminal). */
import cliProgress from "cli-progress";

export interface Progress {
  tick(): void;
  stop(): void;
}

export function progressBar(stream: NodeJS.WritableStream, phase: string, total: number): Progress {
  const bar = new cliProgress.SingleBar(
    { stream, format: `${phase.padEnd(10)} [{bar}] {percentage}% | {value}/{total}`, hideCursor: false, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  let done = 0;
  // Redrawing costs far more than a classification: update at most ~200 times per phase.
  const step = Math.max(1, Math.floor(total / 200));
  return {
    tick() {
      done++;
      if (done % step === 0 || done === total) bar.update(done);
    },
    stop() {
      bar.update(done);
      bar.stop();
    },
  };
}
