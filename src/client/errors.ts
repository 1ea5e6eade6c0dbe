/**
 * The one error a client call throws: the HTTP status, the envelope's `error` message exactly
 * as the server sent it, its machine-readable `code`, and `retryAfter` for 429s.
 */

const BRAND = "__arcroute_error__";

export interface ArcrouteErrorInit {
  /** HTTP status; 0 when no response arrived (network failure, abort). */
  status: number;
  message: string;
  /** The envelope's `code`, or a client-side one: `network_error`, `invalid_response`. */
  code?: string | null | undefined;
  /** Seconds the server asked us to wait (429 `Retry-After`); null when absent. */
  retryAfter?: number | null | undefined;
  cause?: unknown;
}

export class ArcrouteError extends Error {
  static readonly [BRAND] = true;
  readonly status: number;
  readonly code: string | null;
  readonly retryAfter: number | null;

  constructor(init: ArcrouteErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "ArcrouteError";
    this.status = init.status;
    this.code = init.code ?? null;
    this.retryAfter = init.retryAfter ?? null;
  }
}

/**
 * True for an `ArcrouteError`, also when it comes from another copy of the package
 * (where `instanceof` fails).
 */
export function isArcrouteError(value: unknown): value is ArcrouteError {
  return (
    value instanceof ArcrouteError ||
    (value instanceof Error && (value.constructor as unknown as Record<string, unknown>)[BRAND] === true)
  );
}
