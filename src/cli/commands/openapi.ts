/** `arcroute openapi`: print the OpenAPI 3.1 document of the `/v1` surface (`arcroute openapi > openapi.json`). */
import { createOpenApiDocument } from "../../openapi/index.js";
import { serverUrlProblem } from "../../openapi/document.js";
import type { Command } from "../command.js";
import { parseCommandArgs } from "../args.js";
import { CliError } from "../errors.js";
import { writeLine } from "../io.js";
import { basePathOption } from "../../serve/cli-options.js";
import { redactSecrets } from "../../keys/redact.js";

const usage = `Usage: arcroute openapi [--base-path /v1] [--server-url URL] [--json]

Prints the OpenAPI 3.1 document of the /v1 API (generated from the zod schemas) on stdout:
  arcroute openapi > openapi.json

Options:
  --base-path PATH   where the API is mounted (default /v1; e.g. /api/v1)
  --server-url URL   absolute server URL to put in servers[0] (no user name or password)
  --json             compact one-line JSON (default: indented)`;

export const command: Command = {
  summary: "print the OpenAPI 3.1 document of the /v1 API",
  usage,
  async run(args, io) {
    const { values } = parseCommandArgs(args, { "base-path": { type: "string" }, "server-url": { type: "string" }, json: { type: "boolean" } });
    const basePath = values["base-path"] === undefined ? undefined : basePathOption(values["base-path"]);
    const serverUrl = values["server-url"];
    // Messages never repeat a password typed into the URL.
    if (serverUrl !== undefined && !URL.canParse(serverUrl)) throw new CliError(`--server-url must be an absolute URL, got '${redactSecrets(serverUrl)}'`);
    const problem = serverUrl === undefined ? null : serverUrlProblem(serverUrl);
    if (problem !== null) throw new CliError(`--server-url ${problem}`);
    const document = createOpenApiDocument({ basePath, serverUrl });
    await writeLine(io.stdout, values.json ? JSON.stringify(document) : JSON.stringify(document, null, 2));
    return 0;
  },
};
