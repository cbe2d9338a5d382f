/**
 * Identity: verifies Firebase ID tokens with firebase-admin. The token verifier is a port so the gateway
 * can run with no Firebase configuration at all (then the data routes answer 503 FIREBASE_NOT_CONFIGURED).
 */
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Config } from '@snapnotes/config';

export interface VerifiedIdentity {
  uid: string;
  email: string;
  name: string;
  picture: string;
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
  return {
    async verify(idToken) {
      try {
        const decoded = await auth.verifyIdToken(idToken);
        return {
          uid: decoded.uid,
          email: decoded.email ?? '',
          name: typeof decoded.name === 'string' ? decoded.name : '',
          picture: decoded.picture ?? '',
        };
      } catch (err) {
        const code = (err as { code?: string }).code ?? 'auth/invalid-id-token';
        throw new InvalidTokenError(code);
      }
    },
    close: () => deleteApp(app),
  };
}
