/**
 * A heatmap of counts as a standalone SVG (e.g. a confusion matrix: rows = gold, columns =
 * predicted). Each row is shaded by its own total, so rare and frequent classes read alike;
 * diagonal cells (same label in row and column) are outlined.
 */
import { element, rect, svgDocument, text } from "./svg.js";

export interface HeatmapOptions {
  rowAxis?: string;
  columnAxis?: string;
}

/** White → blue by the share of the row; the count is printed in every non-empty cell. */
function shade(share: number): string {
  const t = Math.max(0, Math.min(1, share));
  const channel = (from: number, to: number) => Math.round(from + (to - from) * t).toString(16).padStart(2, "0");
  return `#${channel(255, 31)}${channel(255, 95)}${channel(255, 170)}`;
}

export function heatmapSvg(title: string, rows: readonly string[], columns: readonly string[], counts: readonly (readonly number[])[], options: HeatmapOptions = {}): string {
  const cell = 34;
  const left = 150;
  const top = 150;
  const width = left + columns.length * cell + 30;
  const height = top + rows.length * cell + 50;
  const body: string[] = [];
  columns.forEach((label, c) => {
    const x = left + c * cell + cell / 2;
    body.push(text(x, top - 8, label, { transform: `rotate(-55 ${x} ${top - 8})` }));
  });
  rows.forEach((label, r) => {
    const y = top + r * cell;
    const total = counts[r]!.reduce((a, b) => a + b, 0);
    body.push(text(left - 8, y + cell / 2 + 4, label, { "text-anchor": "end" }));
    columns.forEach((columnLabel, c) => {
      const n = counts[r]![c] ?? 0;
      const share = total === 0 ? 0 : n / total;
      const x = left + c * cell;
      body.push(rect(x, y, cell, cell, shade(share), { stroke: "#d0d0d0" }));
      if (columnLabel === label) body.push(element("rect", { x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, fill: "none", stroke: "#333", "stroke-width": 1.5 }));
      if (n > 0) body.push(text(x + cell / 2, y + cell / 2 + 4, String(n), { "text-anchor": "middle", fill: share > 0.55 ? "white" : "black" }));
    });
  });
  if (options.rowAxis) body.push(text(14, top + (rows.length * cell) / 2, options.rowAxis, { transform: `rotate(-90 14 ${top + (rows.length * cell) / 2})`, "text-anchor": "middle" }));
  if (options.columnAxis) body.push(text(left + (columns.length * cell) / 2, height - 16, options.columnAxis, { "text-anchor": "middle" }));
  return svgDocument(width, height, title, body);
}
