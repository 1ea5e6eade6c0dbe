/** A deterministic 4-d vector per document id, so vector searches have something to rank. */
export function vectorOf(id: string): number[] {
  let h = 2166136261;
  for (const ch of id) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return [0, 1, 2, 3].map((i) => ((h >>> (i * 8)) & 0xff) / 255 + 0.01);
}
