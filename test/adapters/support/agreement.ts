/**
 * The agreement suite every interpreted adapter runs: for the hand-picked cases and generated
 * filter sets, on the flat and nested corpus, the store's output — interpreted by a tiny
 * evaluator of that store's filter language — selects exactly the reference ids, and (where the
 * store has a boost mode) scores every payload like the reference.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { referenceBoost, referenceIds, type ReferenceFilter } from "../../support/reference-filter.js";
import { CASES, filterSets, loadCorpus, type Layout } from "./corpus.js";

export interface AgreementSpec<F, B = never> {
  store: string;
  layouts?: readonly Layout[];
  /** The adapter in filter mode; `undefined` = no filter. */
  filter(filters: ReferenceFilter[], layout: Layout): F | undefined;
  /** Also checks the output against the store's schema/grammar (throws on violation). */
  validate?(output: F): void;
  matches(output: F, payload: Record<string, unknown>): boolean;
  boost?: {
    build(filters: ReferenceFilter[], layout: Layout, boostWeight: number): B | undefined;
    validate?(output: B): void;
    /** The boost the store adds to a document's score. */
    score(output: B, payload: Record<string, unknown>): number;
  };
}

export function agreementSuite<F, B = never>(spec: AgreementSpec<F, B>): void {
  for (const layout of spec.layouts ?? (["flat", "nested"] as const)) {
    describe(`${spec.store} (${layout} payloads) agrees with the reference`, () => {
      const corpus = loadCorpus(layout);
      const ids = (filters: ReferenceFilter[]) => {
        const output = spec.filter(filters, layout);
        if (output === undefined) return corpus.map((d) => d.id);
        spec.validate?.(output);
        return corpus.filter((d) => spec.matches(output, d.payload)).map((d) => d.id);
      };
      it.each(CASES)("$name", ({ filters }) => {
        expect(ids(filters)).toEqual(referenceIds(corpus, filters, layout));
      });
      it("generated filter sets", () => {
        fc.assert(
          fc.property(filterSets, (filters) => {
            expect(ids(filters)).toEqual(referenceIds(corpus, filters, layout));
          }),
          { numRuns: 200, seed: 11 },
        );
      });
      const boost = spec.boost;
      if (boost) {
        it("boost scores: hand-picked and generated", () => {
          const check = (filters: ReferenceFilter[], weight: number) => {
            const output = boost.build(filters, layout, weight)!;
            boost.validate?.(output);
            for (const doc of corpus) expect(boost.score(output, doc.payload)).toBeCloseTo(referenceBoost(doc.payload, filters, layout, weight), 9);
          };
          for (const { filters } of CASES) check(filters, 0.5);
          fc.assert(fc.property(filterSets, (filters) => check(filters, 1)), { numRuns: 100, seed: 12 });
        });
      }
    });
  }
}

/** Value at a dotted path (the interpreters' shared notion of a document path). */
export function at(payload: unknown, path: string): unknown {
  let node = payload;
  for (const segment of path.split(".")) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}
