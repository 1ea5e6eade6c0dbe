/** The demo's output: the activation, then raw and routed rankings side by side. */
import type { ActivationEnvelope } from "../../../schema/envelope.js";
import type { DemoHit } from "./lance.js";

export interface DemoResult {
  /** The local API that answered /v1/activate. */
  server: { url: string };
  query: string;
  activation: ActivationEnvelope;
  raw: DemoHit[];
  routed: DemoHit[];
}

/** The activation, then the two rankings in two columns. */
export function render(result: DemoResult, width: number): string {
  const { data } = result.activation;
  const filters = data.field_filters.map((f) => `${f.field} ${f.operator} ${f.value} (w ${f.weight})`).join(", ") || "(none)";
  const lines = [
    `query: "${result.query}"`,
    `answered by POST ${result.server.url}/activate (dev key)`,
    `activation ${data.activation_id}: significance_gate=${data.significance_gate} arc_types=[${data.arc_types.join(", ")}] confidence=${data.confidence.toFixed(2)}`,
    `field_filters: ${filters}`,
    "",
  ];
  const column = Math.max(30, Math.floor((Math.min(width, 160) - 3) / 2));
  lines.push(`${fit("RAW VECTOR SEARCH (cosine)", column)} | SIGNIFICANCE ROUTING (filter → relax → fallback → fusion)`);
  lines.push(`${"-".repeat(column)}-+-${"-".repeat(column)}`);
  for (let i = 0; i < Math.max(result.raw.length, result.routed.length); i++) {
    const left = cellLines(result.raw[i], i + 1, column);
    const right = cellLines(result.routed[i], i + 1, column);
    for (let line = 0; line < Math.max(left.length, right.length); line++) {
      lines.push(`${fit(left[line] ?? "", column)} | ${right[line] ?? ""}`.trimEnd());
    }
  }
  return lines.join("\n");
}

/** One ranked memory in at most three lines: rank, arc type and score, then its text wrapped. */
function cellLines(hit: DemoHit | undefined, rank: number, width: number): string[] {
  if (!hit) return [];
  const head = `${rank}. ${hit.id} [${hit.arc_type ?? "no arc"}] ${hit.score.toFixed(3)}${hit.source ? ` ${hit.source}` : ""}`;
  const words = hit.text.split(" ");
  const body: string[] = [""];
  for (const word of words) {
    const current = body[body.length - 1]!;
    if (current.length + word.length + 4 > width && current !== "") body.push(word);
    else body[body.length - 1] = current === "" ? word : `${current} ${word}`;
  }
  const shown = body.slice(0, 2).map((line) => `   ${line}`);
  if (body.length > 2) shown[1] = fit(shown[1]! + " …", width);
  return [head, ...shown];
}

function fit(text: string, width: number): string {
  return text.length > width ? text.slice(0, width - 1) + "…" : text.padEnd(width);
}
