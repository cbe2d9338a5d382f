/**
 * The OpenAPI description of the bulk-import routes (issue 25), merged into ROUTE_DOCS (openapi-routes.ts).
 */
import { importDetailSchema, importListSchema, IMPORT_FILES_FIELD, MAX_IMPORT_IMAGES } from '@snapnotes/contracts';
import { authErrors, bearer, error, jsonSchema, ok, type JsonSchema, type RouteDoc } from './openapi-common.js';

const importIdParam: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid' } },
  required: ['id'],
};
const detail = jsonSchema(importDetailSchema, 'output');
const notFound = { 404: error('No import of the caller’s with this id (another user’s is the same 404).') };

export const IMPORT_ROUTE_DOCS: Record<string, RouteDoc> = {
  'POST /api/imports': {
    tags: ['imports'],
    summary: 'Start a bulk import of many screenshots and/or zips of them',
    description:
      `multipart/form-data, the files in the \`${IMPORT_FILES_FIELD}\` field: PNG/JPEG images and zips of them, up to ` +
      `${MAX_IMPORT_IMAGES} images in all. Each image is stored as it arrives (zips read as a stream); files that ` +
      'cannot be imported (not an image, a nested zip, a path with `..`, a zip bomb, over 10 MB, past the limit) ' +
      'are skipped items with their reason. The import then runs in the background, one image at a time through ' +
      'the steps of an upload: follow it with GET /api/imports/{id} or its events.',
    security: bearer,
    consumes: ['multipart/form-data'],
    response: {
      202: ok(detail, 'The import as it starts.'),
      400: error('Not multipart, no files, or too many parts.'),
      402: error('A free user with no upload left this month (nothing was read).'),
      ...authErrors,
    },
  },
  'GET /api/imports': {
    tags: ['imports'],
    summary: 'The caller’s imports running or finished in the last 24 hours',
    description: 'Newest first, at most 20, each without its items (`items` is empty): ask the import for them.',
    security: bearer,
    querystring: { type: 'object', properties: { active: { type: 'string', enum: ['1'] } } },
    response: { 200: ok(jsonSchema(importListSchema, 'output'), 'The imports.'), ...authErrors },
  },
  'GET /api/imports/:id': {
    tags: ['imports'],
    summary: 'An import with every item’s status',
    security: bearer,
    params: importIdParam,
    response: { 200: ok(detail, 'The import.'), ...notFound, ...authErrors },
  },
  'GET /api/imports/:id/events': {
    tags: ['imports'],
    summary: 'The import’s progress as server-sent events',
    description:
      '`event: progress` with the ImportDetail at once and whenever it changes, a `: keep-alive` comment every ' +
      '15 s; the stream ends after the event whose status is `done` or `stopped`. Send the Authorization header ' +
      '(read it with fetch: EventSource cannot).',
    security: bearer,
    params: importIdParam,
    produces: ['text/event-stream'],
    response: {
      200: { type: 'string', description: 'The event stream.' },
      ...notFound,
      429: error('Too many progress streams open at once.'),
      ...authErrors,
    },
  },
  'POST /api/imports/:id/retry': {
    tags: ['imports'],
    summary: 'Retry the failed images (and go on with a stopped import)',
    security: bearer,
    params: importIdParam,
    response: { 202: ok(detail, 'The import, its failed images queued again.'), ...notFound, ...authErrors },
  },
};
