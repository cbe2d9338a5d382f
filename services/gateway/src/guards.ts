/**
 * Who is calling (SPEC §6): the bearer ID token → the verified identity → the caller's user row → ownership of a
 * path userId. Every /api route except the public ones starts with one of these.
 *
 * Revocation: most routes accept a token from the verified-token cache (auth.ts: a revoked or disabled account is
 * let in until its token expires, or for up to 5 minutes against the emulator), which keeps every request free of a
 * call to Firebase. The routes where that matters (deleting the account, paying) check revocation on every call:
 * they are listed in REVOCATION_CHECKED_ROUTES, and buildApp refuses to start if one of them is not registered.
 * The admin session checks it too (ops/admin.ts).
 */
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@snapnotes/contracts';
import { InvalidTokenError, type VerifiedIdentity } from './auth.js';
import type {} from './deps.js'; // request.identity, app.deps
import { HttpError } from './errors.js';

/** Routes whose token is checked with firebase-admin's checkRevoked on every request, never from the cache. */
export const REVOCATION_CHECKED_ROUTES: ReadonlyArray<{ method: 'DELETE' | 'POST'; url: string }> = [
  { method: 'DELETE', url: '/api/user' }, // account deletion
  { method: 'POST', url: '/api/create-checkout-session' }, // checkout
];

function checksRevocation(req: FastifyRequest): boolean {
  const { method, url } = req.routeOptions;
  const methods: string[] = Array.isArray(method) ? method : [method];
  return REVOCATION_CHECKED_ROUTES.some((r) => r.url === url && methods.includes(r.method));
}

const NOT_CONFIGURED = new HttpError(
  503,
  ErrorCode.FirebaseNotConfigured,
  'Authentication service not available: the server has no Firebase configuration.',
);

export const SESSION_EXPIRED = 'Your session has expired or is invalid. Please sign in again.';

/** The bearer token of the request, if it has one. */
export function bearerToken(req: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
}

/**
 * Verifies the bearer token; every /api route except the public ones calls this. `checkRevoked` asks Firebase
 * whether the account's sessions were revoked (always on for REVOCATION_CHECKED_ROUTES).
 */
export async function authenticate(
  req: FastifyRequest,
  options: { checkRevoked?: boolean } = {},
): Promise<VerifiedIdentity> {
  const { verifier } = req.server.deps;
  if (!verifier) throw NOT_CONFIGURED;
  const token = bearerToken(req);
  if (!token)
    throw new HttpError(401, ErrorCode.Unauthorized, 'Sign in to continue: the request carries no identity token.');
  try {
    req.identity = await verifier.verify(token, {
      checkRevoked: options.checkRevoked === true || checksRevocation(req),
    });
    return req.identity;
  } catch (err) {
    if (err instanceof InvalidTokenError) throw new HttpError(401, ErrorCode.Unauthorized, SESSION_EXPIRED);
    throw err;
  }
}

/** The signed-in caller's user row, or 403 when they have not been registered through POST /api/user. */
export async function currentUser(req: FastifyRequest) {
  const identity = req.identity ?? (await authenticate(req));
  const user = await req.server.deps.repos.users.findByFirebaseUid(identity.uid);
  if (!user)
    throw new HttpError(403, ErrorCode.Forbidden, 'Your account is not set up yet. Sign in again to create it.');
  return user;
}

/** Ownership of a path userId: anything but the caller's own id is 403, whatever the client sends. */
export async function ownUser(req: FastifyRequest, rawUserId: string) {
  const user = await currentUser(req);
  if (!/^\d+$/.test(rawUserId) || Number(rawUserId) !== user.id) {
    throw new HttpError(403, ErrorCode.Forbidden, 'You can only access your own data.');
  }
  return user;
}
