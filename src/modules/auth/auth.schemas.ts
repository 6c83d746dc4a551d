/**
 * Key rotation's answer (POST /v1/keys/rotate, src/modules/auth/keys.controller.ts).
 */
import { JsonSchema, object, string } from '../openapi/schemas/json-schema';

export const AUTH_SCHEMAS: Record<string, JsonSchema> = {
  KeyRotation: object('POST /v1/keys/rotate: the new key, shown only in this answer; the key used for the call stopped working.', {
    key: string('The new API key: send it in the HD-Api-Key header from now on. Store it now, it is not shown again.', { pattern: '^hdk_[A-Za-z0-9_-]{43}$' }),
    createdAt: string('When the new key was created (ISO 8601 UTC with milliseconds).', { format: 'date-time' }),
    replaced: string('First 16 hex digits of the SHA-256 of the key that was replaced (to tell keys apart in logs).', { pattern: '^[0-9a-f]{16}$' }),
  }),
};
