/**
 * The baseline: the least a JSON API on `node:http` does per request — read the body, parse the
 * JSON, answer a JSON envelope of the same shape as arcroute's (no auth, no limits, no classifier,
 * no persistence). arcroute's throughput is reported as a fraction of this server's.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

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
        data: { activation_id: null, arc_types: [], primary_domain: null, field_filters: [], confidence: 0, significance_gate: false },
        meta: { query, classifier_model: "none", activated_at: new Date().toISOString(), top_k: 10 },
      });
    });
  });
}

/** Listens on 127.0.0.1 and resolves with the API root (same `/v1/activate` path as arcroute). */
export function listenBare(port = 0): Promise<{ url: string; server: http.Server }> {
  const server = createBareServer();
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server })));
}
