/**
 * The OpenAPI description of every gateway route, keyed `METHOD /fastify/url`. It is documentation only: the
 * routes validate their input with the zod schemas themselves, and @fastify/swagger's `transform` merges these
 * entries into the served description (so nothing here changes how a request is checked).
 * A route missing from this table fails `packages/embedded/test/ops.int.test.ts`: add it here.
 */
import { z } from 'zod';
import {
  createCheckoutBodySchema,
  ErrorCode,
  feedbackBodySchema,
  noteSchema,
  ocrLanguagesResponseSchema,
  remainingUploadsSchema,
  statisticsSchema,
  subscriptionResponseSchema,
  updateTitleBodySchema,
  updateUserSettingsBodySchema,
  upsertUserBodySchema,
  userSchema,
  verifySubscriptionBodySchema,
  MAX_FILE_BYTES,
  MAX_FILES_PER_UPLOAD,
  MAX_OCR_LANGUAGES,
  NEXT_CURSOR_HEADER,
  NOTES_PAGE_DEFAULT,
  NOTES_PAGE_MAX,
  NOTES_SEARCH_MAX_LENGTH,
  noteSearchMatchSchema,
  noteImageSchema,
  THUMBNAIL_MAX_SIDE,
} from '@snapnotes/contracts';

type JsonSchema = Record<string, unknown>;

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
const error = (description: string): JsonSchema => ({ ...errorBody, description });
const ok = (schema: JsonSchema, description: string): JsonSchema => ({ ...schema, description });
const authErrors = {
  401: error('No identity token, or an expired or invalid one.'),
  503: error('The server has no Firebase configuration (FIREBASE_NOT_CONFIGURED).'),
};
const ownerErrors = { ...authErrors, 403: error('Not your data, or the account is not set up yet.') };
const userIdParam: JsonSchema = {
  type: 'object',
  properties: { userId: { type: 'string', pattern: '^\\d+$', description: 'The caller’s own user id.' } },
  required: ['userId'],
};
const noteIdParam: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^\\d+$' } },
  required: ['id'],
};
const noteImageParams: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^\\d+$' },
    index: { type: 'string', pattern: '^\\d+$', description: 'The image’s position in the upload, from 0.' },
  },
  required: ['id', 'index'],
};
const bearer = [{ bearerAuth: [] }];
const healthBody: JsonSchema = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    checks: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: '"ok" or the error per dependency',
    },
  },
};

/** A note of GET /api/notes/{userId}; a search result also has `match`. */
const noteJson = jsonSchema(noteSchema, 'output');
const noteListItem: JsonSchema = {
  ...noteJson,
  properties: {
    ...(noteJson.properties as JsonSchema),
    match: {
      ...jsonSchema(noteSearchMatchSchema, 'output'),
      description:
        'Search results only: the field that matched, a plain-text snippet of it (not HTML; "…" where cut) and the ' +
        '[start, end) ranges of the matched words in the snippet (UTF-16 code units, as JavaScript indexes strings).',
    },
  },
};

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

