/**
 * The client IP used for the anonymous `/verify` limit: the socket address, unless the operator
 * says requests come through trusted proxies. Then the address the outermost trusted proxy saw is
 * taken from `X-Forwarded-For`, counting from the right: entries further left are written by the
 * client and could be forged to dodge the limit.
 */
import { isIP } from "node:net";
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
  // An entry that is no address (a broken proxy, a client writing past one) names no client: it
  // would be a bucket of its own choosing and the handler's `clientIp`, so the socket answers.
  return addressOf(chain[Math.max(0, chain.length - trustedHops)]) ?? socket;
}

const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/;
const BRACKETED_IPV6 = /^\[([^\]]+)\](?::\d+)?$/;

/**
 * One client is one bucket however its address is written: a port some proxies append
 * (`5.5.5.5:1000`, `[2001:db8::1]:443`) is dropped, IPv6 takes its canonical compressed form
 * (`2001:DB8:0:0:0:0:0:1` = `2001:db8::1`), and an IPv4-mapped address is the IPv4 one
 * (`::ffff:10.0.0.1`, `::ffff:0a00:0001` → `10.0.0.1`). Anything that is not an IPv4 or IPv6
 * address (`net.isIP`) is `unknown`; an IPv6 zone id is dropped.
 */
export function normalizeIp(ip: string | undefined): string {
  return addressOf(ip) ?? UNKNOWN_IP;
}

/** The address `ip` writes, normalised as `normalizeIp` says; null when it is not one. */
function addressOf(ip: string | undefined): string | null {
  if (!ip) return null;
  let address = ip.trim().toLowerCase();
  address = IPV4_WITH_PORT.exec(address)?.[1] ?? BRACKETED_IPV6.exec(address)?.[1] ?? address;
  if (isIP(address) === 0) return null;
  if (!address.includes(":")) return address;
  let canonical: string;
  try {
    // A zone id (`fe80::1%eth0`, any length to isIP) names an interface of this host, not a client.
    canonical = new URL(`http://[${address.split("%")[0]}]/`).hostname.slice(1, -1); // the WHATWG parser's IPv6 serialisation
  } catch {
    return null; // isIP and the URL parser should agree; if not, it is not an address we can bucket
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!mapped) return canonical;
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/**
 * The rate-limit subject of an address: an IPv4 address as it is, an IPv6 address by its /64
 * network (`2001:db8:1:2::/64`). An IPv6 subscriber is normally given a whole /64 and can pick any
 * of its 2⁶⁴ addresses, so a per-address bucket would not limit anyone; a /64 is the smallest block
 * one client is assigned (RFC 6177), as express-rate-limit and Cloudflare group by it. Takes a
 * `normalizeIp` answer; anything that is not an IPv6 address is its own subject.
 */
export function rateLimitSubject(ip: string): string {
  if (!ip.includes(":")) return ip;
  const halves = ip.split("::");
  if (halves.length > 2) return ip;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  // More than eight groups around "::" would be a negative fill (a RangeError, a 500): not an address.
  const missing = 8 - head.length - tail.length;
  if (missing < 0) return ip;
  const groups = halves.length === 2 ? [...head, ...Array<string>(missing).fill("0"), ...tail] : head;
  if (groups.length !== 8) return ip;
  return `${normalizeIp(`${groups.slice(0, 4).join(":")}::`)}/64`;
}
