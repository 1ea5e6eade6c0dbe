/** A grouped bar chart as a standalone SVG: one group per metric, one bar per series. */

export interface BarGroup {
  label: string;
  values: number[];
}

const COLOURS = ["#9aa5b1", "#2f7ed8", "#43a047", "#ef6c00"];
const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

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
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${width / 2}" y="24" text-anchor="middle" font-size="15">${escape(title)}</text>`,
  ];
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(`<line x1="50" x2="${width - 10}" y1="${y(tick)}" y2="${y(tick)}" stroke="#e0e0e0"/>`, `<text x="44" y="${y(tick) + 4}" text-anchor="end">${tick}</text>`);
  }
  groups.forEach((group, g) => {
    const x0 = 60 + g * groupWidth;
    group.values.forEach((value, s) => {
      const x = x0 + s * barWidth;
      parts.push(
        `<rect x="${x}" y="${y(value)}" width="${barWidth - 6}" height="${plotHeight * value}" fill="${COLOURS[s % COLOURS.length]}"/>`,
        `<text x="${x + (barWidth - 6) / 2}" y="${y(value) - 4}" text-anchor="middle">${value.toFixed(3)}</text>`,
      );
    });
    parts.push(`<text x="${x0 + (series.length * barWidth) / 2}" y="${plotTop + plotHeight + 18}" text-anchor="middle">${escape(group.label)}</text>`);
  });
  series.forEach((name, s) => {
    const x = 60 + s * 170;
    parts.push(`<rect x="${x}" y="${height - 30}" width="12" height="12" fill="${COLOURS[s % COLOURS.length]}"/>`, `<text x="${x + 18}" y="${height - 20}">${escape(name)}</text>`);
  });
  parts.push("</svg>");
  return parts.join("\n") + "\n";
}
