/**
 * The retriever helper: activation → filtered search → fallback → fusion, for any store.
 *
 * You supply `search(query, { filter, k })` (one call to your store, `filter` undefined meaning
 * unfiltered) and `translate(filters)` (usually an arcroute adapter, e.g.
 * `(f) => toLanceDbFilter(f, { fields })`). Then for each query:
 *
 * - gate closed (or no filters): ONE unfiltered search of k, returned untouched (factual lookups
 *   are not routed, so they lose nothing);
 * - mode "filter" (default): a filtered search with the activation's HARD fields (`hardFields`:
 *   every field by default; "core" keeps only the arc types and the numeric thresholds hard, the
 *   other fields count in fusion only); while fewer than k distinct results have come back, the
 *   lowest-weight hard field is dropped and the search repeated (`relax`, default on), and finally
 *   an unfiltered search tops the list up; results are merged without duplicates (a result keeps
 *   the stage that found it first) and ordered by `rerank` fusion over ALL the activation's fields
 *   (`routeFields` adds searches by other fields to the candidates before the fallback);
 * - mode "boost": one unfiltered search of `poolSize` candidates, reranked by fusion, top k kept
 *   (for stores without filters, or when routing should only reorder).
 */
import { classify as lexicalClassify } from "../classify/index.js";
import type { FilterPlan } from "../../adapters/shared/index.js";
import type { ActivationResult, FieldFilter } from "../schema/activation.js";
import { checkFilterFieldNames, isNumericField, type FilterField } from "../schema/vocabulary.js";
import { reweightFilters } from "../classify/reweight.js";
import { checkOptions } from "../schema/options.js";
import { hardFieldsOf, type HardFieldsOption } from "./hard-fields.js";
import { matchPlan, type FieldMapOption } from "./match.js";
import { bestPerAlternative, keepingReserved } from "./reserve.js";
import { rerank, type RerankOptions } from "./rerank.js";
import { fetchKAtLeastK, fieldMultipliers, nonNegativeInteger, positiveInteger } from "./checks.js";
import type { Candidate, CandidateSource, RetrievedCandidate } from "./types.js";

export interface SearchRequest<F> {
  /** The store filter from `translate`, or undefined for an unfiltered search. */
  filter: F | undefined;
  k: number;
}

