/**
 * What the OpenAPI tables (openapi-routes.ts, openapi-notes.ts) share: zod schemas as JSON Schema, the error body,
 * the path parameters and the bearer security requirement.
 */
import { z } from 'zod';
import { ErrorCode } from '@snapnotes/contracts';

export type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1), the shape a client sends (`io: 'input'`). */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const errorBody: JsonSchema = {
  type: 'object',
  description: 'Every non-2xx reply.',
  properties: {
    error: { type: 'string', enum: Object.values(ErrorCode) },
    message: { type: 'string', description: 'Shown to the user as is.' },
    inappropriateImages: { type: 'array', items: { type: 'string' }, description: '400 INAPPROPRIATE_CONTENT' },
    upgradeRequired: { type: 'boolean', description: '402 UPGRADE_REQUIRED' },
  },
  required: ['error', 'message'],
};
export const error = (description: string): JsonSchema => ({ ...errorBody, description });
export const ok = (schema: JsonSchema, description: string): JsonSchema => ({ ...schema, description });
export const authErrors = {
  401: error('No identity token, or an expired or invalid one.'),
  503: error('The server has no Firebase configuration (FIREBASE_NOT_CONFIGURED).'),
};
export const ownerErrors = { ...authErrors, 403: error('Not your data, or the account is not set up yet.') };
export const userIdParam: JsonSchema = {
  type: 'object',
  properties: { userId: { type: 'string', pattern: '^\\d+$', description: 'The caller’s own user id.' } },
  required: ['userId'],
};
export const noteIdParam: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^\\d+$' } },
  required: ['id'],
};
export const noteImageParams: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^\\d+$' },
    index: { type: 'string', pattern: '^\\d+$', description: 'The image’s position in the upload, from 0.' },
  },
  required: ['id', 'index'],
};
export const bearer = [{ bearerAuth: [] }];

export interface RouteDoc {
  tags: string[];
  summary: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
  consumes?: string[];
  produces?: string[];
  response?: Record<number, JsonSchema>;
}
