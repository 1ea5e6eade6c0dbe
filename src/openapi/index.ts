/** OpenAPI 3.1 description of the `/v1` surface, generated from the zod schemas. */
export { createOpenApiDocument, documentedFailures, API_DOCUMENT_VERSION, type OpenApiDocument, type OpenApiOptions } from "./document.js";
export { OPERATIONS, type OperationSpec, type ErrorSpec } from "./operations.js";
