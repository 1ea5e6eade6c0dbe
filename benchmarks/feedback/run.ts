/**
 * `arcroute bench feedback`: does learning from retrieval feedback improve routed recall?
 *
 * Runs on the retrieval benchmark's corpus and queries, in embedded LanceDB (the retrieval
 * benchmark's engine), routed by the retriever helper (`createRetriever`, filter mode: filtered
 * search → relaxation → fallback → fusion) with the options of the retrieval benchmark's routed
 * system (ROUTED_OPTIONS: the arc types and weight threshold hard, the other fields in fusion), or
 * with `--routing every-field-hard` the helper's own defaults. Feedback, learning and evaluation
 * all use the one routing.
 *
 * 1. Simulated users ask the TRAIN significance queries: each query is classified, persisted as
 *    an activation event, and routed; for every memory the user wanted they send feedback
 *    `{activation_id, hit, memory_id}` (hit: it was among the k results) through the real
 *    `/v1/feedback` route handler into a store (`--store`, memory by default).
 * 2. `learnFromStore` (what `arcroute learn` runs) learns field weights and the fusion weight.
 * 3. Routed recall@5/@10, MRR and nDCG@10 on the HELD-OUT significance queries (and the train
 *    ones, for reference), before (plain classifier, default fusion) and after (learned filter
 *    weights through `withLearnedWeights`, learned fusion weight). Held-out queries never
 *    produce feedback. Writes benchmarks/results/feedback.json and feedback.svg.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { lexicalClassifier } from "../../src/classify/index.js";
import type { Classifier } from "../../src/classify/types.js";
import type { Command } from "../../src/cli/command.js";
import { parseCommandArgs } from "../../src/cli/args.js";
import { CliError } from "../../src/cli/errors.js";
import { integerOption, queryTimeoutOption, STORE_OPTIONS } from "../../src/serve/cli-options.js";
import { writeLine } from "../../src/cli/io.js";
import { loadWordVectorEmbedder } from "../../src/embed/word-vectors.js";
import { learnFromStore } from "../../src/feedback/learn.js";
import { withLearnedWeights, type LearnedWeights } from "../../src/feedback/weights.js";
import { handleFeedback } from "../../src/http/routes/feedback.js";
import { createRetriever, DEFAULT_FUSION_WEIGHT, type RetrieverOptions } from "../../src/retrieve/index.js";
import { openStore } from "../../src/stores/open.js";
import type { ArcStore } from "../../src/stores/types.js";
import { barChartSvg } from "../charts/bars.js";
import { progressBar, type Progress } from "../classifier/progress.js";
import { resultsPath } from "../paths.js";
import { LATER_SPLITS, loadRetrievalSet, type LaterSplit, type RetrievalQuery } from "../retrieval/dataset.js";
import { openLanceDb, type BenchEngine } from "../retrieval/engines.js";
import { DEFAULT_FETCH_K, ROUTED_OPTIONS } from "../retrieval/evaluate.js";
import { meanMetrics, queryMetrics, type QueryMetrics } from "../retrieval/metrics.js";

const ORG = "bench-feedback";

type Figures = QueryMetrics & { queries: number };
type SplitFigures = Record<"train" | "heldout", Figures> & Partial<Record<LaterSplit, Figures>>;

type Route = (query: RetrievalQuery, activationOf: Classifier) => Promise<string[]>;

/**
 * The routings users learn under: the retrieval benchmark's routed system (`ROBUST_ROUTING`, the
 * default) or the retriever helper's own defaults (every activation field hard, fusion 0.5).
 */
const ROUTINGS = {
  preset: ROUTED_OPTIONS,
  "every-field-hard": { mode: "filter", fusionWeight: DEFAULT_FUSION_WEIGHT },
} as const satisfies Record<string, Partial<RetrieverOptions<Float32Array, string, string>> & { fusionWeight: number }>;
type RoutingName = keyof typeof ROUTINGS;

