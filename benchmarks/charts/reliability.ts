/**
 * A reliability diagram as a standalone SVG: per confidence bin, the observed accuracy (bar)
 * against the mean confidence (dot) and the diagonal of perfect calibration; bins are labelled
 * with their counts, and the expected calibration error is printed under the title.
 */
import { element, line, PALETTE, rect, svgDocument, text } from "./svg.js";

export interface ReliabilityBinInput {
  lower: number;
  upper: number;
  count: number;
  /** Mean confidence in the bin. */
  confidence: number;
  /** Share of correct results in the bin. */
  accuracy: number;
}

export function reliabilitySvg(title: string, bins: readonly ReliabilityBinInput[], ece: number): string {
  const left = 60;
  const top = 60;
  const size = 320;
  const width = left + size + 40;
  const height = top + size + 60;
  const x = (v: number) => left + size * v;
  const y = (v: number) => top + size * (1 - v);
  const body: string[] = [text(width / 2, 42, `ECE ${ece.toFixed(3)} (${bins.reduce((s, b) => s + b.count, 0)} queries)`, { "text-anchor": "middle" })];
  for (const tick of [0, 0.2, 0.4, 0.6, 0.8, 1]) {
    body.push(
      line(left, y(tick), left + size, y(tick), "#e0e0e0"),
      text(left - 6, y(tick) + 4, tick.toFixed(1), { "text-anchor": "end" }),
      text(x(tick), top + size + 16, tick.toFixed(1), { "text-anchor": "middle" }),
    );
  }
  for (const bin of bins) {
    if (bin.count === 0) continue;
    const w = x(bin.upper) - x(bin.lower);
    body.push(
      rect(x(bin.lower) + 2, y(bin.accuracy), w - 4, size * bin.accuracy, PALETTE[1], { "fill-opacity": 0.75 }),
      element("circle", { cx: x(bin.confidence), cy: y(bin.confidence), r: 4, fill: PALETTE[3] }),
      text(x(bin.lower) + w / 2, y(bin.accuracy) - 4, `n=${bin.count}`, { "text-anchor": "middle", "font-size": 10 }),
    );
  }
  body.push(
    line(x(0), y(0), x(1), y(1), "#555", { "stroke-dasharray": "4 3" }),
    text(left + size / 2, top + size + 34, "confidence", { "text-anchor": "middle" }),
    text(16, top + size / 2, "accuracy", { transform: `rotate(-90 16 ${top + size / 2})`, "text-anchor": "middle" }),
    rect(left, top + size + 44, 10, 10, PALETTE[1]),
    text(left + 14, top + size + 53, "observed accuracy", { "font-size": 10 }),
    element("circle", { cx: left + 140, cy: top + size + 49, r: 4, fill: PALETTE[3] }),
    text(left + 148, top + size + 53, "mean confidence", { "font-size": 10 }),
  );
  return svgDocument(width, height, title, body);
}
