/**
 * `arcroute demo` (what `npm run demo` runs): the five-minute start on embedded defaults.
 *
 * 1. starts the /v1 API on an ephemeral port with an in-memory store and a dev key;
 * 2. loads the sample memory corpus (examples/sample-corpus.jsonl) into an embedded LanceDB
 *    table, embedded with arcroute's offline word-vector embedding;
 * 3. asks the running server's /v1/activate (through arcroute/client, with the dev key) for the
 *    query's significance filters;
 * 4. answers the same query twice, side by side: raw vector search, and significance routing
 *    (LanceDB filter from the activation → fallback → fusion);
 * 5. stops the server and exits 0, unless --keep-serving.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "../../client/index.js";
import type { Embedder } from "../../embed/types.js";
import { loadWordVectorEmbedder } from "../../embed/word-vectors.js";
import type { Command } from "../command.js";
import { parseCommandArgs } from "../args.js";
import { integerOption } from "../../serve/cli-options.js";
import { parseActivateRequest } from "../../schema/request.js";
import { checkoutOnly, CliError } from "../errors.js";
import { writeLine, type CliIO } from "../io.js";
import { startDevServer, type DevServer } from "./demo/server.js";
import type { ActivationEnvelope } from "../../schema/envelope.js";
import { render, type DemoResult } from "./demo/render.js";

export const DEFAULT_DEMO_QUERY = "when was I most afraid of losing her";

const usage = `Usage: arcroute demo [--query "<q>"] [--k N] [--port N] [--keep-serving] [--json]

Starts the /v1 API with a dev key (in-memory store), loads the sample memory corpus into
embedded LanceDB, and answers one significance query twice, side by side: raw vector search
and significance routing through the server's /v1/activate.

Options:
  --query "<q>"    the query (default: "${DEFAULT_DEMO_QUERY}")
  --k N            results per side, 1-20 (default 5)
  --port N         port for the server (default: an ephemeral one)
  --keep-serving   leave the server running afterwards (prints its URL and dev key; Ctrl-C stops it)
  --json           print the result as one JSON object instead of the side-by-side table`;

export const command: Command = {
  summary: "five-minute start: the API, a dev key, LanceDB, raw vs routed retrieval side by side",
  usage,
  checkoutOnly: true,
  async run(args, io) {
    const options = parseOptions(args);
    // The sample corpus, the word vectors, LanceDB and Arrow are in the repository, not the npm package.
    const corpus = await readSampleCorpus().catch(() => {
      throw new CliError(NOT_PACKAGED, 1);
    });
    const [lancedb, { openDemoTable, rawSearch, routedSearch }] = await Promise.all([import("@lancedb/lancedb"), import("./demo/lance.js")]).catch(() => {
      throw new CliError("arcroute demo needs @lancedb/lancedb and apache-arrow (run it from a checkout after npm install)", 1);
    });
    const server = await startDevServer(options.port);
    const dataDir = await mkdtemp(join(tmpdir(), "arcroute-demo-"));
    try {
      progress(io, options, "loading the sample corpus into embedded LanceDB");
      const embedder: Embedder = loadWordVectorEmbedder();
      const table = await openDemoTable(lancedb, dataDir, corpus, embedder);

      const activation = await activate(io, options, server);
      const [queryVector] = await embedder.embed([options.query]);
      const raw = await rawSearch(table, queryVector!, options.k);
      const routed = await routedSearch(table, queryVector!, activation.data, options.k);

      const result: DemoResult = { server: { url: server.url }, query: options.query, activation, raw, routed };
      if (options.json) await writeLine(io.stdout, JSON.stringify(result));
      else await writeLine(io.stdout, render(result, (io.stdout as { columns?: number }).columns ?? 110));

      if (options.keepServing) {
        // Ctrl-C or a service manager's SIGTERM: either way the server closes and the data folder goes.
        // The handlers are in place before the line that invites the signal is written.
        const stopped = new Promise<void>((resolve) => {
          const stop = () => {
            process.off("SIGINT", stop).off("SIGTERM", stop);
            resolve();
          };
          process.once("SIGINT", stop).once("SIGTERM", stop);
        });
        io.stderr.write(`\narcroute demo: serving ${server.url} with dev key ${server.apiKey} (Ctrl-C to stop)\n`);
        await stopped;
      }
      return 0;
    } finally {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

/** The activation for the query, from the running server's /v1/activate with the dev key. */
async function activate(io: CliIO, options: DemoOptions, server: DevServer): Promise<ActivationEnvelope> {
  progress(io, options, `asking ${server.url}/activate with the dev key`);
  const client = createClient({ baseUrl: server.url, apiKey: server.apiKey });
  return client.activate({ query: options.query, top_k: options.k });
}

interface DemoOptions {
  query: string;
  k: number;
  port: number;
  keepServing: boolean;
  json: boolean;
}

function parseOptions(args: string[]): DemoOptions {
  const { values } = parseCommandArgs(args, {
        query: { type: "string" },
        k: { type: "string" },
        port: { type: "string" },
        "keep-serving": { type: "boolean" },
        json: { type: "boolean" },
      });
  // Decimal digits only: "0x50" or an empty value are usage errors, not port 80 or a random port.
  const k = values.k === undefined ? 5 : integerOption("k", values.k, 1, 20);
  const port = values.port === undefined ? 0 : integerOption("port", values.port, 0, 65535);
  const query = values.query ?? DEFAULT_DEMO_QUERY;
  // The API's own rules (empty, too long, NUL), refused as bad input (exit 2) before anything starts.
  const request = parseActivateRequest({ query, top_k: k });
  if (!request.ok) throw new CliError(`--query: ${request.message}`);
  return { query, k, port, keepServing: values["keep-serving"] ?? false, json: values.json ?? false };
}

function progress(io: CliIO, options: DemoOptions, step: string): void {
  if (!options.json) io.stderr.write(`arcroute demo: ${step}...\n`);
}

const NOT_PACKAGED = checkoutOnly("demo", "its sample corpus, word vectors and LanceDB are");

async function readSampleCorpus(): Promise<Record<string, unknown>[]> {
  const text = await readFile(new URL("../../../../examples/sample-corpus.jsonl", import.meta.url), "utf8").catch(() =>
    readFile(new URL("../../../examples/sample-corpus.jsonl", import.meta.url), "utf8"),
  );
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
