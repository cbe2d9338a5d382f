import type { User } from '@snapnotes/contracts';
import { authNotConfiguredError, sendRequest } from '../../lib/api-client.js';
import { logger } from '../../lib/logger.js';
import { STAND_IN_USER_ID } from '../../lib/session.js';
import type { IdentityUser } from './identity.js';

/**
 * Stand-in user (SPEC §3): id -1; username = the email prefix or 'user';
 * displayName = the provider's display name, else the email prefix, else 'User'.
 */
export function buildStandInUser(identity: IdentityUser): User {
  const prefix = identity.email?.split('@')[0]?.trim() ?? '';
  return {
    id: STAND_IN_USER_ID,
    firebaseUid: identity.uid,
    email: identity.email ?? '',
    username: prefix || 'user',
    displayName: identity.displayName?.trim() || prefix || 'User',
    photoURL: identity.photoURL ?? '',
    ocrLanguages: null,
  };
}

const USER_TEXT_FIELDS = ['firebaseUid', 'email', 'username', 'displayName', 'photoURL'] as const;

/**
 * The server's user record as `userSchema` (@snapnotes/contracts) reads it, unknown fields dropped, an absent
 * ocrLanguages read as null; null when it does not fit. By hand: this runs at start, and zod is not in the start
 * bundle (e2e/bundle-size.e2e.ts).
 */
export function readUser(data: unknown): User | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const { id, ocrLanguages } = record;
  if (typeof id !== 'number' || !Number.isInteger(id)) return null;
  if (!USER_TEXT_FIELDS.every((field) => typeof record[field] === 'string')) return null;
  if (
    ocrLanguages !== undefined &&
    ocrLanguages !== null &&
    !(Array.isArray(ocrLanguages) && ocrLanguages.every((language) => typeof language === 'string'))
  ) {
    return null;
  }
  return {
    id,
    firebaseUid: record.firebaseUid as string,
    email: record.email as string,
    username: record.username as string,
    displayName: record.displayName as string,
    photoURL: record.photoURL as string,
    ocrLanguages: (ocrLanguages as string[] | null | undefined) ?? null,
  };
}

/**
 * The signed-in user's record, kept on the device so the installed app opens offline (issue 15: the notes already
 * loaded stay readable): without a network POST /api/user cannot answer, and the record is what the pages need.
 * One record, for the user who signed in last; forgotten on sign-out and account deletion.
 */
const KEPT_USER_KEY = 'snapnotes:user';

function keepUser(user: User): void {
  try {
    localStorage.setItem(KEPT_USER_KEY, JSON.stringify(user));
  } catch {
    // No storage: the app needs a network to open, as before.
  }
}

/** The kept record of this identity user, or null. */
export function keptUser(uid: string): User | null {
  try {
    const raw = localStorage.getItem(KEPT_USER_KEY);
    const user = raw ? readUser(JSON.parse(raw)) : null;
    return user && user.firebaseUid === uid ? user : null;
  } catch {
    return null;
  }
}

export function forgetKeptUser(): void {
  try {
    localStorage.removeItem(KEPT_USER_KEY);
  } catch {
    // Nothing was kept.
  }
}

export interface ServerUserResult {
  user: User;
  /** Set when the server reported a warning (e.g. FIREBASE_NOT_CONFIGURED) and the stand-in user is used. */
  warning?: string;
}

/**
 * POST /api/user (SPEC §7): fetches or creates the server's record for the signed-in identity.
 * Errors: 'Server error: {status} {statusText}' for a non-OK reply, 'Invalid response from server' for a body
 * that is not the expected JSON. A not-configured 503 or a warning field gives the stand-in user.
 */
export async function fetchServerUser(identity: IdentityUser): Promise<ServerUserResult> {
  const res = await sendRequest('POST', '/api/user', {
    firebaseUid: identity.uid,
    email: identity.email ?? '',
    displayName: identity.displayName ?? '',
    photoURL: identity.photoURL ?? '',
  });
  const notConfigured = await authNotConfiguredError(res);
  if (notConfigured) {
    logger.warn({ error: notConfigured }, 'Authentication service not available; using a limited session');
    return { user: buildStandInUser(identity), warning: notConfigured };
  }
  if (!res.ok) throw new Error(`Server error: ${res.status} ${res.statusText}`.trim());
  let data: unknown;
  try {
    data = JSON.parse(await res.text());
  } catch {
    throw new Error('Invalid response from server');
  }
  const warning = (data as { warning?: unknown } | null)?.warning;
  if (typeof warning === 'string' && warning) {
    logger.warn({ warning }, 'Server reported a warning for the user call; using a limited session');
    return { user: buildStandInUser(identity), warning };
  }
  const user = readUser(data);
  if (!user) throw new Error('Invalid response from server');
  keepUser(user);
  return { user };
}
