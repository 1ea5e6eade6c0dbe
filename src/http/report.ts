/** Hands unexpected errors to the operator's `onError` hook; nothing about them reaches a client. */
import type { ErrorInfo, ResolvedOptions } from "./options.js";

/** A hook that throws must not turn a 500 into a crash. */
export function report(options: ResolvedOptions, error: unknown, info: ErrorInfo): void {
  try {
    options.onError(error, info);
  } catch {
    // Nothing sensible is left to do with an error about an error.
  }
}
