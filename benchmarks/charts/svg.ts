/**
 * The one SVG mechanism every benchmark chart uses: a document with a white background and a
 * title, and element helpers that escape text and round coordinates, so charts stay small,
 * deterministic (same data → same bytes) and safe for any label.
 */

export type Attributes = Record<string, string | number | undefined>;

export const PALETTE = ["#9aa5b1", "#2f7ed8", "#43a047", "#ef6c00"] as const;

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const num = (v: number): string => String(Math.round(v * 100) / 100);

function attrs(a: Attributes): string {
  let out = "";
  for (const [key, value] of Object.entries(a)) {
    if (value === undefined) continue;
    out += ` ${key}="${typeof value === "number" ? num(value) : escapeXml(value)}"`;
  }
  return out;
}

/** A self-closing element, e.g. `element("rect", { x: 1, y: 2, width: 3, height: 4 })`. */
export function element(name: string, a: Attributes): string {
  return `<${name}${attrs(a)}/>`;
}

export function rect(x: number, y: number, width: number, height: number, fill: string, extra: Attributes = {}): string {
  return element("rect", { x, y, width: Math.max(0, width), height: Math.max(0, height), fill, ...extra });
}

export function line(x1: number, y1: number, x2: number, y2: number, stroke: string, extra: Attributes = {}): string {
  return element("line", { x1, y1, x2, y2, stroke, ...extra });
}

export function text(x: number, y: number, content: string, extra: Attributes = {}): string {
  return `<text${attrs({ x, y, ...extra })}>${escapeXml(content)}</text>`;
}

/** A complete standalone SVG document with a title centred at the top. */
export function svgDocument(width: number, height: number, title: string, body: readonly string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" font-family="sans-serif" font-size="12">`,
    rect(0, 0, width, height, "white"),
    text(width / 2, 24, title, { "text-anchor": "middle", "font-size": 15 }),
    ...body,
    "</svg>",
  ].join("\n") + "\n";
}
