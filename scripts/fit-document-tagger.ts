/**
 * Fit the models `tag()` reads documents with (arc type, tether type, valence), on labelled
 * first-person memories written for this purpose (`benchmarks/memories/train.jsonl`, six authors,
 * each one invented life; never the retrieval benchmark's corpus, which stays the test):
 *   npx tsx scripts/fit-document-tagger.ts [--cv] [--dry-run]
 *
 * --cv compares, author-held-out on the memories' significant entries (fit without one author,
 * measure on theirs), the query models `classify` ships, models fitted on the memories alone, and
 * models fitted on the train queries plus the memories. Without --cv it fits the shipped setting
 * on all memories (and the train queries, as chosen) and writes models/document-tagger/ (JSON,
 * read by src/tag/models.ts on the first tag() call).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { authorOf, loadMemories, type LabelledMemory } from "../benchmarks/memories/load.js";
import { loadQueries } from "../benchmarks/queries/load.js";
import { analyze } from "../src/classify/analyze.js";
import { linearFeatures, type FeatureVector } from "../src/classify/features.js";
import { predictLinear, type LinearModel } from "../src/classify/linear.js";
import { SHIPPED_MODELS } from "../src/classify/params.js";
import { ARC_TYPES, TETHER_TYPES, VALENCES } from "../src/schema/vocabulary.js";
import { fitSoftmax, type Example } from "./fit-softmax.js";
import { CHOSEN, compact, options, type Setting as FeatureSetting } from "./fit-linear-classifier.js";

const args = process.argv.slice(2);

type Field = "arc" | "tether" | "valence" | "significance";
const SIGNIFICANCE = ["significant", "mundane"] as const;
const CLASSES: Record<Field, readonly string[]> = { arc: ARC_TYPES, tether: TETHER_TYPES, valence: VALENCES, significance: SIGNIFICANCE };
/** Feature scales as the query models' (fit-linear-classifier's CHOSEN; significance at full scale); the L2 strength is the Setting's. */
const FEATURES: Record<Field, FeatureSetting> = { ...CHOSEN, significance: { lambda: 0, denseScale: 1, minCount: 2, pairs: true, clusterScale: 1 } };

interface Row { x: FeatureVector; y: Record<Field, string>; author: string }
const memoryRows = (memories: readonly LabelledMemory[]): Row[] => memories.map((m) => ({
  x: linearFeatures(analyze(m.text)), author: authorOf(m.id),
  y: { arc: m.arc_type, tether: m.tether_type, valence: m.valence, significance: m.significant ? "significant" : "mundane" },
}));
/** Train queries with all three labels (a few name no tether). */
const queryRows = (): Row[] => loadQueries("train").filter((q) => q.gate && q.tether_type !== null && q.valence !== null).map((q) => ({
  x: linearFeatures(analyze(q.query)), y: { arc: q.arc_types[0]!, tether: q.tether_type!, valence: q.valence!, significance: "significant" }, author: "queries",
}));

export interface Setting { lambda: number; withQueries: boolean; memoryCopies: number }
/** Chosen by --cv (README → tag()): significance from the memories alone; the rest from the train queries and the memories. */
const SHIPPED: Record<Field, Setting> = {
  significance: { lambda: 1e-3, withQueries: false, memoryCopies: 1 },
  arc: { lambda: 3e-4, withQueries: true, memoryCopies: 1 },
  tether: { lambda: 3e-4, withQueries: true, memoryCopies: 1 },
  valence: { lambda: 3e-4, withQueries: true, memoryCopies: 1 },
};
const WEIGHTS_DIR = "models/document-tagger";
function fit(field: Field, rows: readonly Row[], s: Setting): LinearModel {
  const examples: Example<string>[] = rows.map((r) => ({ x: r.x, y: { [r.y[field]]: 1 } }));
  return fitSoftmax(CLASSES[field], examples, options({ ...FEATURES[field], lambda: s.lambda }));
}
const trainingRows = (memories: readonly Row[], queries: readonly Row[], s: Setting): Row[] =>
  [...(s.withQueries ? queries : []), ...Array.from({ length: s.memoryCopies }, () => memories).flat()];

const accuracy = (rows: readonly Row[], field: Field, predict: (x: FeatureVector) => string): number =>
  rows.filter((r) => predict(r.x) === r.y[field]).length / Math.max(1, rows.length);

