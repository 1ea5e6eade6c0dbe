/**
 * `arcroute bench feedback`: does learning from retrieval feedback improve routed recall?
 *
 * 1. Simulated users ask the TRAIN significance queries of the retrieval benchmark; each query is
 *    classified, persisted as an activation event, and routed (filter mode + fallback) over the
 *    corpus; for every memory the user wanted, they send feedback `{activation_id, hit, memory_id}`
 *    through the real `/v1/feedback` route handler into a store.
 * 2. `learnFromStore` (what `arcroute learn` runs) learns field weights from that store.
 * 3. Routed recall@5/@10 of the HELD-OUT queries, before (plain classifier) and after
 *    (`withLearnedWeights`), written to benchmarks/results/feedback.json and feedback.svg.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { lexicalClassifier } from "../../src/classify/index.js";
import type { Classifier } from "../../src/classify/types.js";
import type { Command } from "../../src/cli/command.js";
import { CliError } from "../../src/cli/errors.js";
import { writeLine } from "../../src/cli/io.js";
import { loadWordVectorEmbedder } from "../../src/embed/word-vectors.js";
import { learnFromStore } from "../../src/feedback/learn.js";
import { withLearnedWeights, type LearnedWeights } from "../../src/feedback/weights.js";
import { handleFeedback } from "../../src/http/routes/feedback.js";
import { openStore } from "../../src/stores/open.js";
import type { ArcStore } from "../../src/stores/types.js";
import { resultsPath } from "../paths.js";
import { barChartSvg } from "../charts/bars.js";
import { loadRetrievalSet, type RetrievalQuery } from "./data.js";
import { recall, routedSearch, type Memory } from "./simulate.js";

const ORG = "bench-feedback";

interface RecallFigures {
  queries: number;
  recall_at_5: number;
  recall_at_10: number;
}

async function routedRecall(classifier: Classifier, queries: RetrievalQuery[], vectors: Map<string, Float32Array>, memories: Memory[]): Promise<RecallFigures> {
  let at5 = 0;
  let at10 = 0;
  for (const query of queries) {
    const activation = await classifier.classify(query.query);
    const ids = routedSearch(vectors.get(query.id)!, memories, activation, 10);
    at5 += recall(ids.slice(0, 5), query.relevant);
    at10 += recall(ids, query.relevant);
  }
  const n = Math.max(queries.length, 1);
  return { queries: queries.length, recall_at_5: at5 / n, recall_at_10: at10 / n };
}

/** Step 1: users of the train queries give one feedback per wanted memory. */
async function simulateUsers(store: ArcStore, classifier: Classifier, queries: RetrievalQuery[], vectors: Map<string, Float32Array>, memories: Memory[], k: number): Promise<number> {
  let sent = 0;
  for (const query of queries) {
    const result = await classifier.classify(query.query);
    const id = randomUUID();
    const now = new Date().toISOString();
    await store.recordActivation(
      { id, org_id: ORG, key_id: "key_bench", query: query.query, subject_vp_id: null, result: { ...result, activation_id: id }, classifier_model: classifier.model, top_k: k, billed: false, created_at: now },
      null,
      null,
    );
    const found = new Set(routedSearch(vectors.get(query.id)!, memories, result, k));
    for (const memoryId of query.relevant) {
      const answer = await handleFeedback(store, ORG, { activation_id: id, hit: found.has(memoryId), memory_id: memoryId });
      if (answer.status !== 200) throw new Error(`feedback refused: ${answer.body.error}`);
      sent++;
    }
  }
  return sent;
}

const usage = `Usage: arcroute bench feedback [--k 10] [--store memory|pglite:<dir>|postgres://...]
  Simulated hit/miss feedback on the retrieval benchmark's train queries, learned weights,
  routed recall on its held-out queries before and after. Writes benchmarks/results/feedback.{json,svg}.`;

export const benchmark: Command = {
  summary: "learning from simulated retrieval feedback: held-out routed recall before/after",
  usage,
  async run(args, io) {
    let values;
    try {
      ({ values } = parseArgs({ args, options: { k: { type: "string", default: "10" }, store: { type: "string", default: "memory" } } }));
    } catch (error) {
      throw new CliError((error as Error).message);
    }
    const k = Number(values.k);
    if (!Number.isInteger(k) || k < 1 || k > 100) throw new CliError(`--k must be an integer from 1 to 100, got '${values.k}'`);
    const data = loadRetrievalSet();
    const embedder = loadWordVectorEmbedder();
    const memories: Memory[] = data.memories.map((m) => ({ id: m.id, payload: m.payload, vector: embedder.embedOne(m.text) }));
    const vectors = new Map(data.queries.map((q) => [q.id, embedder.embedOne(q.query)]));
    const significant = data.queries.filter((q) => q.type === "significance");
    const train = significant.filter((q) => q.split === "train");
    const heldout = significant.filter((q) => q.split === "heldout");
    if (train.length === 0 || heldout.length === 0) throw new CliError("the retrieval set needs significance queries in both splits (train, heldout)");

    const classifier = lexicalClassifier;
    const store = await openStore(values.store);
    let weights: LearnedWeights;
    let feedbackSent: number;
    try {
      feedbackSent = await simulateUsers(store, classifier, train, vectors, memories, k);
      weights = await learnFromStore(store, ORG);
    } finally {
      await store.close();
    }
    const before = { train: await routedRecall(classifier, train, vectors, memories), heldout: await routedRecall(classifier, heldout, vectors, memories) };
    const learned = withLearnedWeights(classifier, weights);
    const after = { train: await routedRecall(learned, train, vectors, memories), heldout: await routedRecall(learned, heldout, vectors, memories) };

    const report = { benchmark: "feedback", classifier: classifier.model, k, corpus: memories.length, feedback: feedbackSent, weights, before, after };
    const jsonPath = resultsPath("feedback.json");
    mkdirSync(dirname(jsonPath), { recursive: true });
    writeFileSync(jsonPath, JSON.stringify(report, null, 2) + "\n");
    writeFileSync(
      resultsPath("feedback.svg"),
      barChartSvg(`Held-out routed recall before/after learning from ${feedbackSent} feedback`, ["before", "after learning"], [
        { label: "recall@5", values: [before.heldout.recall_at_5, after.heldout.recall_at_5] },
        { label: "recall@10", values: [before.heldout.recall_at_10, after.heldout.recall_at_10] },
      ]),
    );
    const f = (x: number) => x.toFixed(3);
    await writeLine(io.stdout, `feedback: ${feedbackSent} from ${train.length} train queries; learned ${JSON.stringify(weights.fields)} fusion=${weights.fusion}`);
    await writeLine(io.stdout, `held-out (${heldout.length}) routed recall@5 ${f(before.heldout.recall_at_5)} -> ${f(after.heldout.recall_at_5)}, recall@10 ${f(before.heldout.recall_at_10)} -> ${f(after.heldout.recall_at_10)}`);
    await writeLine(io.stdout, `wrote ${jsonPath} and feedback.svg`);
    return 0;
  },
};
