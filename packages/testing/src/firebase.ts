/**
 * Firebase Auth emulator access for tests. The integration project's global setup starts one emulator
 * (or uses FIREBASE_AUTH_EMULATOR_HOST when given) and exports its host to every test worker.
 */
import { randomUUID } from 'node:crypto';
import { signInWithGoogleOnEmulator, type EmulatorSignIn } from '@snapnotes/local-services';

export function authEmulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host)
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run through the integration project (global setup).');
  return host;
}

export interface TestUser extends EmulatorSignIn {
  sub: string;
  name: string;
}

/** A fresh Google user signed in on the emulator; returns its ID token. */
export async function createTestUser(
  overrides: Partial<{ sub: string; email: string; name: string }> = {},
): Promise<TestUser> {
  const sub = overrides.sub ?? `g-${randomUUID()}`;
  const name = overrides.name ?? 'Test User';
  const email = overrides.email ?? `${sub}@example.com`;
  const signIn = await signInWithGoogleOnEmulator(`http://${authEmulatorHost()}`, { sub, email, name });
  return { ...signIn, sub, name };
}