/** Author-held-out accuracy per field: arc, tether and valence over significant memories, significance over all. */
function crossValidate(all: readonly Row[], queries: readonly Row[], s: Setting | "query models"): Record<Field, number> {
  const authors = [...new Set(all.map((r) => r.author))].sort();
  const out = { arc: 0, tether: 0, valence: 0, significance: 0 };
  for (const field of ["arc", "tether", "valence", "significance"] as Field[]) {
    if (s === "query models" && field === "significance") continue;
    const memories = field === "significance" ? all : all.filter((r) => r.y.significance === "significant");
    let correct = 0;
    for (const author of authors) {
      const test = memories.filter((r) => r.author === author);
      const model = s === "query models" ? SHIPPED_MODELS[field as "arc"] as LinearModel
        : fit(field, trainingRows(memories.filter((r) => r.author !== author), field === "significance" ? [] : queries, s), s);
      correct += accuracy(test, field, (x) => predictLinear(model, x).ranked[0]!.value) * test.length;
    }
    out[field] = correct / memories.length;
  }
  return out;
}

const isMain = process.argv[1]?.endsWith("fit-document-tagger.ts");
if (isMain) {
  const labelled = loadMemories();
  const memories = memoryRows(labelled);
  console.log(`${memories.length} memories (${memories.filter((r) => r.y.significance === "significant").length} significant) by ${new Set(memories.map((r) => r.author)).size} authors`);
  if (args.includes("--cv")) {
    const queries = queryRows();
    const show = (name: string, f: Record<Field, number>) => console.log(`${name.padEnd(44)} arc ${f.arc.toFixed(3)}  tether ${f.tether.toFixed(3)}  valence ${f.valence.toFixed(3)}  mean ${((f.arc + f.tether + f.valence) / 3).toFixed(3)}  significance ${f.significance.toFixed(3)}`);
    const significant = labelled.filter((m) => m.significant);
    // Imported here: tag() loads the weights this script writes (absent before the first run).
    const { tag } = await import("../src/tag/index.js");
    const tags = new Map(labelled.map((m) => [m.id, tag(m.text)]));
    const agree = (get: (m: LabelledMemory) => boolean, of: readonly LabelledMemory[]) => of.filter(get).length / of.length;
    show("tag() as it is now", {
      arc: agree((m) => tags.get(m.id)!.arc_type === m.arc_type, significant), tether: agree((m) => tags.get(m.id)!.tether_type === m.tether_type, significant),
      valence: agree((m) => tags.get(m.id)!.valence === m.valence, significant), significance: agree((m) => (tags.get(m.id)!.emotional_weight >= 0.5) === m.significant, labelled),
    });
    show("query models (shipped, no memories)", crossValidate(memories, queries, "query models"));
    const only = args.find((a) => a.startsWith("--only="))?.slice(7);
    const settings: [string, Setting][] = [
      ["memories only, L2 1e-3", { lambda: 1e-3, withQueries: false, memoryCopies: 1 }],
      ["memories only, L2 3e-3", { lambda: 3e-3, withQueries: false, memoryCopies: 1 }],
      ["memories only, L2 1e-2", { lambda: 1e-2, withQueries: false, memoryCopies: 1 }],
      ["queries + memories x1, L2 3e-4", { lambda: 3e-4, withQueries: true, memoryCopies: 1 }],
      ["queries + memories x4, L2 3e-4", { lambda: 3e-4, withQueries: true, memoryCopies: 4 }],
    ];
    for (const [name, s] of settings) if (only === undefined || name.startsWith(only)) show(name, crossValidate(memories, queries, s));
  } else {
    const queries = queryRows();
    const significant = memories.filter((r) => r.y.significance === "significant");
    const files: [string, string][] = [
      ["significance", JSON.stringify(compact(fit("significance", memories, SHIPPED.significance)))],
      ...(["arc", "tether", "valence"] as const).map((field): [string, string] => [field, JSON.stringify(compact(fit(field, trainingRows(significant, queries, SHIPPED[field]), SHIPPED[field])))]),
    ];
    for (const [name, source] of files) console.log(`${name}: ${Math.round(source.length / 1024)} KB`);
    if (!args.includes("--dry-run")) {
      mkdirSync(WEIGHTS_DIR, { recursive: true });
      for (const [name, source] of files) writeFileSync(`${WEIGHTS_DIR}/${name}.json`, source + "\n");
      console.log(`wrote ${WEIGHTS_DIR}/`);
    }
  }
}
