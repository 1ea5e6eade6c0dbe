/** A grouped bar chart as a standalone SVG: one group per metric, one bar per series. */
import { line, PALETTE, rect, svgDocument, text } from "./svg.js";

export interface BarGroup {
  label: string;
  values: number[];
}

/** Values are in [0, 1]; each bar is labelled with its value. */
export function barChartSvg(title: string, series: string[], groups: BarGroup[]): string {
  const barWidth = 46;
  const gap = 28;
  const groupWidth = series.length * barWidth + gap;
  const width = 80 + groups.length * groupWidth;
  const height = 320;
  const plotTop = 50;
  const plotHeight = 200;
  const y = (v: number) => plotTop + plotHeight * (1 - v);
  const body: string[] = [];
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    body.push(line(50, y(tick), width - 10, y(tick), "#e0e0e0"), text(44, y(tick) + 4, String(tick), { "text-anchor": "end" }));
  }
  groups.forEach((group, g) => {
    const x0 = 60 + g * groupWidth;
    group.values.forEach((value, s) => {
      const x = x0 + s * barWidth;
      body.push(
        rect(x, y(value), barWidth - 6, plotHeight * value, PALETTE[s % PALETTE.length]!),
        text(x + (barWidth - 6) / 2, y(value) - 4, value.toFixed(3), { "text-anchor": "middle" }),
      );
    });
    body.push(text(x0 + (series.length * barWidth) / 2, plotTop + plotHeight + 18, group.label, { "text-anchor": "middle" }));
  });
  series.forEach((name, s) => {
    const x = 60 + s * 170;
    body.push(rect(x, height - 30, 12, 12, PALETTE[s % PALETTE.length]!), text(x + 18, height - 20, name));
  });
  return svgDocument(width, height, title, body);
}
