/**
 * The OpenAPI description of every gateway route, keyed `METHOD /fastify/url`. It is documentation only: the
 * routes validate their input with the zod schemas themselves, and @fastify/swagger's `transform` merges these
 * entries into the served description (so nothing here changes how a request is checked).
 * A route missing from this table fails `apps/embedded/test/ops.int.test.ts`: add it here (a notes route, to
 * openapi-notes.ts).
 */
import {
  createCheckoutBodySchema,
  feedbackBodySchema,
  ocrLanguagesResponseSchema,
  remainingUploadsSchema,
  statisticsSchema,
  subscriptionResponseSchema,
  updateUserSettingsBodySchema,
  upsertUserBodySchema,
  userSchema,
  verifySubscriptionBodySchema,
  MAX_OCR_LANGUAGES,
} from '@snapnotes/contracts';
import {
  authErrors,
  bearer,
  error,
  jsonSchema,
  ok,
  ownerErrors,
  userIdParam,
  type JsonSchema,
  type RouteDoc,
} from './openapi-common.js';
import { NOTE_ROUTE_DOCS } from './openapi-notes.js';
import { IMPORT_ROUTE_DOCS } from './openapi-imports.js';

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
  ...NOTE_ROUTE_DOCS,
  ...IMPORT_ROUTE_DOCS,
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
