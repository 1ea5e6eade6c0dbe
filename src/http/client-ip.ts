/**
 * The client IP used for the anonymous `/verify` limit: the socket address, unless the operator
 * says requests come through trusted proxies. Then the address the outermost trusted proxy saw is
 * taken from `X-Forwarded-For`, counting from the right: entries further left are written by the
 * client and could be forged to dodge the limit.
 */
import type { HeaderSource } from "./exchange.js";

export const UNKNOWN_IP = "unknown";

export function clientIp(headers: HeaderSource, socketIp: string | undefined, trustedHops: number): string {
  const socket = normalizeIp(socketIp);
  if (trustedHops <= 0) return socket;
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (chain.length === 0) return socket;
  return normalizeIp(chain[Math.max(0, chain.length - trustedHops)]);
}

/** `::ffff:10.0.0.1` → `10.0.0.1`, so one client is one bucket whichever stack it came in on. */
export function normalizeIp(ip: string | undefined): string {
  if (!ip) return UNKNOWN_IP;
  const trimmed = ip.trim().toLowerCase();
  return trimmed.startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice(7) : trimmed;
}