export interface RetrieverOptions<Q, F, T> {
  search: (query: Q, request: SearchRequest<F>) => Promise<Candidate<T>[]>;
  /** Field filters (a subset of the activation's, when relaxing) → the store's filter. */
  translate: (filters: FieldFilter[]) => F | undefined;
  /** Classifies query text when `retrieve` is given no activation; defaults to arcroute's `classify`. */
  classify?: ((text: string) => ActivationResult | Promise<ActivationResult>) | undefined;
  /** Results per query (default 10). */
  k?: number | undefined;
  mode?: "filter" | "boost" | undefined;
  /** Filter mode: drop the lowest-weight field before falling back to an unfiltered search (default true). */
  relax?: boolean | undefined;
  /**
   * Filter mode: which fields filter the store search. "all" (default): every field of the
   * activation. "core": the arc types (all of the activation's ranked alternatives) and numeric
   * thresholds (`emotional_weight`) only; descriptive fields (tether, valence, emotion, …) then only
   * reorder in fusion, so one wrong guess there no longer hides the right memories. A list: those
   * fields. When that leaves no categorical field hard (e.g. "core" for an activation without arc
   * types), every field is hard.
   */
  hardFields?: HardFieldsOption | undefined;
  /**
   * Filter mode: extra routes (default none). For each listed field the activation filters by, one
   * more search with that field's filters plus the numeric thresholds among the hard fields (e.g.
   * `emotion_primary` + `emotional_weight`); its hits join the candidates (`source: "relaxed"`) and
   * fusion ranks them all. For queries led by something other than the arc ("the most frightening
   * moments"): the memories with the named emotion but another arc get a chance.
   */
  routeFields?: readonly string[] | undefined;
  /**
   * Filter mode: results asked of each filtered search, ≥ k, so fusion has more to choose from
   * (default k with `hardFields: "all"`, 3·k otherwise: soft fields can only reorder what was fetched).
   */
  fetchK?: number | undefined;
  /**
   * Filter mode: one more search with the hard fields minus the numeric thresholds (e.g. the arc
   * types without `emotional_weight ≥ 0.5`) for this many candidates (default 0); they compete in
   * fusion without the thresholds' weight. A hedge for a lookup whose gate opened by mistake: its
   * answer is a mundane memory, often of the guessed arc and close to the query, which the
   * threshold alone would hide. Significance queries rarely lose to it (mundane memories match less).
   */
  belowThresholds?: number | undefined;
  /**
   * Filter mode: the `keepNearest` nearest unfiltered neighbours always stay in the k results
   * (default 0). A hedge against a wrongly opened gate: a lookup's answer is usually its nearest
   * neighbour, and hard filters (e.g. `emotional_weight ≥ 0.5`) would hide a mundane one. Costs
   * routed queries up to `keepNearest` of their k places. Must be < k to leave room for routing.
   */
  keepNearest?: number | undefined;
  /**
   * Filter mode: for a hard field with several alternative filters (the arc types the activation
   * ranks), each alternative's best `keepAlternatives` candidates stay in the k results (default 0).
   * A hedge for a wrong first guess: "betrayal" at 0.2 behind "discovery" at 0.78 still shows its
   * best memory instead of none.
   */
  keepAlternatives?: number | undefined;
  /** Boost mode: how many unfiltered candidates to rerank (default max(5·k, 50)). */
  poolSize?: number | undefined;
  fusionWeight?: RerankOptions["fusionWeight"];
  /**
   * Multipliers in [0, 1] of the activation's filter weights, by field, applied before routing and
   * fusion (the rule of learned weights: hundredths, at least 0.05, never above the weight given);
   * a field not listed keeps its weights (default: none). For fields a classifier infers rather
   * than reads off the query (tether type, valence): their guesses then count less against the
   * fields the query names. `Retrieval.activation` is the activation as reweighted.
   */
  fieldWeights?: Partial<Record<FilterField, number>> | undefined;
  fields?: FieldMapOption | undefined;
  normalize?: RerankOptions["normalize"];
}

export interface RetrieveInput {
  /** Use this activation (e.g. from `/v1/activate`) instead of classifying. */
  activation?: ActivationResult | undefined;
  /** Text to classify; defaults to the query itself when the query is a string. */
  text?: string | undefined;
  /** Overrides the retriever's k for this call. */
  k?: number | undefined;
}

/** One search the retriever ran, for logging and debugging. */
export interface SearchStage {
  source: CandidateSource;
  /** Fields the filter kept (empty for unfiltered searches). */
  fields: string[];
  returned: number;
}

export interface Retrieval<T> {
  activation: ActivationResult;
  results: RetrievedCandidate<T>[];
  stages: SearchStage[];
}

export interface Retriever<Q, T> {
  retrieve(query: Q, input?: RetrieveInput): Promise<Retrieval<T>>;
}

const RETRIEVER_OPTIONS = ["search", "translate", "classify", "k", "mode", "relax", "hardFields", "routeFields", "fetchK", "belowThresholds", "keepNearest", "keepAlternatives", "poolSize", "fusionWeight", "fieldWeights", "fields", "normalize"];

/**
 * `F` defaults to `any`, not `unknown`: an unannotated `search` written before `translate` is
 * typed before TypeScript has seen what `translate` returns (NoInfer cannot change that order), and
 * an `unknown` filter would make its store call fail to compile for the property order alone.
 * Written after `translate`, `search` gets translate's exact filter type.
 */
