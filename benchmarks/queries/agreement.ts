/**
 * Agreement between two annotators of the same queries (HELDOUT-2.md, HELDOUT-3.md: the authors'
 * labels against a second annotator's blind labels), scored like the classifier benchmark scores a
 * prediction:
 *   npx tsx benchmarks/queries/agreement.ts [<split>-second-annotator.jsonl]   (default heldout2's)
 * The split is the one the second annotation's records name.
 * The second annotator plays the classifier: gate agreement over all queries; over the queries both
 * call gate-true, top arc = the second annotator's first arc is one of the author's arcs (the
 * benchmark's top-1), same first arc, same tether type, same valence.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { benchmarkPath } from "../paths.js";
import { loadQueries, parseQueries, type LabeledQuery } from "./load.js";

export interface Agreement {
  queries: number;
  gate: number;
  bothGateTrue: number;
  topArcInLabels: number;
  sameFirstArc: number;
  tether: number;
  valence: number;
}

export function agreement(authors: readonly LabeledQuery[], second: readonly LabeledQuery[]): Agreement {
  const byId = new Map(second.map((q) => [q.id, q]));
  const out: Agreement = { queries: 0, gate: 0, bothGateTrue: 0, topArcInLabels: 0, sameFirstArc: 0, tether: 0, valence: 0 };
  for (const a of authors) {
    const b = byId.get(a.id);
    if (b === undefined || b.query !== a.query) throw new Error(`the second annotation lacks ${a.id} or changed its text`);
    out.queries += 1;
    if (a.gate === b.gate) out.gate += 1;
    if (!a.gate || !b.gate) continue;
    out.bothGateTrue += 1;
    if (a.arc_types.includes(b.arc_types[0]!)) out.topArcInLabels += 1;
    if (a.arc_types[0] === b.arc_types[0]) out.sameFirstArc += 1;
    if (a.tether_type === b.tether_type) out.tether += 1;
    if (a.valence === b.valence) out.valence += 1;
  }
  return out;
}

function main(argv: string[]): void {
  const path = argv[0] ?? benchmarkPath("queries", "heldout2-second-annotator.jsonl");
  const second = parseQueries(readFileSync(path, "utf8"), path);
  const split = second[0]?.split ?? "heldout2";
  const a = agreement(loadQueries(split), second);
  const share = (n: number, of: number) => `${n}/${of} = ${(n / of).toFixed(3)}`;
  console.log(`gate ${share(a.gate, a.queries)}; of ${a.bothGateTrue} both gate-true: top arc in the author's arcs ${share(a.topArcInLabels, a.bothGateTrue)}, same first arc ${share(a.sameFirstArc, a.bothGateTrue)}, tether ${share(a.tether, a.bothGateTrue)}, valence ${share(a.valence, a.bothGateTrue)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main(process.argv.slice(2));
