import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { OpenApiDocument } from "../../../src/openapi/index.js";

/** ajv over the document's components, so `$ref`s to `#/components/schemas/X` resolve. */
export function componentValidator(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: "doc", components: doc.components });
  return (schema: object, value: unknown) => {
    const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
    const validate = ajv.compile(rewritten);
    return validate(value) ? null : ajv.errorsText(validate.errors);
  };
}