export function createRetriever<Q, F = any, T = unknown>(options: RetrieverOptions<Q, F, T>): Retriever<Q, T> {
  if (options === undefined) throw new TypeError("createRetriever needs { search, translate }");
  checkOptions("createRetriever", options, RETRIEVER_OPTIONS);
  if (typeof options.search !== "function" || typeof options.translate !== "function") throw new TypeError("createRetriever needs `search` and `translate` functions");
  if (options.classify !== undefined && typeof options.classify !== "function") throw new TypeError("createRetriever: `classify` must be a function");
  if (options.relax !== undefined && typeof options.relax !== "boolean") throw new TypeError(`relax must be true or false, got ${JSON.stringify(options.relax)}`);
  checkFilterFieldNames(options.hardFields, "hardFields");
  checkFilterFieldNames(options.routeFields, "routeFields");
  const defaultK = positiveInteger(options.k ?? 10, "k");
  const mode = options.mode ?? "filter";
  // Fail at construction, not on the first query (JavaScript callers get no type check).
  if (mode !== "filter" && mode !== "boost") throw new RangeError(`mode must be "filter" or "boost", got ${JSON.stringify(mode)}`);
  if (options.fusionWeight !== undefined && !(typeof options.fusionWeight === "number" && options.fusionWeight >= 0 && options.fusionWeight <= 1)) {
    throw new RangeError(`fusionWeight must be in [0, 1], got ${options.fusionWeight}`);
  }
  fetchKAtLeastK(options.fetchK, defaultK, "createRetriever");
  if (options.poolSize !== undefined) positiveInteger(options.poolSize, "poolSize");
  const hardFields = options.hardFields ?? "all";
  hardFieldsOf(hardFields, []); // validates the option at construction
  const routeFields = options.routeFields ?? [];
  if (!Array.isArray(routeFields) || !routeFields.every((f) => typeof f === "string")) {
    throw new RangeError(`routeFields must be a list of field names, got ${JSON.stringify(routeFields)}`);
  }
  const keepNearest = nonNegativeInteger(options.keepNearest ?? 0, "keepNearest");
  const leaveRoomForRouting = (k: number) => {
    if (keepNearest >= k) throw new RangeError(`keepNearest must be less than k (${k}) to leave room for routed results, got ${keepNearest}`);
  };
  leaveRoomForRouting(defaultK);
  const keepAlternatives = nonNegativeInteger(options.keepAlternatives ?? 0, "keepAlternatives");
  const belowThresholds = nonNegativeInteger(options.belowThresholds ?? 0, "belowThresholds");
  const multipliers = fieldMultipliers(options.fieldWeights, "createRetriever");
  // Decided once: without multipliers the given activation is routed as it is.
  const reweighted: (activation: ActivationResult) => ActivationResult =
    Object.keys(multipliers).length === 0 ? (activation) => activation : (activation) => reweightFilters(activation, (f) => multipliers[f.field as FilterField] ?? 1);
  const classify = options.classify ?? ((text: string) => lexicalClassify(text));
  const rerankOptions: RerankOptions = { fusionWeight: options.fusionWeight, fields: options.fields, normalize: options.normalize };

  async function activationFor(query: Q, input: RetrieveInput): Promise<ActivationResult> {
    if (input.activation) return input.activation;
    const text = input.text ?? (typeof query === "string" ? query : undefined);
    if (text === undefined) throw new TypeError("retrieve() needs an activation or text to classify when the query is not a string");
    return classify(text);
  }

  return {
    async retrieve(query, input = {}) {
      const k = positiveInteger(input.k ?? defaultK, "k");
      leaveRoomForRouting(k);
      const given = await activationFor(query, input);
      // Validated (matchPlan refuses what the adapters refuse) before it is reweighted.
      const givenPlan = matchPlan(given, options.fields);
      if (!givenPlan) {
        const hits = await options.search(query, { filter: undefined, k });
        return {
          activation: given,
          results: hits.slice(0, k).map((hit) => ({ ...hit, vectorScore: hit.score, matchScore: 0, source: "unrouted" as const })),
          stages: [{ source: "unrouted", fields: [], returned: hits.length }],
        };
      }
      const activation = reweighted(given);
      // Reweighting keeps the gate and every filter, so the plan exists; without multipliers it is the given one.
      const plan = activation === given ? givenPlan : matchPlan(activation, options.fields)!;
      if (mode === "boost") {
        const poolSize = positiveInteger(options.poolSize ?? Math.max(5 * k, 50), "poolSize");
        const pool = await options.search(query, { filter: undefined, k: poolSize });
        const results = rerank(pool, activation, { ...rerankOptions, k }).map((r) => ({ ...r, source: "pool" as const }));
        return { activation, results, stages: [{ source: "pool", fields: [], returned: pool.length }] };
      }
      const fields = plan.groups.map((g) => ({ field: g.field, weight: g.conditions[0]!.weight }));
      return filterMode(query, activation, plan, hardFieldsOf(hardFields, fields), k);
    },
  };

  async function filterMode(query: Q, activation: ActivationResult, plan: FilterPlan, fields: { field: string; weight: number }[], k: number): Promise<Retrieval<T>> {
    // Every field hard (by the option or because the activation has no other): each search already
    // asks for exactly what fusion could keep, so k suffices; otherwise fusion reorders, give it 3·k.
    const everyFieldHard = fields.length === plan.groups.length;
    const fetchK = Math.max(k, options.fetchK ?? (everyFieldHard ? k : 3 * k));
    const found = new Map<string, Candidate<T> & { source: CandidateSource }>();
    const stages: SearchStage[] = [];
    const collect = (hits: Candidate<T>[], source: CandidateSource) => {
      for (const hit of hits) if (!found.has(hit.id)) found.set(hit.id, { ...hit, source });
    };
    /** One filtered search by the activation's filters on the `kept` fields, merged into `found`. */
    const searchBy = async (kept: string[], source: CandidateSource, size = fetchK) => {
      const filter = options.translate(activation.field_filters.filter((f) => kept.includes(f.field)));
      // "No filter" from the store's side (e.g. an adapter in gate mode): nothing to search here.
      if (filter === undefined) return;
      const hits = await options.search(query, { filter, k: size });
      stages.push({ source, fields: kept, returned: hits.length });
      collect(hits, source);
    };
    for (const kept of relaxationLadder(fields, options.relax ?? true)) {
      await searchBy(kept, kept.length === fields.length ? "filtered" : "relaxed");
      if (found.size >= k) break;
    }
    const thresholds = fields.filter((f) => isNumericField(f.field)).map((f) => f.field);
    for (const route of routeFields) {
      if (activation.field_filters.some((f) => f.field === route) && !thresholds.includes(route)) await searchBy([route, ...thresholds], "relaxed");
    }
    const categorical = fields.filter((f) => !isNumericField(f.field)).map((f) => f.field);
    if (belowThresholds > 0 && thresholds.length > 0 && categorical.length > 0) await searchBy(categorical, "relaxed", belowThresholds);
    let nearest: Candidate<T>[] = [];
    if (found.size < k || keepNearest > 0) {
      nearest = await options.search(query, { filter: undefined, k: found.size < k ? Math.max(k, keepNearest) : keepNearest });
      stages.push({ source: "fallback", fields: [], returned: nearest.length });
      collect(nearest, "fallback");
    }
    // Every candidate was found by a search that set its source (`collect`).
    const ranked = rerank([...found.values()], activation, rerankOptions) as RetrievedCandidate<T>[];
    const reserved = [...nearest.slice(0, keepNearest).map((c) => c.id), ...bestPerAlternative(ranked, plan, fields.map((f) => f.field), keepAlternatives)];
    return { activation, results: keepingReserved(ranked, reserved, k), stages };
  }
}

/**
 * The field sets to search with, strictest first: all fields, then (when relaxing) dropping the
 * lowest-weight field each time (ties: the later field goes first) down to the heaviest alone.
 */
export function relaxationLadder(fields: readonly { field: string; weight: number }[], relax: boolean): string[][] {
  const all = fields.map((f) => f.field);
  if (!relax) return [all];
  const dropOrder = fields
    .map((f, index) => ({ ...f, index }))
    .sort((a, b) => a.weight - b.weight || b.index - a.index)
    .map((f) => f.field);
  const ladder: string[][] = [all];
  for (let dropped = 1; dropped < all.length; dropped++) {
    const gone = new Set(dropOrder.slice(0, dropped));
    ladder.push(all.filter((field) => !gone.has(field)));
  }
  return ladder;
}
