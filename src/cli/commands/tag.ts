/**
 * `arcroute tag "<text>"` and `arcroute tag --jsonl`: EDM payloads for documents that have none,
 * with `tag()` (no server, nothing downloaded). `--jsonl` reads the corpus format the adapters and
 * benchmarks use, `{"id", "text", "payload"?}` one per line, and writes each document back with its
 * `payload` filled in: fields a document already has are kept (hand labels beat the tagger), the
 * tagger fills the rest. A bad line is answered in its place, so the output stays line-aligned.
 */
import { createInterface } from "node:readline";
import { tag } from "../../tag/index.js";
import type { Command } from "../command.js";
import { parseCommandArgs } from "../args.js";
import { CliError } from "../errors.js";
import { writeLine, type CliIO } from "../io.js";

/** Longest text tagged (characters): a document, not a book. */
export const MAX_TEXT_LENGTH = 100_000;

const usage = `Usage:
  arcroute tag "<text>"    print the EDM payload of one document as JSON
  arcroute tag --jsonl     stdin: one {"id","text","payload"?} object per line -> the same object with
                           "payload" filled in, one per stdout line, in order (fields a document
                           already has are kept). Blank lines are skipped; a bad line is answered
                           in its place with {"line":N,"error":"..."} and the exit code is 1.
  --json                   accepted for uniformity with the other commands: the output is always JSON`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Why a text cannot be tagged, or null. */
function textProblem(text: unknown): string | null {
  if (typeof text !== "string" || text.trim() === "") return 'expected a non-empty string "text"';
  if (text.length > MAX_TEXT_LENGTH) return `"text" is longer than ${MAX_TEXT_LENGTH} characters`;
  return null;
}

/** One --jsonl line → the tagged document, or the reason it cannot be tagged. */
function tagLine(line: string): { ok: true; document: Record<string, unknown> } | { ok: false; error: string } {
  let document: unknown;
  try {
    document = JSON.parse(line);
  } catch {
    return { ok: false, error: "not JSON" };
  }
  if (!isRecord(document)) return { ok: false, error: 'expected a JSON object {"id","text","payload"?}' };
  const problem = textProblem(document.text);
  if (problem !== null) return { ok: false, error: problem };
  if (document.payload !== undefined && !isRecord(document.payload)) return { ok: false, error: '"payload" must be an object' };
  return { ok: true, document: { ...document, payload: { ...tag(document.text as string), ...document.payload } } };
}

async function runJsonl(io: CliIO): Promise<number> {
  const lines = createInterface({ input: io.stdin, crlfDelay: Infinity });
  let lineNumber = 0, failures = 0;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === "") continue;
    const result = tagLine(line);
    if (!result.ok) failures++;
    await writeLine(io.stdout, JSON.stringify(result.ok ? result.document : { line: lineNumber, error: result.error }));
  }
  return failures > 0 ? 1 : 0;
}

export const command: Command = {
  summary: "EDM payloads for documents that have none (tag(), no server needed)",
  usage,
  async run(args, io) {
    const parsed = parseCommandArgs(args, { jsonl: { type: "boolean" }, json: { type: "boolean" } }, true);
    if (parsed.values.jsonl) {
      if (parsed.positionals.length > 0) throw new CliError("--jsonl reads documents from stdin; do not pass a text argument");
      return runJsonl(io);
    }
    if (parsed.positionals.length !== 1) throw new CliError('expected exactly one text: arcroute tag "<text>"');
    const problem = textProblem(parsed.positionals[0]);
    if (problem !== null) throw new CliError(problem);
    await writeLine(io.stdout, JSON.stringify(tag(parsed.positionals[0]!)));
    return 0;
  },
};
