/**
 * Next.js App Router route handler: save as `app/v1/[...path]/route.ts` (basePath "/v1"), or
 * `app/api/v1/[...path]/route.ts` with `basePath: "/api/v1"`. Next.js hands over the unread Web
 * `Request`; arcroute reads the body itself and answers every status (404/405 included).
 */
import { api } from "./nextjs-arcroute.js";

// Node.js runtime (hashing, the store's drivers), never cached: every call is authenticated and billed.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  return api.fetch(request);
}

export async function GET(request: Request): Promise<Response> {
  return api.fetch(request);
}

// The contract's other paths (/vitapass/*, ...) may use other methods; arcroute answers 405 with Allow itself.
export { POST as PUT, POST as PATCH, POST as DELETE };
