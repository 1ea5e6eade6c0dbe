/**
 * `arcroute tag "<text>"` and `arcroute tag --jsonl`: EDM payloads for documents that have none,
 * with `tag()` (no server, nothing downloaded). `--jsonl` reads the corpus format the adapters and
 * benchmarks use, `{"id", "text", "payload"?}` one per line, and writes each document back with its
 * `payload` filled in: fields a document already has are kept (hand labels beat the tagger), the
 * tagger fills the rest. A bad line is answered in its place, so the output stays line-aligned.
 */
import { tag, type EdmTags } from "../../tag/index.js";
import { EDM_DOMAINS, isCanonicalValue, isCategoricalField, isNumericField } from "../../schema/vocabulary.js";
import { exceedsChars } from "../../schema/request.js";
import type { Command } from "../command.js";
import { parseCommandArgs } from "../args.js";
import { CliError } from "../errors.js";
import { inputLines, writeLine, type CliIO } from "../io.js";

/** Longest text tagged (characters, counted as code points like every limit here): a document, not a book. */
export const MAX_TEXT_LENGTH = 100_000;

const usage = `Usage:
  arcroute tag "<text>"    print the EDM payload of one document as JSON
  arcroute tag --jsonl     stdin: one {"id","text","payload"?} object per line -> the same object with
                           "payload" filled in, one per stdout line, in order (fields a document
                           already has are kept; one given as null is filled). Texts of at most
                           100,000 characters. Blank lines are skipped; a bad line is answered
                           in its place with {"line":N,"error":"..."} and the exit code is 1.
  --json                   accepted for uniformity with the other commands: the output is always JSON`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Why a text cannot be tagged, or null. */
function textProblem(text: unknown): string | null {
  if (typeof text !== "string" || text.trim() === "") return 'expected a non-empty string "text"';
  if (exceedsChars(text, MAX_TEXT_LENGTH)) return `"text" is longer than ${MAX_TEXT_LENGTH} characters`;
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
  const given = (document.payload ?? {}) as Record<string, unknown>;
  const invalid = payloadProblem(given);
  if (invalid !== null) return { ok: false, error: invalid };
  return { ok: true, document: { ...document, payload: merge(tag(document.text as string), given) } };
}

/**
 * Why fields a document already has cannot stand beside the tagger's, or null. The adapters compare
 * exactly, so "Grief" or "0.9" would never match a filter; and the tagger writes flat fields, which
 * would contradict EDM domain objects (`constellation: {arc_type}`) in the same payload.
 */
function payloadProblem(given: Record<string, unknown>): string | null {
  for (const domain of EDM_DOMAINS) {
    if (isRecord(given[domain])) return `"payload" has EDM fields nested under "${domain}": tag fills flat fields, give the payload flat`;
  }
  for (const [field, value] of Object.entries(given)) {
    if (value === null) continue;
    if (field === "secondary_arc_types") {
      if (!Array.isArray(value) || !value.every((arc) => isCanonicalValue("arc_type", arc))) return '"payload.secondary_arc_types" must be a list of canonical arc types';
    } else if (isCategoricalField(field) && !isCanonicalValue(field, value)) {
      return `"payload.${field}" is ${JSON.stringify(value)}, not a canonical EDM value`;
    } else if (isNumericField(field) && !(typeof value === "number" && value >= 0 && value <= 1)) {
      return `"payload.${field}" must be a number from 0 to 1`;
    }
  }
  // Secondary arcs rank against a primary one: given alone, the tagger's arc could repeat one of them.
  if (given.secondary_arc_types != null && given.arc_type == null) return '"payload.secondary_arc_types" needs "payload.arc_type" beside it';
  return null;
}

/**
 * The tagger's fields under the document's own; secondary arcs only beside the tagger's own arc
 * (they rank against it). A field given as null is a field not given: the tagger fills it.
 */
function merge(tagged: EdmTags, given: Record<string, unknown>): Record<string, unknown> {
  const present = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== null));
  const { secondary_arc_types, ...rest } = tagged;
  const keepSecondary = secondary_arc_types !== undefined && !Object.hasOwn(present, "arc_type");
  return { ...rest, ...(keepSecondary ? { secondary_arc_types } : {}), ...present };
}

async function runJsonl(io: CliIO): Promise<number> {
  let failures = 0;
  for await (const { text, number } of inputLines(io)) {
    const result = tagLine(text);
    if (!result.ok) failures++;
    await writeLine(io.stdout, JSON.stringify(result.ok ? result.document : { line: number, error: result.error }));
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
