/**
 * Identity: verifies Firebase ID tokens with firebase-admin. The token verifier is a port so the gateway
 * can run with no Firebase configuration at all (then the data routes answer 503 FIREBASE_NOT_CONFIGURED).
 */
import { createHash } from 'node:crypto';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { LRUCache } from 'lru-cache';
import type { Config } from '@snapnotes/config';

export interface VerifiedIdentity {
  uid: string;
  email: string;
  name: string;
  picture: string;
  /** When the token stops being valid (ms since the epoch). */
  expiresAt: number;
}

export interface TokenVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
  close(): Promise<void>;
}

export class InvalidTokenError extends Error {}

let appCounter = 0;

export function createFirebaseVerifier(config: Config): TokenVerifier | null {
  if (config.firebaseMode === 'none') return null;
  let app: App;
  const name = `snapnotes-${++appCounter}`;
  if (config.firebaseMode === 'emulator') {
    // firebase-admin reads the emulator host from the environment itself; config has already refused it in production.
    // eslint-disable-next-line no-restricted-properties
    process.env.FIREBASE_AUTH_EMULATOR_HOST = config.FIREBASE_AUTH_EMULATOR_HOST;
    app = initializeApp({ projectId: config.FIREBASE_PROJECT_ID }, name);
  } else if (config.firebaseMode === 'service-account') {
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
  const auth = getAuth(app);
  return withVerifiedTokenCache({
    async verify(idToken) {
      try {
        const decoded = await auth.verifyIdToken(idToken);
        return {
          uid: decoded.uid,
          email: decoded.email ?? '',
          name: typeof decoded.name === 'string' ? decoded.name : '',
          picture: decoded.picture ?? '',
          expiresAt: decoded.exp * 1000,
        };
      } catch (err) {
        const code = (err as { code?: string }).code ?? 'auth/invalid-id-token';
        throw new InvalidTokenError(code);
      }
    },
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
 * than its request). What this gives up: an account disabled in the emulator is still let in for up to `ttlMs`,
 * exactly as production (firebase-admin without checkRevoked) lets it in until its token expires; the gateway never
 * relied on that check, every route still looks the user row up.
 */
export function withVerifiedTokenCache(verifier: TokenVerifier, opts: TokenCacheOptions = {}): TokenVerifier {
  const now = opts.now ?? Date.now;
  const ttlMs = opts.ttlMs ?? 5 * 60_000;
  const cache = new LRUCache<string, { identity: VerifiedIdentity; until: number }>({ max: opts.max ?? 10_000 });
  return {
    async verify(idToken) {
      const key = createHash('sha256').update(idToken).digest('base64url');
      const hit = cache.get(key);
      if (hit && hit.until > now()) return { ...hit.identity };
      if (hit) cache.delete(key);
      const identity = await verifier.verify(idToken);
      const until = Math.min(now() + ttlMs, identity.expiresAt);
      if (until > now()) cache.set(key, { identity: { ...identity }, until });
      return identity;
    },
    async close() {
      cache.clear();
      await verifier.close();
    },
  };
}