const logoutBody: JsonSchema = {
  type: 'object',
  properties: { success: { type: 'boolean' }, revoked: { type: 'boolean' } },
};

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'POST /api/user': {
    tags: ['users'],
    summary: 'Fetch or create the caller’s user record',
    description:
      'Called after each sign-in. The identity comes from the verified token; the body only fills in profile fields.',
    security: bearer,
    body: jsonSchema(upsertUserBodySchema),
    response: { 200: ok(jsonSchema(userSchema, 'output'), 'The user record.'), ...authErrors },
  },
  'DELETE /api/user': {
    tags: ['users'],
    summary: 'Delete the caller’s account and all their data',
    description: 'Removes every stored image, then the user record with its notes, uploads and subscription rows.',
    security: bearer,
    response: {
      200: ok({ type: 'object', properties: { success: { type: 'boolean' } } }, 'Deleted.'),
      ...ownerErrors,
    },
  },
  'GET /api/statistics/:userId': {
    tags: ['users'],
    summary: 'Number of notes and words of the caller',
    security: bearer,
    params: userIdParam,
    response: { 200: ok(jsonSchema(statisticsSchema, 'output'), 'Totals.'), ...ownerErrors },
  },
  'GET /api/user/:userId/remaining-uploads': {
    tags: ['users'],
    summary: 'Uploads left this month',
    description: 'remainingUploads and limit are null for subscribers (unlimited).',
    security: bearer,
    params: userIdParam,
    response: { 200: ok(jsonSchema(remainingUploadsSchema, 'output'), 'The allowance.'), ...ownerErrors },
  },
  'GET /api/user/:userId/subscription': {
    tags: ['subscription'],
    summary: 'The caller’s subscription',
    security: bearer,
    params: userIdParam,
    response: { 200: ok(jsonSchema(subscriptionResponseSchema, 'output'), 'The subscription.'), ...ownerErrors },
  },
  'PATCH /api/user/:userId/settings': {
    tags: ['users'],
    summary: 'Change the caller’s settings: the languages in their screenshots',
    description:
      `ocrLanguages: 1–${MAX_OCR_LANGUAGES} codes from GET /api/ocr-languages (duplicates dropped), read first ` +
      'for the caller’s uploads before each image’s language is detected. Answers with the updated user record.',
    security: bearer,
    params: userIdParam,
    body: jsonSchema(updateUserSettingsBodySchema),
    response: {
      200: ok(jsonSchema(userSchema, 'output'), 'The updated user record.'),
      400: error('Not a list, empty, more than 3, or a language this server does not offer.'),
      ...ownerErrors,
    },
  },
  'GET /api/ocr-languages': {
    tags: ['app'],
    summary: 'The languages this server reads in screenshots, and the defaults for users who chose none',
    description: 'Public (no identity token needed): it is the server’s OCR_LANGUAGES and OCR_DEFAULT_LANGUAGES.',
    response: { 200: ok(jsonSchema(ocrLanguagesResponseSchema, 'output'), 'The languages.') },
  },
  'GET /api/notes/:userId': {
    tags: ['notes'],
    summary: 'The caller’s notes, newest first; one page of them; or a ranked search',
    description:
      'Without query parameters: every note, newest first (SPEC §7). ' +
      `With \`limit\` (1–${NOTES_PAGE_MAX}) and/or \`cursor\`: one page of that same list (keyset paging on ` +
      'created_at and id: notes added or deleted while a client pages never make another note be skipped or sent ' +
      `twice; \`cursor\` alone pages by ${NOTES_PAGE_DEFAULT}). ` +
      `With \`q\`: one page (\`limit\`, default ${NOTES_PAGE_DEFAULT}) of ranked search results, each note with ` +
      '`match`: first notes holding the words (full text search in the note’s language and as written, quoted ' +
      'phrases, `or`, `-word`; ranked by field, title first), then notes holding the text as typed anywhere in a ' +
      'field (partial words, short or odd text), then notes holding a close spelling (typos). ' +
      `The next page’s cursor comes in the ${NEXT_CURSOR_HEADER} header, absent on the last page; send it back ` +
      'unchanged with the same `q`.',
    security: bearer,
    params: userIdParam,
    querystring: {
      type: 'object',
      properties: {
        q: {
          type: 'string',
          description: `Search text (trimmed; cut to ${NOTES_SEARCH_MAX_LENGTH} characters; blank = no search).`,
        },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: NOTES_PAGE_MAX,
          description:
            'Page size. Without limit, cursor and q the route lists every note; ' +
            `a search, or a cursor alone, pages by ${NOTES_PAGE_DEFAULT}.`,
        },
        cursor: {
          type: 'string',
          pattern: '^[A-Za-z0-9_-]{1,256}$',
          description: `The previous page’s ${NEXT_CURSOR_HEADER}, as received (opaque).`,
        },
      },
    },
    response: {
      200: {
        ...ok({ type: 'array', items: noteListItem }, 'The notes (a page of them with limit, cursor or q).'),
        headers: {
          [NEXT_CURSOR_HEADER]: {
            type: 'string',
            description: 'Cursor of the next page (pass it as `cursor`); absent on the last page and without paging.',
          },
        },
      },
      400: error('limit is not 1–100, or the cursor is not one this server made for this list or search.'),
      ...ownerErrors,
    },
  },
  'PATCH /api/notes/:id/title': {
    tags: ['notes'],
    summary: 'Rename a note',
    security: bearer,
    params: noteIdParam,
    body: jsonSchema(updateTitleBodySchema),
    response: {
      200: ok(jsonSchema(noteSchema, 'output'), 'The updated note.'),
      400: error('Empty or too long title.'),
      404: error('No such note of the caller.'),
      ...ownerErrors,
    },
  },
  'DELETE /api/notes/:id': {
    tags: ['notes'],
    summary: 'Delete a note and its images',
    security: bearer,
    params: noteIdParam,
    response: {
      200: ok({ type: 'object', properties: { success: { type: 'boolean' }, id: { type: 'integer' } } }, 'Deleted.'),
      404: error('No such note of the caller.'),
      ...ownerErrors,
    },
  },
  'GET /api/notes/:id/images': {
    tags: ['notes'],
    summary: 'The images of the caller’s note, in upload order',
    description:
      'Each image with the URLs of its original and its thumbnail. Those URLs need the bearer token too: the web ' +
      'app fetches them and shows blob: URLs (DECISIONS "Original images").',
    security: bearer,
    params: noteIdParam,
    response: {
      200: ok({ type: 'array', items: jsonSchema(noteImageSchema, 'output') }, 'The images (none for a note without).'),
      404: error('No such note of the caller (another user’s note included).'),
      ...authErrors,
      403: error('The account is not set up yet.'),
    },
  },
  'GET /api/notes/:id/images/:index': {
    tags: ['notes'],
    summary: 'One original image of the caller’s note',
    description:
      'The bytes as uploaded (PNG or JPEG; the type is the one the upload sniffed). `Cache-Control: private, ' +
      'immutable` with an ETag; `If-None-Match` answers 304.',
    security: bearer,
    params: noteImageParams,
    produces: ['image/png', 'image/jpeg'],
    response: {
      200: { type: 'string', format: 'binary', description: 'The image.' },
      304: { type: 'null', description: 'Not modified.' },
      404: error('No such note of the caller, or no such image.'),
      ...authErrors,
      403: error('The account is not set up yet.'),
    },
  },
  'GET /api/notes/:id/images/:index/thumbnail': {
    tags: ['notes'],
    summary: 'The thumbnail of one image of the caller’s note',
    description:
      `A WebP at most ${THUMBNAIL_MAX_SIDE}×${THUMBNAIL_MAX_SIDE} pixels, EXIF-rotated, without metadata; made ` +
      'from the original on the fly when the upload could not store one. Cached like the original.',
    security: bearer,
    params: noteImageParams,
    produces: ['image/webp'],
    response: {
      200: { type: 'string', format: 'binary', description: 'The thumbnail.' },
      304: { type: 'null', description: 'Not modified.' },
      404: error('No such note of the caller, or no such image.'),
      ...authErrors,
      403: error('The account is not set up yet.'),
    },
  },
  'POST /api/process-screenshots': {
    tags: ['notes'],
    summary: 'Turn screenshots into a note',
    description:
      `Multipart form: 1–${MAX_FILES_PER_UPLOAD} files in \`images\` (PNG or JPEG, checked by content, ` +
      `${MAX_FILE_BYTES / 1024 / 1024} MB each) and optionally \`userId\`. The request is held open while the ` +
      'images are moderated, read (OCR) and summarised (PROCESSING_TIMEOUT_MS), and answers with the new note. ' +
      'An `x-request-id` header (8–100 letters, digits, _ or -) is used as the correlation id of every log line ' +
      'of the upload; the reply echoes it.',
    security: bearer,
    consumes: ['multipart/form-data'],
    body: {
      type: 'object',
      properties: {
        images: {
          type: 'array',
          items: { type: 'string', format: 'binary' },
          minItems: 1,
          maxItems: MAX_FILES_PER_UPLOAD,
        },
        userId: { type: 'string' },
      },
      required: ['images'],
    },
    response: {
      200: ok(jsonSchema(noteSchema, 'output'), 'The note.'),
      400: error('A refused file, or flagged content (inappropriateImages lists every flagged file).'),
      402: error('The free allowance is used up (upgradeRequired: true).'),
      422: error('No text and nothing describable in the images.'),
      429: error('More than 10 images in 5 minutes; see Retry-After.'),
      500: error('Processing failed.'),
      504: error('Processing took longer than PROCESSING_TIMEOUT_MS.'),
      ...ownerErrors,
    },
  },
  'POST /api/create-checkout-session': {
    tags: ['subscription'],
    summary: 'Start a Stripe Checkout for a plan',
    security: bearer,
    body: jsonSchema(createCheckoutBodySchema),
    response: {
      200: ok({ type: 'object', properties: { url: { type: 'string' } } }, 'Where to send the browser.'),
      400: error('planType is not monthly or annual.'),
      409: error('Already subscribed.'),
      502: error('Stripe could not be reached.'),
      ...authErrors,
      503: error('Payments are not configured, or Firebase is not.'),
    },
  },
  'POST /api/verify-subscription': {
    tags: ['subscription'],
    summary: 'Confirm a completed Checkout Session',
    security: bearer,
    body: jsonSchema(verifySubscriptionBodySchema),
    response: {
      200: ok(jsonSchema(subscriptionResponseSchema, 'output'), 'The subscription (and success: true).'),
      400: error('Bad session id, the session is not paid (CHECKOUT_NOT_PAID), or not for a SnapNotes plan.'),
      403: error('The session belongs to another account.'),
      404: error('No such checkout session.'),
      429: error('More than 5 checks a minute for this account; Retry-After says when to try again.'),
      502: error('Stripe could not be reached.'),
      ...authErrors,
      503: error('Payments are not configured, or Firebase is not.'),
    },
  },
  'POST /api/stripe/webhook': {
    tags: ['subscription'],
    summary: 'Stripe events (signed with STRIPE_WEBHOOK_SECRET)',
    description: 'Called by Stripe, not by the browser. The raw body is checked against the Stripe-Signature header.',
    response: {
      200: ok({ type: 'object', properties: { received: { type: 'boolean' } } }, 'Handled.'),
      400: error('Bad signature or body.'),
    },
  },
  'GET /api/public-config': {
    tags: ['app'],
    summary: 'Run-time settings for the browser (Firebase web config, analytics id, allowance)',
    response: { 200: ok({ type: 'object' }, 'The settings.') },
  },
  'POST /api/feedback': {
    tags: ['app'],
    summary: 'Send feedback (signed in; at most 5 messages per account every 10 minutes)',
    security: bearer,
    body: jsonSchema(feedbackBodySchema),
    response: {
      201: ok({ type: 'object', properties: { success: { type: 'boolean' }, id: { type: 'integer' } } }, 'Saved.'),
      400: error('Invalid name, email or message.'),
      429: error('Too much feedback at once; Retry-After says when to try again.'),
      ...ownerErrors,
    },
  },
  'POST /api/admin/session': {
    tags: ['operations'],
    summary: 'Open the queue dashboard: sets a Firebase session cookie for /admin',
    description:
      'Needs the ID token (checked for revocation) of an account whose email is in ADMIN_EMAILS and verified. ' +
      'The cookie (HttpOnly, SameSite=Strict, Secure in production, path /admin, one hour) holds a Firebase session ' +
      'cookie, not the ID token; the dashboard and its files verify it, revocation included, on every request.',
    security: bearer,
    response: {
      200: ok(
        { type: 'object', properties: { email: { type: 'string' }, expiresAt: { type: 'string' } } },
        'Cookie set; open /admin/queues.',
      ),
      403: error('Not an admin, or the email is not verified.'),
      ...authErrors,
    },
  },
  'DELETE /api/admin/session': {
    tags: ['operations'],
    summary:
      'Log out of the queue dashboard: revokes the sessions (session cookie or bearer token) and clears the cookie',
    response: { 200: ok(logoutBody, 'Revoked (when a valid session was given) and cleared.') },
  },
  'DELETE /admin/session': {
    tags: ['operations'],
    summary:
      'Log out of the queue dashboard from the browser (the cookie is sent to /admin only): as DELETE /api/admin/session',
    response: { 200: ok(logoutBody, 'Revoked (when a valid session was given) and cleared.') },
  },
  'GET /healthz': {
    tags: ['operations'],
    summary: 'Liveness: the process answers',
    response: { 200: ok(healthBody, 'Alive.') },
  },
  'GET /readyz': {
    tags: ['operations'],
    summary: 'Readiness: PostgreSQL, S3 and (distributed) Redis answer',
    response: { 200: ok(healthBody, 'Ready.'), 503: ok(healthBody, 'A dependency does not answer.') },
  },
  'GET /metrics': {
    tags: ['operations'],
    summary: 'Prometheus metrics (text exposition format)',
    produces: ['text/plain'],
    response: { 200: { type: 'string', description: 'Metrics.' } },
  },
};

/** Routes that are not part of the API: the dashboard, the docs themselves, the web app's files. */
export function isUndocumentedRoute(url: string): boolean {
  return url.startsWith('/admin/queues') || url.startsWith('/docs');
}
