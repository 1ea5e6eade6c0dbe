import { matchPlan, satisfiesAll, type Candidate, type SearchRequest } from "../../../src/retrieve/index.js";
import type { FieldFilter } from "../../../src/schema/activation.js";

/**
 * A store double: cosine-like scores fixed per document, filters as FieldFilter[] evaluated with
 * the same semantics the adapters compile (AND across fields, OR within one), every call logged.
 */
export function fakeStore(docs: { id: string; score: number; payload: Record<string, unknown> }[]) {
  const calls: { filter: FieldFilter[] | undefined; k: number }[] = [];
  return {
    calls,
    translate: (filters: FieldFilter[]) => (filters.length ? filters : undefined),
    async search(_query: string, { filter, k }: SearchRequest<FieldFilter[]>): Promise<Candidate[]> {
      calls.push({ filter, k });
      const plan = filter ? matchPlan(filter) : undefined;
      return docs
        .filter((d) => !plan || satisfiesAll(plan, d.payload))
        .sort((a, b) => b.score - a.score)
        .slice(0, k)
        .map((d) => ({ ...d }));
    },
  };
}
