/**
 * Typed client: call a hosted arcroute (`arcroute serve`, `arcroute demo --keep-serving`, or
 * your deployment) from TypeScript.
 *
 *   ARCROUTE_BASE_URL=http://127.0.0.1:8787/v1 ARCROUTE_API_KEY=ar_test_... \
 *     node --import tsx examples/client.ts ["<query>"]        (after `npm run build`)
 */
import { randomUUID } from "node:crypto";
import { createClient, isArcrouteError } from "arcroute/client";

const baseUrl = process.env.ARCROUTE_BASE_URL;
const apiKey = process.env.ARCROUTE_API_KEY;
if (!baseUrl || !apiKey) {
  console.error("Set ARCROUTE_BASE_URL and ARCROUTE_API_KEY (e.g. from `arcroute demo --keep-serving`).");
  process.exit(2);
}
const query = process.argv[2] ?? "when was I most afraid of losing her";

const arcroute = createClient({ baseUrl, apiKey, maxRetries: 2 });
try {
  // The idempotency key makes a retried request safe: no second event, no second charge.
  const { data, meta } = await arcroute.activate({ query, top_k: 5 }, { idempotencyKey: randomUUID() });
  console.log(`activation ${data.activation_id} by ${meta.classifier_model}`);
  console.log(`significance_gate: ${data.significance_gate}; arc_types: ${data.arc_types.join(", ") || "(none)"}`);
  console.log(`field_filters: ${JSON.stringify(data.field_filters)}`);
  if (data.activation_id) {
    // After your retrieval: tell arcroute whether the routed results were right.
    const { data: feedback } = await arcroute.feedback({ activation_id: data.activation_id, hit: true });
    console.log(`feedback recorded: ${feedback.feedback_id}`);
  }
  const { data: usage } = await arcroute.usage();
  console.log(`billed this month: ${usage.billed_queries} queries, $${(usage.amount_micros / 1e6).toFixed(3)}`);
} catch (error) {
  if (!isArcrouteError(error)) throw error;
  // status, the contract's message, a machine-readable code, and Retry-After for 429s
  console.error(`arcroute error ${error.status} (${error.code ?? "no code"}): ${error.message}` + (error.retryAfter !== null ? `; retry after ${error.retryAfter}s` : ""));
  process.exit(1);
}
