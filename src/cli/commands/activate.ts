/**
 * `arcroute activate "<query>"` and `arcroute activate --jsonl`: classify locally and print the
 * same envelope the HTTP API returns (activation_id null: nothing is persisted).
 */
import { classify, CLASSIFIER_MODEL, explain } from "../../classify/index.js";
import type { Classification } from "../../classify/types.js";
import { decoratedModelName } from "../../classify/decorate.js";
import { addNamedTies } from "../../classify/people.js";
import { readKnownPeople } from "../../classify/people-file.js";
import { learnedModelName, learnedReweighting, readLearnedWeights } from "../../feedback/weights.js";
import { parseActivateRequest, DEFAULT_TOP_K } from "../../schema/request.js";
import { integerOption } from "../../serve/cli-options.js";
import type { Command } from "../command.js";
import { parseCommandArgs } from "../args.js";
import { CliError } from "../errors.js";
import { inputLines, writeLine, type CliIO } from "../io.js";

const usage = `Usage:
  arcroute activate "<query>" [--top-k N]   classify one query, print the JSON envelope
  arcroute activate --jsonl [--top-k N]     one query per stdin line -> one envelope per stdout line, in order
                                            (blank lines are skipped, as by tag --jsonl)
  --weights FILE                            apply learned weights (a file written by arcroute learn) to the filters;
                                            the model is then arcroute-lexicon@1+learned
  --people FILE                             a JSON people map ({"Clare": "sibling_bond"}): a name in a significance
                                            query adds the relational_dynamics filter of its tie (model …+people)
  --debug                                   also print the explanation (cues behind gate, arcs, filters) to stderr
                                            (the explanation is of the unweighted classifier)
  --json                                    accepted for uniformity with the other commands: the output is always JSON`;

/** The local classifier, with learned weights applied to its filters and the people map's ties added when files were given. */
interface LocalClassifier {
  model: string;
  classify(query: string): Classification;
}

/** A file the user named, read and checked; its error (already one line naming the file) as a usage error. */
function readOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Named as withLearnedWeights and withPeople name theirs (`…+learned+people`); built here because
 * those are async, and --jsonl is not. The people's ties come after the weights: a name is the
 * user's own word, not a guess learning should discount.
 */
function localClassifier(weightsFile: string | undefined, peopleFile: string | undefined): LocalClassifier {
  let local: LocalClassifier = { model: CLASSIFIER_MODEL, classify };
  if (weightsFile !== undefined) {
    const apply = learnedReweighting(readOrExit(() => readLearnedWeights(weightsFile)));
    const base = local;
    local = { model: learnedModelName(base.model), classify: (query) => apply(base.classify(query)) };
  }
  if (peopleFile !== undefined) {
    const people = readOrExit(() => readKnownPeople(peopleFile));
    const base = local;
    local = { model: decoratedModelName(base.model, "people"), classify: (query) => addNamedTies(base.classify(query), query, people) };
  }
  return local;
}

function envelopeFor(rawQuery: string, topK: number, classifier: LocalClassifier): string {
  const parsed = parseActivateRequest({ query: rawQuery, top_k: topK });
  if (!parsed.ok) return JSON.stringify({ success: false, error: parsed.message, data: null, code: "invalid_request" });
  const data = classifier.classify(parsed.value.query);
  const meta = { query: rawQuery, classifier_model: classifier.model, activated_at: new Date().toISOString(), top_k: topK };
  return JSON.stringify({ success: true, error: null, data, meta });
}

function parseTopK(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TOP_K;
  return integerOption("top-k", value, 1, 100);
}

async function runJsonl(io: CliIO, topK: number, classifier: LocalClassifier): Promise<number> {
  let failures = 0;
  for await (const { text } of inputLines(io)) {
    const out = envelopeFor(text, topK, classifier);
    if (out.startsWith('{"success":false')) failures++;
    await writeLine(io.stdout, out);
  }
  return failures > 0 ? 1 : 0;
}

export const command: Command = {
  summary: "classify a query into EDM significance filters (no server needed)",
  usage,
  async run(args, io) {
    const parsed = parseCommandArgs(args, { jsonl: { type: "boolean" }, json: { type: "boolean" }, debug: { type: "boolean" }, "top-k": { type: "string" }, weights: { type: "string" }, people: { type: "string" } }, true);
    const topK = parseTopK(parsed.values["top-k"]);
    const classifier = localClassifier(parsed.values.weights, parsed.values.people);
    if (parsed.values.jsonl) {
      if (parsed.positionals.length > 0) throw new CliError("--jsonl reads queries from stdin; do not pass a query argument");
      if (parsed.values.debug) throw new CliError("--debug explains one query: it does not combine with --jsonl");
      return runJsonl(io, topK, classifier);
    }
    if (parsed.positionals.length !== 1) throw new CliError('expected exactly one query: arcroute activate "<query>"');
    const request = parseActivateRequest({ query: parsed.positionals[0], top_k: topK });
    if (!request.ok) throw new CliError(request.message);
    await writeLine(io.stdout, envelopeFor(parsed.positionals[0]!, topK, classifier));
    if (parsed.values.debug) {
      const { gate, arcs, filters } = explain(request.value.query);
      await writeLine(io.stderr, JSON.stringify({ gate, arcs, filters }, null, 2));
    }
    return 0;
  },
};
