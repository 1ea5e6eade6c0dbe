/**
 * Routes below the base path: `/activate`, `/activations/:id` (a named segment), `/batch/*` (one or
 * more trailing segments, as `params.path`). A known path with another method is a 405 with `Allow`.
 */
import type { Route } from "./route.js";

export type RouteMatch =
  | { kind: "route"; route: Route; params: Record<string, string> }
  | { kind: "method_not_allowed"; allow: string[] }
  | { kind: "not_found" };

interface Compiled {
  route: Route;
  segments: string[];
  rest: boolean;
}

export interface Router {
  match(method: string, path: string): RouteMatch;
}

export function createRouter(routes: readonly Route[]): Router {
  const compiled: Compiled[] = routes.map((route) => {
    const segments = route.pattern.split("/").filter(Boolean);
    const rest = segments.at(-1) === "*";
    return { route, segments: rest ? segments.slice(0, -1) : segments, rest };
  });

  return {
    match(method, path) {
      const parts = path.split("/").slice(1);
      const allow: string[] = [];
      for (const entry of compiled) {
        const params = matchSegments(entry, parts);
        if (!params) continue;
        if (entry.route.method === method) return { kind: "route", route: entry.route, params };
        allow.push(entry.route.method);
      }
      return allow.length > 0 ? { kind: "method_not_allowed", allow: [...new Set(allow)] } : { kind: "not_found" };
    },
  };
}

function matchSegments(entry: Compiled, parts: string[]): Record<string, string> | null {
  if (entry.rest ? parts.length <= entry.segments.length : parts.length !== entry.segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < entry.segments.length; i++) {
    const expected = entry.segments[i]!;
    const part = decode(parts[i]!);
    if (part === null || part === "") return null;
    if (expected.startsWith(":")) params[expected.slice(1)] = part;
    else if (expected !== part) return null;
  }
  if (entry.rest) {
    const rest = parts.slice(entry.segments.length);
    if (rest.some((p) => p === "")) return null;
    const decoded = rest.map(decode);
    if (decoded.some((p) => p === null)) return null;
    params.path = decoded.join("/");
  }
  return params;
}

/**
 * One path segment, percent-decoded; null when it does not decode, or when decoded it is no longer
 * one plain segment: an encoded "/" (`%2F`), "\\", or a "." / ".." segment would hand a handler
 * a parameter that walks to another route (`/batch/..%2Fvitapass%2Frevoke`) past the scope checked here.
 */
function decode(part: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(part);
  } catch {
    return null;
  }
  return decoded.includes("/") || decoded.includes("\\") || decoded === "." || decoded === ".." ? null : decoded;
}
