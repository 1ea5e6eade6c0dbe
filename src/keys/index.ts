/** API keys: format, generation, hashing and management (create/revoke) through the store contract. */
export { generateApiKey, parseApiKey, isApiKeyFormat, KEY_PREFIXES, MIN_SECRET_CHARS, type KeyMode, type ParsedKey } from "./format.js";
export { hashApiKey } from "./hash.js";
export { createKeyDigests, DEFAULT_DIGEST_CAPACITY, type KeyDigests } from "./digests.js";
export { createApiKey, revokeApiKey, newKeyId, KeyRequestError, type CreateKeyRequest, type CreatedKey } from "./manage.js";
