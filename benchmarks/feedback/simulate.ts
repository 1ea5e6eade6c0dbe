/**
 * The retrieval a simulated user sees, in memory: significance routing in filter mode (payload
 * must satisfy every filtered field; several filters on one field are alternatives), ranked by
 * vector similarity, topped up with unfiltered results when fewer than k pass (the retriever
 * helper's fallback), or plain vector similarity when the gate is false.
 */
import type { ActivationResult, FieldFilter } from "../../src/schema/activation.js";

export interface Memory {
  id: string;
  vector: Float32Array;
  /** EDM payload, flat: `arc_type`, `tether_type`, `valence`, `emotional_weight`, … (arrays allowed). */
  payload: Record<string, unknown>;
}

function matches(value: unknown, filter: FieldFilter): boolean {
  if (Array.isArray(value)) return value.some((v) => matches(v, filter));
  if (filter.operator === "eq") return value === filter.value;
  if (typeof value !== "number" || typeof filter.value !== "number") return false;
  return filter.operator === "gte" ? value >= filter.value : value <= filter.value;
}

/** Every filtered field has at least one satisfied filter. */
export function satisfies(payload: Record<string, unknown>, filters: readonly FieldFilter[]): boolean {
  const byField = new Map<string, FieldFilter[]>();
  for (const filter of filters) byField.set(filter.field, [...(byField.get(filter.field) ?? []), filter]);
  return [...byField].every(([field, alternatives]) => alternatives.some((f) => matches(payload[field], f)));
}

const dot = (a: Float32Array, b: Float32Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};

/** Ids of the top `k` memories for one query under significance routing (filter mode + fallback). */
export function routedSearch(queryVector: Float32Array, memories: readonly Memory[], activation: ActivationResult, k: number): string[] {
  const ranked = memories.map((m) => ({ id: m.id, score: dot(queryVector, m.vector), payload: m.payload })).sort((a, b) => b.score - a.score);
  if (!activation.significance_gate || activation.field_filters.length === 0) return ranked.slice(0, k).map((m) => m.id);
  const routed = ranked.filter((m) => satisfies(m.payload, activation.field_filters)).slice(0, k);
  const seen = new Set(routed.map((m) => m.id));
  for (const m of ranked) {
    if (routed.length >= k) break;
    if (!seen.has(m.id)) routed.push(m);
  }
  return routed.map((m) => m.id);
}

/** Share of the relevant ids found in `retrieved`. */
export function recall(retrieved: readonly string[], relevant: readonly string[]): number {
  if (relevant.length === 0) return 1;
  const found = new Set(retrieved);
  return relevant.filter((id) => found.has(id)).length / relevant.length;
}
