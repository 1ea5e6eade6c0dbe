/**
 * How well confidences match outcomes: equal-width confidence bins (a confidence of 1.0 falls in
 * the last bin) and the expected calibration error, the count-weighted mean gap between a bin's
 * mean confidence and its share of right answers. The classifier benchmark reports it; the
 * ensemble's fit chooses its confidence calibration by it.
 */
export interface ReliabilityBin { lower: number; upper: number; count: number; confidence: number; accuracy: number }

export function reliability(answers: readonly { confidence: number; right: boolean }[], binCount = 10): { bins: ReliabilityBin[]; ece: number } {
  const bins: ReliabilityBin[] = Array.from({ length: binCount }, (_, i) => ({ lower: i / binCount, upper: (i + 1) / binCount, count: 0, confidence: 0, accuracy: 0 }));
  for (const { confidence, right } of answers) {
    const bin = bins[Math.min(binCount - 1, Math.max(0, Math.floor(confidence * binCount)))]!;
    bin.count++;
    bin.confidence += confidence;
    bin.accuracy += right ? 1 : 0;
  }
  let ece = 0;
  for (const bin of bins) {
    if (bin.count === 0) continue;
    bin.confidence /= bin.count;
    bin.accuracy /= bin.count;
    ece += (bin.count / answers.length) * Math.abs(bin.confidence - bin.accuracy);
  }
  return { bins, ece };
}
