/**
 * A consumer of the published types (by package name, so the build in dist/), compiled by
 * test/types/exact-optional.test.ts under `strict` + `exactOptionalPropertyTypes`, as projects
 * with that flag compile it. There `remoteAddress?: string` refuses Node's `string | undefined`
 * (TS2379): every option users fill from a possibly-undefined value is declared `?: T | undefined`.
 */
import type { Socket } from "node:net";
import type { BaseRetrieverInput } from "@langchain/core/retrievers";
import type { AdapterFieldFilter, BaseOptions } from "arcroute/adapters/shared";
import type { ElasticsearchOptions } from "arcroute/adapters/elasticsearch";
import { toLanceDbFilter } from "arcroute/adapters/lancedb";
import { toMongoDbFilter, type MongoDbOptions } from "arcroute/adapters/mongodb";
import { toPgvectorFilter, type PgvectorOptions } from "arcroute/adapters/pgvector";
import { toQdrantFilter } from "arcroute/adapters/qdrant";
import type { ActivateInput, ArcrouteErrorInit, CallOptions, ClientOptions, FeedbackInput } from "arcroute/client";
import type { Api, ApiOptions, ConnectionInfo } from "arcroute/http";
import type { ArcrouteRetrieverInput, PredicateFilterOptions } from "arcroute/langchain";
import type { RedisLimiterOptions } from "arcroute/stores/redis";
import type { PgliteStoreOptions, PostgresStoreOptions } from "arcroute/stores/postgres";
import {
  classify,
  type Candidate,
  type CreateKeyRequest,
  type FeedbackSelection,
  type FitEnsembleOptions,
  type FitPrototypesOptions,
  type LabeledExample,
  type LearnOptions,
  type LimitResult,
  type LlmHookOptions,
  type Organization,
  type RerankOptions,
  type RetrieveInput,
  type RetrieverOptions,
  type TransformersEmbedderOptions,
} from "arcroute";

/** The optional keys of T that refuse an explicit `undefined`. */
type RefusingUndefined<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? ({ [P in K]: undefined } extends Pick<T, K> ? never : K) : never }[keyof T];
/** Compiles only for `never`: a failure names the keys that refuse `undefined`. */
type None<Keys extends never> = Keys;

export type OptionsTakeUndefined = [
  None<RefusingUndefined<ConnectionInfo>>,
  None<RefusingUndefined<ApiOptions>>,
  None<RefusingUndefined<ClientOptions>>,
  None<RefusingUndefined<CallOptions>>,
  None<RefusingUndefined<ActivateInput>>,
  None<RefusingUndefined<FeedbackInput>>,
  None<RefusingUndefined<ArcrouteErrorInit>>,
  None<RefusingUndefined<TransformersEmbedderOptions>>,
  None<RefusingUndefined<LlmHookOptions>>,
  None<RefusingUndefined<LearnOptions>>,
  None<RefusingUndefined<FeedbackSelection>>,
  None<RefusingUndefined<FitPrototypesOptions>>,
  None<RefusingUndefined<FitEnsembleOptions>>,
  None<RefusingUndefined<LabeledExample>>,
  None<RefusingUndefined<RetrieverOptions<string, string, unknown>>>,
  None<RefusingUndefined<RetrieveInput>>,
  None<RefusingUndefined<RerankOptions>>,
  None<RefusingUndefined<Candidate>>,
  None<RefusingUndefined<CreateKeyRequest>>,
  None<RefusingUndefined<Organization>>,
  None<RefusingUndefined<LimitResult>>,
  None<RefusingUndefined<Omit<ArcrouteRetrieverInput, keyof BaseRetrieverInput>>>, // LangChain's own keys are LangChain's
  None<RefusingUndefined<PredicateFilterOptions>>,
  None<RefusingUndefined<RedisLimiterOptions>>,
  None<RefusingUndefined<PostgresStoreOptions>>,
  None<RefusingUndefined<PgliteStoreOptions>>,
  None<RefusingUndefined<BaseOptions>>,
  None<RefusingUndefined<AdapterFieldFilter>>,
  None<RefusingUndefined<PgvectorOptions>>,
  None<RefusingUndefined<MongoDbOptions>>,
  None<RefusingUndefined<ElasticsearchOptions>>,
];

/** The review's case: the peer address of a Node socket, handed on as it is. */
export const forward = (api: Api, request: Request, socket: Socket) => api.fetch(request, { remoteAddress: socket.remoteAddress });

/** The adapters' filter overloads and `classify` take a mode or flag that may be unset. */
export function unsetFlags(mode: "filter" | "gate" | undefined, debug: false | undefined) {
  const activation = classify("when nan passed away", { debug });
  return [toLanceDbFilter(activation, { mode }), toQdrantFilter(activation, { mode }), toPgvectorFilter(activation, { mode }), toMongoDbFilter(activation, { mode })];
}
