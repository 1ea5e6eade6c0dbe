/**
 * Routes below the base path: `/activate`, `/activations/:id` (a named segment), `/batch/*` (one or
 * more trailing segments, as `params.path`). A known path with another method is a 405 with `Allow`.
 * HEAD takes its path's GET route (RFC 9110 §9.3.2): every check and the answer are the GET's, and
 * the transport leaves the body out (`api.fetch`: exchange.ts `withoutBody`; node never sends one).
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

/** The methods a route of `method` answers, for `Allow` (the router's and the OpenAPI document's). */
export function methodsOf(method: string): string[] {
  return method === "GET" ? ["GET", "HEAD"] : [method];
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
      const wanted = method === "HEAD" ? "GET" : method;
      const allow: string[] = [];
      for (const entry of compiled) {
        const params = matchSegments(entry, parts);
        if (!params) continue;
        if (entry.route.method === wanted) return { kind: "route", route: entry.route, params };
        allow.push(...methodsOf(entry.route.method));
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
    if (part === null) return null;
    if (expected.startsWith(":")) params[expected.slice(1)] = part;
    else if (expected !== part) return null;
  }
  if (entry.rest) {
    const decoded = parts.slice(entry.segments.length).map(decode);
    if (decoded.some((p) => p === null)) return null;
    params.path = decoded.join("/");
  }
  return params;
}

/**
 * A path parameter once decoded: RFC 3986 unreserved characters only, and not all dots. Handlers
 * build upstream URLs from it (`https://upstream/v1/batch/${path}`), so anything a URL parser or an
 * upstream server reads as structure is refused: "/" and "\\" (another segment), dot segments
 * (`..%2Fvitapass`), "%" (`%252e%252e` decodes once to `%2e%2e`, which the next parser takes for
 * ".."), "?" and "#" (end of the path), whitespace and control characters (stripped or split on by
 * some parsers: `..%09` becomes `..`), and non-ASCII (normalised to ASCII by some servers).
 */
export const PLAIN_SEGMENT = /^(?!\.+$)[A-Za-z0-9._~-]+$/;

/** One path segment, percent-decoded; null when it does not decode or is not a plain segment. */
function decode(part: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(part);
  } catch {
    return null;
  }
  return PLAIN_SEGMENT.test(decoded) ? decoded : null;
}
