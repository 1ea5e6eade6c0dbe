/**
 * Rate limits: per organization by plan, exact sliding 60-second window (the RateLimiter does the
 * counting), and per client (IPv4 address, IPv6 /64) for anonymous `/verify`. Also the headers every limited response carries.
 */
import type { LimitResult, Organization, Tier } from "../stores/types.js";
import type { Caller } from "./auth.js";
import { rateLimitSubject } from "./client-ip.js";
import type { HeaderMap } from "./responses.js";

export const WINDOW_MS = 60_000;

/** Requests per minute of each plan; enterprise takes the organization's own `rpm`. */
export const PLAN_RPM: Record<Exclude<Tier, "enterprise">, number> = { free: 10, payg: 30, growth: 60, scale: 300 };
/** An enterprise organization stored without `rpm` gets the largest published plan limit. */
export const ENTERPRISE_FALLBACK_RPM = PLAN_RPM.scale;

export function rpmOf(org: Organization): number {
  if (org.tier === "enterprise") return org.rpm !== undefined && org.rpm >= 1 ? Math.floor(org.rpm) : ENTERPRISE_FALLBACK_RPM;
  return PLAN_RPM[org.tier];
}

/** The limiter bucket and its limit: one bucket per organization, one per client (IPv4 address or IPv6 /64) for anonymous calls. */
export function bucketOf(caller: Caller, anonymousRpm: number): { key: string; limit: number } {
  return caller.kind === "key" ? { key: `org:${caller.org.id}`, limit: rpmOf(caller.org) } : { key: `anon-verify:${rateLimitSubject(caller.ip)}`, limit: anonymousRpm };
}

/** Whole seconds until a slot frees up (rounded up so waiting that long always suffices). */
const resetSeconds = (result: LimitResult): number => Math.ceil(Math.max(0, result.resetMs) / 1000);

export function rateLimitHeaders(result: LimitResult): HeaderMap {
  return {
    "ratelimit-limit": String(result.limit),
    "ratelimit-remaining": String(Math.max(0, result.remaining)),
    "ratelimit-reset": String(Math.min(WINDOW_MS / 1000, resetSeconds(result))),
  };
}

/** `Retry-After` of a 429: the reset rounded up, never 0 (clients would spin), never past one window. */
export function retryAfterSeconds(result: LimitResult): number {
  return Math.min(WINDOW_MS / 1000, Math.max(1, resetSeconds(result)));
}
