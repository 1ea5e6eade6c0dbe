/**
 * The baseline: the least a JSON API on `node:http` does per request — read the body, parse the
 * JSON, answer a JSON envelope. It answers each benchmark query with the envelope arcroute answers
 * for it (the same activation result, computed once before the run, with a fresh id and timestamp),
 * so both servers send bodies of the same shape and size and the comparison isolates arcroute's own
 * work (auth, limits, classification, persistence), not a difference in payload.
 * No auth, no limits, no classifier, no persistence.
 */
import http from "node:http";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";

/** An activation result without its id, as arcroute answers it for one query. */
export interface FixedAnswer {
  arc_types: string[];
  primary_domain: string | null;
  field_filters: { field: string; operator: string; value: string | number; weight: number }[];
  confidence: number;
  significance_gate: boolean;
}

/** What the baseline answers: per query, and for any other query. */
export interface BareAnswers {
  byQuery: Record<string, FixedAnswer>;
  fallback: FixedAnswer;
  classifierModel: string;
}

/** What arcroute answers for "times dad was proud of me" (the default when no table is given). */
const PROUD: FixedAnswer = {
  arc_types: ["bond"],
  primary_domain: "constellation",
  field_filters: [
    { field: "arc_type", operator: "eq", value: "bond", weight: 1 },
    { field: "tether_type", operator: "eq", value: "person", weight: 0.75 },
    { field: "valence", operator: "eq", value: "positive", weight: 0.8 },
    { field: "emotional_weight", operator: "gte", value: 0.5, weight: 0.4 },
    { field: "emotion_primary", operator: "eq", value: "pride", weight: 0.6 },
    { field: "relational_dynamics", operator: "eq", value: "parent_child", weight: 0.6 },
  ],
  confidence: 0.966,
  significance_gate: true,
};
export const DEFAULT_ANSWERS: BareAnswers = { byQuery: {}, fallback: PROUD, classifierModel: "arcroute-lexicon@1" };

function answer(res: http.ServerResponse, status: number, payload: unknown): void {
  const body = JSON.stringify(payload);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) }).end(body);
}

export function createBareServer(answers: BareAnswers = DEFAULT_ANSWERS): http.Server {
  const byQuery = new Map(Object.entries(answers.byQuery));
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let query: unknown;
      try {
        query = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { query?: unknown }).query;
      } catch {
        return answer(res, 400, { success: false, error: "Invalid JSON body", data: null });
      }
      answer(res, 200, {
        success: true,
        error: null,
        data: { activation_id: randomUUID(), ...(byQuery.get(query as string) ?? answers.fallback) },
        meta: { query, classifier_model: answers.classifierModel, activated_at: new Date().toISOString(), top_k: 10 },
      });
    });
  });
}

/** Listens on 127.0.0.1 and resolves with the API root (same `/v1/activate` path as arcroute). */
export function listenBare(answers?: BareAnswers, port = 0): Promise<{ url: string; server: http.Server }> {
  const server = createBareServer(answers);
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server })));
}
