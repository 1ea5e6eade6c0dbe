/** `Retry-After` is either whole seconds or an HTTP date (RFC 9110 §10.2.3). */

/** Seconds to wait, rounded up and at least 0; null when the header is missing or unreadable. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  // Every HTTP-date form names its day, month and zone in letters; "1.5", "-1" or "+5" is not a
  // date (Date.parse would read them as years long past, i.e. "retry now").
  if (!/[A-Za-z]/.test(value)) return null;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