/** Routed ids for one query: its activation from `classifier`, the retriever helper over the engine. */
function router(engine: BenchEngine<string>, vectors: Map<string, Float32Array>, k: number, routing: RoutingName, fusionWeight: number): Route {
  const retriever = createRetriever<Float32Array, string, string>({
    search: engine.search.bind(engine),
    translate: engine.translate.bind(engine),
    k,
    ...ROUTINGS[routing],
    fetchK: Math.max(k, DEFAULT_FETCH_K),
    fusionWeight,
  });
  return async (query, classifier) => {
    const activation = await classifier.classify(query.query);
    return (await retriever.retrieve(vectors.get(query.id)!, { activation })).results.map((hit) => hit.id);
  };
}

async function evaluate(route: Route, classifier: Classifier, queries: RetrievalQuery[], progress: Progress): Promise<Figures> {
  const rows: QueryMetrics[] = [];
  for (const query of queries) {
    rows.push(queryMetrics(await route(query, classifier), query.relevant));
    progress.tick();
  }
  return meanMetrics(rows);
}

/** Step 1: users of the train queries give one feedback per wanted memory. */
async function simulateUsers(store: ArcStore, route: Route, queries: RetrievalQuery[], k: number, progress: Progress): Promise<number> {
  let sent = 0;
  for (const query of queries) {
    const result = await lexicalClassifier.classify(query.query);
    const id = randomUUID();
    await store.recordActivation(
      {
        id,
        org_id: ORG,
        key_id: "key_bench",
        query: query.query,
        subject_vp_id: null,
        result: { ...result, activation_id: id },
        classifier_model: lexicalClassifier.model,
        top_k: k,
        billed: false,
        created_at: new Date().toISOString(),
      },
      null,
      null,
    );
    const found = new Set(await route(query, { model: lexicalClassifier.model, classify: () => result }));
    for (const memoryId of query.relevant) {
      const answer = await handleFeedback(store, ORG, { activation_id: id, hit: found.has(memoryId), memory_id: memoryId });
      if (answer.status !== 200) throw new Error(`feedback refused: ${answer.body.error}`);
      sent++;
    }
    progress.tick();
  }
  return sent;
}

const usage = `Usage: arcroute bench feedback [--k 10] [--routing preset|every-field-hard] [--store memory|pglite:<dir>|postgres://...] [--query-timeout-ms N] [--json]
  Simulated hit/miss feedback on the retrieval benchmark's train significance queries (embedded
  LanceDB, retriever helper routed as bench retrieval's filter_core), weights learned from the store, routed recall@5/@10,
  MRR and nDCG@10 on its held-out significance queries (each held-out split) before and after learning.
  --routing every-field-hard routes (and learns) with the retriever helper's defaults instead of the
  preset: every activation field hard, fusion 0.5.
  Writes benchmarks/results/feedback.{json,svg} (feedback-every-field-hard.* for that routing);
  --json prints the report as one JSON line.
  --query-timeout-ms: with PostgreSQL, the longest one statement may take (default 30000).`;

