/**
 * Bounded body reading: at most 64 KiB is ever buffered (a larger declared Content-Length is
 * refused without reading), then strict UTF-8 JSON decoding for the JSON routes.
 */
export const MAX_BODY_BYTES = 64 * 1024;

export type BodyBytes = { ok: true; bytes: Uint8Array } | { ok: false; reason: "too_large" };
export type JsonBody = { ok: true; value: unknown } | { ok: false; reason: "invalid_json" };

export async function readBodyBytes(request: Request, limit: number = MAX_BODY_BYTES): Promise<BodyBytes> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel().catch(() => {});
    return { ok: false, reason: "too_large" };
  }
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return { ok: false, reason: "too_large" };
    }
    chunks.push(value);
  }
  return { ok: true, bytes: concat(chunks, total) };
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** Empty, non-UTF-8 and unparsable bodies are all `Invalid JSON body`. */
export function parseJsonBody(bytes: Uint8Array): JsonBody {
  try {
    return { ok: true, value: JSON.parse(utf8.decode(bytes)) as unknown };
  } catch {
    return { ok: false, reason: "invalid_json" };
  }
}
