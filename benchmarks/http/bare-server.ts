/**
 * The baseline: the least a JSON API on `node:http` does per request — read the body, parse the
 * JSON, answer a JSON envelope. It answers the same envelope shape and size as arcroute (a fixed,
 * representative activation result with a fresh id and timestamp), so the comparison isolates
 * arcroute's own work (auth, limits, classification, persistence), not a difference in payload.
 * No auth, no limits, no classifier, no persistence.
 */
import http from "node:http";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";

/** What arcroute answers for "times dad was proud of me" (fixed here: the baseline classifies nothing). */
const FIXED_RESULT = {
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

function answer(res: http.ServerResponse, status: number, payload: unknown): void {
  const body = JSON.stringify(payload);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) }).end(body);
}

export function createBareServer(): http.Server {
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
        data: { activation_id: randomUUID(), ...FIXED_RESULT },
        meta: { query, classifier_model: "arcroute-lexicon@1", activated_at: new Date().toISOString(), top_k: 10 },
      });
    });
  });
}

/** Listens on 127.0.0.1 and resolves with the API root (same `/v1/activate` path as arcroute). */
export function listenBare(port = 0): Promise<{ url: string; server: http.Server }> {
  const server = createBareServer();
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server })));
}
