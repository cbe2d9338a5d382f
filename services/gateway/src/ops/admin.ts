/**
 * The queue dashboard (bull-board) at /admin/queues, for accounts whose email is in ADMIN_EMAILS and verified.
 *
 * A browser does not send an Authorization header when it opens a page or loads its scripts, so the admin first
 * calls `POST /api/admin/session` with the bearer ID token (checked against Firebase's revocation list). The reply
 * sets a **Firebase session cookie** (firebase-admin's createSessionCookie; not the ID token, which would also work
 * as a bearer on every API route): HttpOnly, SameSite=Strict, Secure in production (or behind an https PUBLIC_URL),
 * limited to /admin and valid an hour. Every request under /admin/queues (page, scripts, styles, the dashboard's own
 * API) verifies it again with verifySessionCookie(cookie, checkRevoked) and checks the email: no server-side
 * session state, so any gateway replica accepts it. `DELETE /admin/session` (where the browser sends the cookie;
 * `DELETE /api/admin/session` too, with the cookie or the bearer token) revokes the account's refresh tokens and
 * session cookies in Firebase and clears the cookie.
 */
import cookie, { type CookieSerializeOptions } from '@fastify/cookie';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '@snapnotes/config';
import { ErrorCode } from '@snapnotes/contracts';
import { createQueueInspector } from '@snapnotes/queue';
import { InvalidTokenError, type TokenVerifier, type VerifiedIdentity } from '../auth.js';
import type { GatewayDeps } from '../deps.js';
import { HttpError } from '../errors.js';
import { authenticate, bearerToken } from '../guards.js';

export const ADMIN_COOKIE = 'snapnotes_admin';
/** The admin routes, and the only path the session cookie is sent to. */
export const ADMIN_COOKIE_PATH = '/admin';
export const DASHBOARD_PATH = '/admin/queues';
const SESSION_SECONDS = 3600;

/** The session cookie's attributes: Secure whenever NODE_ENV is production, whatever PUBLIC_URL says. */
export function adminCookieOptions(config: Pick<Config, 'NODE_ENV' | 'publicUrl'>): CookieSerializeOptions {
  return {
    path: ADMIN_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.NODE_ENV === 'production' || config.publicUrl.startsWith('https:'),
  };
}

function isAdmin(deps: GatewayDeps, identity: VerifiedIdentity): boolean {
  const wanted = identity.email.trim().toLowerCase();
  // An unverified email claim proves nothing: anyone can create an account with someone else's address.
  return identity.emailVerified && wanted !== '' && deps.config.ADMIN_EMAILS.some((e) => e.toLowerCase() === wanted);
}

const NOT_ADMIN = () =>
  new HttpError(
    403,
    ErrorCode.Forbidden,
    'The queue dashboard is for administrators (ADMIN_EMAILS, with a verified email) only.',
  );

function requireVerifier(deps: GatewayDeps): TokenVerifier {
  if (!deps.verifier) {
    throw new HttpError(503, ErrorCode.FirebaseNotConfigured, 'Authentication service not available.');
  }
  return deps.verifier;
}

/** The identity of the session cookie, else of the bearer token (checked for revocation), else undefined. */
async function sessionIdentity(req: FastifyRequest, verifier: TokenVerifier): Promise<VerifiedIdentity | undefined> {
  const sessionCookie = req.cookies[ADMIN_COOKIE];
  const token = bearerToken(req);
  try {
    if (sessionCookie) return await verifier.verifySessionCookie(sessionCookie);
    if (token) return await verifier.verify(token, { checkRevoked: true });
    return undefined;
  } catch (err) {
    if (err instanceof InvalidTokenError) {
      throw new HttpError(401, ErrorCode.Unauthorized, 'Your admin session has expired. Open it again.');
    }
    throw err;
  }
}

/** The dashboard guard: an admin's session cookie (or bearer ID token), verified on every request. */
async function requireAdmin(req: FastifyRequest, deps: GatewayDeps): Promise<void> {
  const identity = await sessionIdentity(req, requireVerifier(deps));
  if (!identity) {
    throw new HttpError(
      401,
      ErrorCode.Unauthorized,
      'Sign in as an administrator first: POST /api/admin/session with your ID token, then open /admin/queues.',
    );
  }
  if (!isAdmin(deps, identity)) throw NOT_ADMIN();
}

export async function registerAdmin(app: FastifyInstance, deps: GatewayDeps): Promise<void> {
  await app.register(async (scope) => {
    if (!scope.hasRequestDecorator('cookies')) await scope.register(cookie); // unless the app already parses cookies
    const cookieOptions = adminCookieOptions(deps.config);

    scope.post('/api/admin/session', async (req, reply: FastifyReply) => {
      const verifier = requireVerifier(deps);
      const identity = await authenticate(req, { checkRevoked: true });
      if (!isAdmin(deps, identity)) throw NOT_ADMIN();
      const expiresInMs = SESSION_SECONDS * 1000;
      let sessionCookie: string;
      try {
        sessionCookie = await verifier.createSessionCookie(bearerToken(req)!, expiresInMs);
      } catch (err) {
        if (err instanceof InvalidTokenError) {
          throw new HttpError(
            401,
            ErrorCode.Unauthorized,
            'Your session has expired or is invalid. Please sign in again.',
          );
        }
        throw err;
      }
      reply.setCookie(ADMIN_COOKIE, sessionCookie, { ...cookieOptions, maxAge: SESSION_SECONDS });
      req.log.info({ adminUid: identity.uid }, 'admin session opened'); // the uid, not the email
      return { email: identity.email, expiresAt: new Date(Date.now() + expiresInMs).toISOString() };
    });

    // Logout: revokes the account's refresh tokens and session cookies in Firebase (every device), then clears the
    // cookie. /admin/session is where a browser sends the cookie; /api/admin/session also takes the bearer token.
    const logout = async (req: FastifyRequest, reply: FastifyReply) => {
      const verifier = requireVerifier(deps);
      const identity = await sessionIdentity(req, verifier).catch((err: unknown) => {
        if (err instanceof HttpError && err.statusCode === 401) return undefined; // already over: just clear it
        throw err;
      });
      if (identity) {
        await verifier.revokeSessions(identity.uid);
        req.log.info({ adminUid: identity.uid }, 'admin session revoked');
      }
      reply.clearCookie(ADMIN_COOKIE, cookieOptions);
      return { success: true, revoked: Boolean(identity) };
    };
    scope.delete(`${ADMIN_COOKIE_PATH}/session`, logout);
    scope.delete('/api/admin/session', logout);

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
