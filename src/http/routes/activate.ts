/**
 * `POST <base>/activate` (contract 4.1): classify, then persist the `arc_activation_event`, its
 * charge (gate true and a live key: 1000 micro-dollars) and the idempotency record in ONE
 * `recordActivation` call. Any failure answers 500 `Activation failed` and nothing is billed: a store
 * that lost its connection after sending the write resolves when it learns the write committed, and
 * only when it cannot learn that may a 500 have been billed (README "Activation events and billing").
 */
import { classifyWithModel, type ModelledClassification } from "../../classify/llm/classify-with-model.js";
import { ActivationResultSchema, type ActivationMeta, type ActivationResult } from "../../schema/activation.js";
import { parseActivateRequest, type ActivateRequest } from "../../schema/request.js";
import type { ActivationEvent, ApiKeyRecord, BillingRecord, Organization } from "../../stores/types.js";
import { answerOfWrite, checkIdempotency, claimWrite } from "../idempotency.js";
import { API_MESSAGES } from "../messages.js";
import { failure, successBody } from "../responses.js";
import type { Reply } from "../exchange.js";
import type { Route, RouteContext } from "../route.js";
import { newRecordId } from "../ids.js";
import { isoTimestamp } from "../iso-time.js";

/** $0.001 per significance query, in integer micro-dollars. */
export const ACTIVATION_PRICE_MICROS = 1000;
const OPERATION = "POST /activate";

export const activateRoute: Route = {
  method: "POST",
  pattern: "/activate",
  access: { kind: "key", scope: "extract" },
  body: "json",
  failure: { message: API_MESSAGES.activationFailed, code: "activation_failed" },
  handle: activate,
};

async function activate(context: RouteContext): Promise<Reply> {
  const { caller, headers } = context;
  if (caller.kind !== "key") throw new Error("activate requires a key");
  const parsed = parseActivateRequest(context.json);
  if (!parsed.ok) return failure(400, parsed.message, "invalid_request", headers);
  const request = parsed.value;
  // The fingerprint covers what decides the answer (fields the API ignores do not make another
  // request), and a test key's mode: its answer, never billed, must not be replayed to a live key.
  // (Live fingerprints are as before, so a retry across an upgrade still replays.)
  const fields = { query: request.raw_query, subject_vp_id: request.subject_vp_id ?? null, top_k: request.top_k, ...(caller.key.mode === "test" ? { mode: "test" } : {}) };
  const { answer, claim } = await checkIdempotency(context, caller.org.id, OPERATION, fields);
  if (answer) return answer;

  const classified = await classifyWithModel(context.options.classifier, request.query);
  const activation = prepareActivation(context, request, classified, caller.org, caller.key);
  const outcome = await context.options.store.recordActivation(activation.event, activation.charge, claimWrite(claim, activation.body, context.now));
  return answerOfWrite(outcome, activation.body, headers);
}

interface PreparedActivation {
  event: ActivationEvent;
  charge: BillingRecord | null;
  /** The response body, built before the write so that the idempotency record stores it. */
  body: string;
}

function prepareActivation(context: RouteContext, request: ActivateRequest, modelled: ModelledClassification, org: Organization, key: ApiKeyRecord): PreparedActivation {
  const { result: classified, model } = modelled;
  const id = newRecordId();
  // A user-supplied classifier is checked against the contract before anything is stored or billed.
  const candidate: ActivationResult = { ...classified, activation_id: id };
  const result = context.options.validateClassifier ? ActivationResultSchema.parse(candidate) : candidate;
  const at = isoTimestamp(context.now);
  const billed = result.significance_gate && key.mode === "live";
  const event: ActivationEvent = {
    id,
    org_id: org.id,
    key_id: key.id,
    query: request.raw_query,
    subject_vp_id: request.subject_vp_id ?? null,
    result,
    classifier_model: model,
    top_k: request.top_k,
    billed,
    created_at: at,
  };
  const charge: BillingRecord | null = billed
    ? { id: newRecordId(), org_id: org.id, key_id: key.id, activation_id: id, amount_micros: ACTIVATION_PRICE_MICROS, created_at: at }
    : null;
  const meta: ActivationMeta = { query: request.raw_query, classifier_model: model, activated_at: at, top_k: request.top_k };
  const data = {
    activation_id: id,
    arc_types: result.arc_types,
    primary_domain: result.primary_domain,
    field_filters: result.field_filters,
    confidence: result.confidence,
    significance_gate: result.significance_gate,
  };
  return { event, charge, body: successBody(data, meta) };
}
