/** What a vector store gives the retrieval helpers, and what they give back. */

/** One search hit, as any store can describe it. */
export interface Candidate<T = unknown> {
  /** Stable id; the retriever merges searches by it. */
  id: string;
  /** Vector similarity, higher is better (e.g. cosine similarity = 1 − cosine distance). */
  score: number;
  /** The document's EDM fields, flat (`arc_type`) or nested (`constellation.arc_type`, see `fields`). */
  payload: Record<string, unknown>;
  /** Anything the caller wants carried along (the document, its text, the raw row). */
  item?: T | undefined;
}

/** Where a ranked candidate came from. */
export type CandidateSource =
  /** the filtered search with every hard field of the activation (every field unless `hardFields` says otherwise) */
  | "filtered"
  /**
   * a filtered search with only some of the activation's fields: relaxation (the lowest-weight
   * hard fields dropped), a `routeFields` route, or the `belowThresholds` search
   */
  | "relaxed"
  /** the unfiltered fallback search */
  | "fallback"
  /** boost mode's unfiltered candidate pool */
  | "pool"
  /** gate closed or no filters: the unfiltered search, passed through untouched */
  | "unrouted";

export interface RankedCandidate<T = unknown> extends Candidate<T> {
  /** The fused score the list is ordered by (equals `vectorScore` when nothing was routed). */
  score: number;
  /** The candidate's own vector similarity. */
  vectorScore: number;
  /** Weighted share of the activation's filter fields the payload satisfies, in [0, 1]. */
  matchScore: number;
  source?: CandidateSource;
}

/** A retriever result: it always says which search found it. */
export interface RetrievedCandidate<T = unknown> extends RankedCandidate<T> {
  source: CandidateSource;
}
