/**
 * Identity: verifies Firebase ID tokens with firebase-admin. The token verifier is a port so the gateway
 * can run with no Firebase configuration at all (then the data routes answer 503 FIREBASE_NOT_CONFIGURED).
 */
import { createHash } from 'node:crypto';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { LRUCache } from 'lru-cache';
import type { Config } from '@snapnotes/config';

export interface VerifiedIdentity {
  uid: string;
  email: string;
  /** The token's email_verified claim: an email that is not verified proves nothing (ADMIN_EMAILS needs it). */
  emailVerified: boolean;
  name: string;
  picture: string;
  /** When the token stops being valid (ms since the epoch). */
  expiresAt: number;
}

export interface VerifyOptions {
  /**
   * Also ask Firebase whether the account's sessions were revoked or the account disabled (firebase-admin's
   * checkRevoked: one call to Firebase, never cached). For the sensitive routes only: see REVOCATION_CHECKED_ROUTES.
   */
  checkRevoked?: boolean;
}

export interface TokenVerifier {
  verify(idToken: string, options?: VerifyOptions): Promise<VerifiedIdentity>;
  /** A Firebase session cookie for this (already verified) ID token, valid `expiresInMs` (5 min to 2 weeks). */
  createSessionCookie(idToken: string, expiresInMs: number): Promise<string>;
  /** Verifies a Firebase session cookie, revocation included (never cached). */
  verifySessionCookie(sessionCookie: string): Promise<VerifiedIdentity>;
  /** Revokes every refresh token and session cookie of the account (logout everywhere). */
  revokeSessions(uid: string): Promise<void>;
  close(): Promise<void>;
}

export class InvalidTokenError extends Error {}

let appCounter = 0;

function identityOf(decoded: DecodedIdToken): VerifiedIdentity {
  return {
    uid: decoded.uid,
    email: decoded.email ?? '',
    emailVerified: decoded.email_verified === true,
    name: typeof decoded.name === 'string' ? decoded.name : '',
    picture: decoded.picture ?? '',
    expiresAt: decoded.exp * 1000,
  };
}

function invalid(err: unknown): InvalidTokenError {
  return new InvalidTokenError((err as { code?: string }).code ?? 'auth/invalid-id-token');
}

export function createFirebaseVerifier(config: Config): TokenVerifier | null {
  if (config.firebaseMode === 'none') return null;
  let app: App;
  const name = `snapnotes-${++appCounter}`;
  if (config.firebaseMode === 'emulator') {
    // firebase-admin reads the emulator host from the environment itself, on every call; config has checked the
    // opt-in (AUTH_EMULATOR=1), the loopback host and NODE_ENV.
    // eslint-disable-next-line no-restricted-properties
    process.env.FIREBASE_AUTH_EMULATOR_HOST = config.FIREBASE_AUTH_EMULATOR_HOST;
    app = initializeApp({ projectId: config.FIREBASE_PROJECT_ID }, name);
  } else {
    // Not the emulator: a host left in the environment (without AUTH_EMULATOR=1, so ignored by config) would still
    // switch firebase-admin to unsigned tokens, so it goes.
    // eslint-disable-next-line no-restricted-properties
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    if (config.firebaseMode === 'service-account') {
      const account = JSON.parse(config.FIREBASE_SERVICE_ACCOUNT_JSON ?? '{}') as {
        project_id?: string;
        client_email?: string;
        private_key?: string;
      };
      app = initializeApp(
        {
          credential: cert({
            projectId: account.project_id,
            clientEmail: account.client_email,
            privateKey: account.private_key,
          }),
          projectId: config.FIREBASE_PROJECT_ID ?? account.project_id,
        },
        name,
      );
    } else {
      app = initializeApp({ projectId: config.FIREBASE_PROJECT_ID }, name);
    }
  }
  const auth = getAuth(app);
  return withVerifiedTokenCache({
    async verify(idToken, options) {
      try {
        return identityOf(await auth.verifyIdToken(idToken, options?.checkRevoked === true));
      } catch (err) {
        throw invalid(err);
      }
    },
    async createSessionCookie(idToken, expiresIn) {
      try {
        return await auth.createSessionCookie(idToken, { expiresIn });
      } catch (err) {
        throw invalid(err);
      }
    },
    async verifySessionCookie(sessionCookie) {
      try {
        return identityOf(await auth.verifySessionCookie(sessionCookie, true));
      } catch (err) {
        throw invalid(err);
      }
    },
    revokeSessions: (uid) => auth.revokeRefreshTokens(uid),
    close: () => deleteApp(app),
  });
}

export interface TokenCacheOptions {
  /** Tokens remembered at most (least recently used go first). */
  max?: number;
  /** How long a verified token is trusted without asking again, capped by its own expiry. */
  ttlMs?: number;
  now?: () => number;
}

/**
 * Remembers tokens already verified, until they expire or for `ttlMs`, whichever comes first. A client sends the
 * same ID token with every request for up to an hour; verifying it each time costs a signature check in production
 * and, against the Auth emulator, an HTTP round trip (firebase-admin then also looks the account up), 4–5 ms of every
 * request. Only successes are remembered, keyed by a SHA-256 of the token (the heap never holds a token longer
 * than its request). What this gives up: on the ordinary routes a revoked or disabled account is let in until its
 * token expires (production, firebase-admin without checkRevoked) or for up to `ttlMs` (the emulator); every route
 * still looks the user row up, so a deleted account is refused at once. A `checkRevoked` verification (account
 * deletion, checkout, the admin session) and session cookies are never answered from, nor stored in, the cache.
 */
export function withVerifiedTokenCache(verifier: TokenVerifier, opts: TokenCacheOptions = {}): TokenVerifier {
  const now = opts.now ?? Date.now;
  const ttlMs = opts.ttlMs ?? 5 * 60_000;
  const cache = new LRUCache<string, { identity: VerifiedIdentity; until: number }>({ max: opts.max ?? 10_000 });
  return {
    async verify(idToken, options) {
      if (options?.checkRevoked) return verifier.verify(idToken, options);
      const key = createHash('sha256').update(idToken).digest('base64url');
      const hit = cache.get(key);
      if (hit && hit.until > now()) return { ...hit.identity };
      if (hit) cache.delete(key);
      const identity = await verifier.verify(idToken);
      const until = Math.min(now() + ttlMs, identity.expiresAt);
      if (until > now()) cache.set(key, { identity: { ...identity }, until });
      return identity;
    },
    createSessionCookie: (idToken, expiresInMs) => verifier.createSessionCookie(idToken, expiresInMs),
    verifySessionCookie: (sessionCookie) => verifier.verifySessionCookie(sessionCookie),
    async revokeSessions(uid) {
      await verifier.revokeSessions(uid);
      // This replica forgets the account's tokens at once (another replica within ttlMs at most).
      for (const [key, entry] of cache.entries()) if (entry.identity.uid === uid) cache.delete(key);
    },
    async close() {
      cache.clear();
      await verifier.close();
    },
  };
}
