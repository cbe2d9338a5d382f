/**
 * The queue dashboard (bull-board) at /admin/queues, for accounts whose email is in ADMIN_EMAILS.
 *
 * A browser does not send an Authorization header when it opens a page or loads its scripts, so the admin first
 * calls `POST /api/admin/session` with the bearer ID token; the reply sets a cookie holding that same token,
 * HttpOnly, SameSite=Strict, limited to /admin and expiring with the token (Firebase ID tokens live an hour). Every
 * request under /admin/queues (page, scripts, styles, the dashboard's own API) verifies the token again with
 * firebase-admin and checks the email: no server-side session state, so any gateway replica accepts it.
 */
import cookie from '@fastify/cookie';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@snapnotes/contracts';
import { createQueueInspector } from '@snapnotes/queue';
import { authenticate, type GatewayDeps } from '../app.js';
import { InvalidTokenError } from '../auth.js';
import { HttpError } from '../errors.js';

export const ADMIN_COOKIE = 'snapnotes_admin';
export const DASHBOARD_PATH = '/admin/queues';
const MAX_SESSION_SECONDS = 3600;

function isAdminEmail(deps: GatewayDeps, email: string): boolean {
  const wanted = email.trim().toLowerCase();
  return wanted !== '' && deps.config.ADMIN_EMAILS.some((e) => e.toLowerCase() === wanted);
}

const NOT_ADMIN = () =>
  new HttpError(403, ErrorCode.Forbidden, 'The queue dashboard is for administrators (ADMIN_EMAILS) only.');

/** Seconds until the (already verified) JWT expires, capped at an hour. */
function secondsLeft(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: number;
    };
    if (typeof payload.exp === 'number') {
      return Math.max(0, Math.min(MAX_SESSION_SECONDS, Math.floor(payload.exp - Date.now() / 1000)));
    }
  } catch {
    /* not a JWT we can read: use the cap */
  }
  return MAX_SESSION_SECONDS;
}

function bearerToken(req: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
}

/** The dashboard guard: a cookie or bearer token of an admin, verified on every request. */
async function requireAdmin(req: FastifyRequest, deps: GatewayDeps): Promise<void> {
  if (!deps.verifier) {
    throw new HttpError(503, ErrorCode.FirebaseNotConfigured, 'Authentication service not available.');
  }
  const token = req.cookies[ADMIN_COOKIE] ?? bearerToken(req);
  if (!token) {
    throw new HttpError(
      401,
      ErrorCode.Unauthorized,
      'Sign in as an administrator first: POST /api/admin/session with your ID token, then open /admin/queues.',
    );
  }
  let email: string;
  try {
    email = (await deps.verifier.verify(token)).email;
  } catch (err) {
    if (err instanceof InvalidTokenError) {
      throw new HttpError(401, ErrorCode.Unauthorized, 'Your admin session has expired. Open it again.');
    }
    throw err;
  }
  if (!isAdminEmail(deps, email)) throw NOT_ADMIN();
}

export async function registerAdmin(app: FastifyInstance, deps: GatewayDeps): Promise<void> {
  await app.register(async (scope) => {
    if (!scope.hasRequestDecorator('cookies')) await scope.register(cookie); // unless the app already parses cookies
    const secure = deps.config.publicUrl.startsWith('https:');

    scope.post('/api/admin/session', async (req, reply: FastifyReply) => {
      const identity = await authenticate(req);
      if (!isAdminEmail(deps, identity.email)) throw NOT_ADMIN();
      const token = bearerToken(req)!;
      const maxAge = secondsLeft(token);
      reply.setCookie(ADMIN_COOKIE, token, { path: '/admin', httpOnly: true, sameSite: 'strict', secure, maxAge });
      req.log.info({ admin: identity.email }, 'admin session opened');
      return { email: identity.email, expiresAt: new Date(Date.now() + maxAge * 1000).toISOString() };
    });

    scope.delete('/api/admin/session', async (_req, reply: FastifyReply) => {
      reply.clearCookie(ADMIN_COOKIE, { path: '/admin', httpOnly: true, sameSite: 'strict', secure });
      return { success: true };
    });

    const redisUrl = deps.config.REDIS_URL;
    if (!redisUrl) return; // the in-process queue has nothing to show
    const inspector = createQueueInspector({ redisUrl, prefix: deps.config.QUEUE_PREFIX, logger: deps.logger });
    scope.addHook('onClose', () => inspector.close());
    const serverAdapter = new FastifyAdapter();
    serverAdapter.setBasePath(DASHBOARD_PATH);
    createBullBoard({
      queues: inspector.queues.map((q) => new BullMQAdapter(q)),
      serverAdapter,
      options: { uiConfig: { boardTitle: 'SnapNotes queues' } },
    });
    await scope.register(async (dashboard) => {
      // Every dashboard request, its files included, is checked: nothing under /admin/queues is public. The reply
      // is sent here: bull-board's own error handler would turn a thrown 401/403 into a 500.
      dashboard.addHook('onRequest', async (req, reply) => {
        try {
          await requireAdmin(req, deps);
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          if (err.statusCode >= 500) req.log.error({ err }, 'admin check failed');
          return reply.code(err.statusCode).headers(err.headers).send(err.body());
        }
      });
      await dashboard.register(serverAdapter.registerPlugin(), { prefix: DASHBOARD_PATH });
    });
  });
}
