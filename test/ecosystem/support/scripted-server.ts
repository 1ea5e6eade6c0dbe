/**
 * A tiny node:http server that answers from a script of canned responses and records every
 * request it saw: for testing the client's wire behaviour (headers, retries, error mapping)
 * without depending on the handler set.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ScriptedResponse {
  status: number;
  body: string | object;
  headers?: Record<string, string>;
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface ScriptedServer {
  url: string;
  seen: SeenRequest[];
  /** Responses still to be sent, first first; the last one repeats when the script runs out. */
  script: ScriptedResponse[];
  close(): Promise<void>;
}

export async function startScriptedServer(script: ScriptedResponse[]): Promise<ScriptedServer> {
  const seen: SeenRequest[] = [];
  const state = { script: [...script] };
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body, at: Date.now() });
      const next = state.script.length > 1 ? state.script.shift()! : state.script[0]!;
      const text = typeof next.body === "string" ? next.body : JSON.stringify(next.body);
      res.writeHead(next.status, { "content-type": "application/json", ...next.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    get script() {
      return state.script;
    },
    set script(value) {
      state.script = [...value];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
