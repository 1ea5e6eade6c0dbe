/**
 * One error type for everything an adapter refuses: bad options, a malformed filter, a field
 * path outside the identifier grammar, a value the target language cannot carry, or a mode the
 * store cannot express. The message always names the store, so a caller juggling several
 * adapters knows which one refused.
 */
export class AdapterError extends Error {
  override readonly name = "AdapterError";
  constructor(
    readonly store: string,
    message: string,
  ) {
    super(`${store} adapter: ${message}`);
  }
}
