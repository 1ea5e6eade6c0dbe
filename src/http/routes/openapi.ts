/** `GET <base>/openapi.json`: the OpenAPI document of this mount, without a key and without a limit. */
import { createOpenApiDocument } from "../../openapi/index.js";
import { jsonResponse } from "../responses.js";
import type { Route } from "../route.js";

export function openApiRoute(basePath: string): Route {
  let body: string | null = null; // built on first request: most servers never serve it
  return {
    method: "GET",
    pattern: "/openapi.json",
    access: { kind: "public" },
    body: "none",
    handle: async () => jsonResponse(200, (body ??= JSON.stringify(createOpenApiDocument({ basePath })))),
  };
}
