/**
 * The labeled classifier query sets: `train.jsonl` (tuning and fitting), `heldout.jsonl` (written
 * by a different author), `heldout2.jsonl` (a second, fresh held-out split; HELDOUT-2.md) and
 * `heldout3.jsonl` (a third; HELDOUT-3.md, which made the first two development data) and
 * `heldout4.jsonl` (a fourth; HELDOUT-4.md, which made the first three development data) and
 * `heldout5.jsonl` (requests and questions to an assistant; HELDOUT-5.md). One JSON object per line, validated
 * against the canonical EDM vocabulary; a bad line fails with the file and line number.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { ARC_TYPES, TETHER_TYPES, VALENCES } from "../../src/schema/vocabulary.js";
import { benchmarkPath } from "../paths.js";
import type { LabeledExample } from "../../src/classify/embedding/labels.js";

/**
 * `heldout2` … `heldout5` are later held-out splits (HELDOUT-2.md … -5), each written fresh under a
 * protocol committed before it; since HELDOUT-4.md the first three are development data, and since
 * HELDOUT-5.md the first four, for the gate revision it judges.
 */
export const SPLITS = ["train", "heldout", "heldout2", "heldout3", "heldout4", "heldout5"] as const;
export type Split = (typeof SPLITS)[number];

export const QUERY_GROUPS = ["significance", "factual_personal", "factual_world", "task", "chitchat", "tricky_negative", "borderline"] as const;
export type QueryGroup = (typeof QUERY_GROUPS)[number];

export const INTENSITIES = ["low", "medium", "high"] as const;
export type Intensity = (typeof INTENSITIES)[number];

export const LabeledQuerySchema = z
  .object({
    id: z.string().min(1),
    split: z.enum(SPLITS),
    group: z.enum(QUERY_GROUPS),
    query: z.string().trim().min(1),
    gate: z.boolean(),
    arc_types: z.array(z.enum(ARC_TYPES)).max(3),
    tether_type: z.enum(TETHER_TYPES).nullable(),
    valence: z.enum(VALENCES).nullable(),
    intensity: z.enum(INTENSITIES).nullable(),
  })
  .strict()
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (q.gate) {
      if (q.arc_types.length === 0) issue("arc_types", "a gate-true query needs 1–3 arc types");
      if (new Set(q.arc_types).size !== q.arc_types.length) issue("arc_types", "arc types must be distinct");
      if (q.valence === null) issue("valence", "a gate-true query needs a valence");
      if (q.intensity === null) issue("intensity", "a gate-true query needs an intensity");
    } else {
      if (q.arc_types.length > 0) issue("arc_types", "must be [] when gate is false");
      if (q.tether_type !== null) issue("tether_type", "must be null when gate is false");
      if (q.valence !== null) issue("valence", "must be null when gate is false");
      if (q.intensity !== null) issue("intensity", "must be null when gate is false");
    }
    if (q.group === "significance" && !q.gate) issue("gate", "significance queries have gate true");
    if (q.group !== "significance" && q.group !== "borderline" && q.gate) issue("gate", `${q.group} queries have gate false`);
  });

export type LabeledQuery = z.infer<typeof LabeledQuerySchema>;

/** Parse JSONL text; `source` names the file in errors. Ids must be unique and match `split`. */
export function parseQueries(text: string, source: string, split?: Split): LabeledQuery[] {
  const out: LabeledQuery[] = [];
  const seen = new Set<string>();
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    const where = `${source}:${i + 1}`;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      throw new Error(`${where}: invalid JSON`);
    }
    const parsed = LabeledQuerySchema.safeParse(raw);
    if (!parsed.success) {
      const first = parsed.error.issues[0]!;
      throw new Error(`${where}: ${first.path.join(".") || "line"}: ${first.message}`);
    }
    if (split !== undefined && parsed.data.split !== split) throw new Error(`${where}: split is '${parsed.data.split}', expected '${split}'`);
    if (seen.has(parsed.data.id)) throw new Error(`${where}: duplicate id '${parsed.data.id}'`);
    seen.add(parsed.data.id);
    out.push(parsed.data);
  });
  return out;
}

/** Path of a split's file under benchmarks/queries/. */
export function queriesPath(split: Split): string {
  return benchmarkPath("queries", `${split}.jsonl`);
}

/** One split, or all of them (train first) when `split` is omitted. */
export function loadQueries(split?: Split): LabeledQuery[] {
  if (split === undefined) return SPLITS.flatMap((s) => loadQueries(s));
  const path = queriesPath(split);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new Error(`${path}: cannot read the ${split} query set`);
  }
  return parseQueries(text, path, split);
}

/** A labelled query as the classifiers are fitted on it (the loader has validated the labels). */
export function toExample(row: LabeledQuery): LabeledExample {
  return { query: row.query, gate: row.gate, arc_types: row.arc_types, tether_type: row.tether_type, valence: row.valence, group: row.group };
}