export const benchmark: Command = {
  summary: "learning from simulated retrieval feedback: held-out routed recall before/after",
  usage,
  async run(args, io) {
    const { values } = parseCommandArgs(args, { k: { type: "string", default: "10" }, routing: { type: "string", default: "preset" }, ...STORE_OPTIONS, json: { type: "boolean" } });
    if (!Object.hasOwn(ROUTINGS, values.routing)) throw new CliError(`--routing must be one of ${Object.keys(ROUTINGS).join(", ")}, got '${values.routing}'`);
    const routing = values.routing as RoutingName;
    const baseFusion = ROUTINGS[routing].fusionWeight;
    const spec = values.store ?? "memory";
    const storeOptions = queryTimeoutOption(spec, values["query-timeout-ms"]);
    const k = integerOption("k", values.k, 1, 100);
    const data = loadRetrievalSet();
    const significant = data.queries.filter((q) => q.type === "significance");
    const train = significant.filter((q) => q.split === "train");
    const heldout = significant.filter((q) => q.split === "heldout");
    // The later held-out splits (benchmarks/retrieval/HELDOUT-2.md, HELDOUT-3.md), reported beside the first.
    const later = LATER_SPLITS.map(({ split, name }) => ({ split, name, queries: significant.filter((q) => q.split === split) })).filter((s) => s.queries.length > 0);
    if (train.length === 0 || heldout.length === 0) throw new CliError("the retrieval set needs significance queries in both splits (train, heldout)");

    const embedder = loadWordVectorEmbedder();
    const engine = await openLanceDb(data.memories.map((m) => ({ ...m, vector: embedder.embedOne(m.text) })));
    const vectors = new Map(data.queries.map((q) => [q.id, embedder.embedOne(q.query)]));
    const store = await openStore(spec, storeOptions);
    let report;
    try {
      const plain = router(engine, vectors, k, routing, baseFusion);
      let bar = progressBar(io.stderr, "feedback", train.length);
      const feedbackSent = await simulateUsers(store, plain, train, k, bar);
      bar.stop();
      const weights: LearnedWeights = await learnFromStore(store, ORG, { baseFusion });
      const learned = router(engine, vectors, k, routing, weights.fusion);
      const learnedClassifier = withLearnedWeights(lexicalClassifier, weights);
      bar = progressBar(io.stderr, "evaluate", 2 * (train.length + heldout.length + later.reduce((n, s) => n + s.queries.length, 0)));
      const splits = async (route: typeof plain, classifier: Classifier): Promise<SplitFigures> => {
        const figures: SplitFigures = { train: await evaluate(route, classifier, train, bar), heldout: await evaluate(route, classifier, heldout, bar) };
        for (const { split, queries } of later) figures[split] = await evaluate(route, classifier, queries, bar);
        return figures;
      };
      const before = await splits(plain, lexicalClassifier);
      const after = await splits(learned, learnedClassifier);
      bar.stop();
      report = {
        benchmark: "feedback",
        engine: engine.name,
        embedding: embedder.model,
        classifier: lexicalClassifier.model,
        routing_name: routing,
        routing: ROUTINGS[routing],
        k,
        corpus: data.memories.length,
        queries: { train: train.length, heldout: heldout.length, ...Object.fromEntries(later.map(({ split, queries }) => [split, queries.length])) },
        feedback: feedbackSent,
        weights,
        before,
        after,
      };
    } finally {
      await store.close();
      await engine.close();
    }

    const name = routing === "preset" ? "feedback" : `feedback-${routing}`;
    const jsonPath = resultsPath(`${name}.json`);
    mkdirSync(dirname(jsonPath), { recursive: true });
    writeFileSync(jsonPath, JSON.stringify(report, null, 2) + "\n");
    const { before, after } = report;
    writeFileSync(
      resultsPath(`${name}.svg`),
      barChartSvg(`Held-out routed retrieval (${routing}) before/after learning from ${report.feedback} feedback`, ["before", "after learning"], [
        { label: "recall@5", values: [before.heldout.recall_at_5, after.heldout.recall_at_5] },
        { label: "recall@10", values: [before.heldout.recall_at_10, after.heldout.recall_at_10] },
        { label: "MRR", values: [before.heldout.mrr, after.heldout.mrr] },
        { label: "nDCG@10", values: [before.heldout.ndcg_at_10, after.heldout.ndcg_at_10] },
      ]),
    );
    if (values.json) {
      await writeLine(io.stdout, JSON.stringify(report));
      return 0;
    }
    const f = (x: number) => x.toFixed(3);
    await writeLine(io.stdout, `routing ${routing}; feedback: ${report.feedback} from ${train.length} train queries; learned ${JSON.stringify(report.weights.fields)} fusion=${report.weights.fusion}`);
    const line = (name: string, count: number, b: QueryMetrics, a: QueryMetrics) =>
      `${name} (${count}) routed recall@5 ${f(b.recall_at_5)} -> ${f(a.recall_at_5)}, recall@10 ${f(b.recall_at_10)} -> ${f(a.recall_at_10)}, MRR ${f(b.mrr)} -> ${f(a.mrr)}, nDCG@10 ${f(b.ndcg_at_10)} -> ${f(a.ndcg_at_10)}`;
    await writeLine(io.stdout, line("held-out", heldout.length, before.heldout, after.heldout));
    for (const { split, name, queries } of later) await writeLine(io.stdout, line(name, queries.length, before[split]!, after[split]!));
    await writeLine(io.stdout, `wrote ${jsonPath} and ${name}.svg`);
    return 0;
  },
};
