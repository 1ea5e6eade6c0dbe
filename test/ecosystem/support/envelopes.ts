/** A well-formed /v1/activate success envelope, as a server would send it (for scripted servers). */
export function activationEnvelope(arcType: "grief" | "bond", query: string, topK = 10) {
  return {
    success: true,
    error: null,
    data: {
      activation_id: "0b6f1d7e-58c4-4a55-9d2c-8a1f2b3c4d5e",
      arc_types: [arcType],
      primary_domain: "constellation",
      field_filters: [{ field: "arc_type", operator: "eq", value: arcType, weight: 1 }],
      confidence: 0.8,
      significance_gate: true,
    },
    meta: { query, classifier_model: "arcroute-lexicon@1", activated_at: "2026-11-22T10:00:00.000Z", top_k: topK },
  };
}
