/**
 * Grouped bars of measured quantities in their own units (requests/s, milliseconds, ...): one group
 * per measure, one bar per series. Each group is scaled to its own largest value, so measures of
 * different units share one chart; every bar is labelled with its formatted value.
 */
import { line, PALETTE, rect, svgDocument, text } from "./svg.js";

export interface MeasureGroup {
  label: string;
  /** One value per series, in the measure's unit (≥ 0). */
  values: number[];
  /** How a value is written on its bar, e.g. (v) => `${v.toFixed(1)} ms`. */
  format: (value: number) => string;
}

export function measureChartSvg(title: string, series: string[], groups: MeasureGroup[]): string {
  const barWidth = 70;
  const gap = 40;
  const groupWidth = series.length * barWidth + gap;
  const width = Math.max(80 + groups.length * groupWidth, 60 + series.length * 230);
  const height = 330;
  const plotTop = 50;
  const plotHeight = 210;
  const body: string[] = [line(50, plotTop + plotHeight, width - 10, plotTop + plotHeight, "#9e9e9e")];
  groups.forEach((group, g) => {
    const x0 = 60 + g * groupWidth;
    const max = Math.max(...group.values, Number.MIN_VALUE);
    group.values.forEach((value, s) => {
      const h = (plotHeight - 20) * (value / max);
      const x = x0 + s * barWidth;
      const top = plotTop + plotHeight - h;
      body.push(rect(x, top, barWidth - 8, h, PALETTE[s % PALETTE.length]!), text(x + (barWidth - 8) / 2, top - 4, group.format(value), { "text-anchor": "middle", "font-size": 11 }));
    });
    body.push(text(x0 + (series.length * barWidth - 8) / 2, plotTop + plotHeight + 18, group.label, { "text-anchor": "middle" }));
  });
  series.forEach((name, s) => {
    const x = 60 + s * 230;
    body.push(rect(x, height - 30, 12, 12, PALETTE[s % PALETTE.length]!), text(x + 18, height - 20, name));
  });
  return svgDocument(width, height, title, body);
}
