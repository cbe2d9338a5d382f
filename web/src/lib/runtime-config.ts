import { logger } from './logger.js';

/**
 * Runtime configuration: the built bundle is the same everywhere, and GET /api/public-config tells it
 * how to reach Firebase, whether analytics and payments are on, and the free allowance.
 *
 * Checked by hand, not with zod: this runs at start on every page, and zod would be most of the landing page's own
 * JavaScript (the size budget, e2e/bundle-size.e2e.ts).
 */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string | null;
  /** Auth emulator URL, e.g. http://127.0.0.1:9099. */
  emulatorUrl?: string | null;
}

export interface PublicConfig {
  firebase: FirebaseWebConfig | null;
  gaMeasurementId: string | null;
  freeUploadsPerMonth: number;
  stripeEnabled: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isFilled = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    return Boolean(new URL(value).host);
  } catch {
    return false;
  }
};

/** The firebase section, or null when it is absent or any of its fields is invalid. */
function readFirebase(value: unknown): FirebaseWebConfig | null {
  if (!isObject(value)) return null;
  const { apiKey, authDomain, projectId, appId, emulatorUrl } = value;
  if (!isFilled(apiKey) || !isFilled(authDomain) || !isFilled(projectId)) return null;
  if (appId != null && !isFilled(appId)) return null;
  if (emulatorUrl != null && !isUrl(emulatorUrl)) return null;
  return {
    apiKey,
    authDomain,
    projectId,
    ...(appId !== undefined ? { appId } : {}),
    ...(emulatorUrl !== undefined ? { emulatorUrl } : {}),
  };
}

/** Each field falls back on its own, so one bad value does not switch everything off. Null for a non-object. */
export function parsePublicConfig(raw: unknown): PublicConfig | null {
  if (!isObject(raw)) return null;
  const { firebase, gaMeasurementId, freeUploadsPerMonth, stripeEnabled } = raw;
  return {
    firebase: readFirebase(firebase),
    gaMeasurementId: isFilled(gaMeasurementId) ? gaMeasurementId : null,
    freeUploadsPerMonth:
      typeof freeUploadsPerMonth === 'number' && Number.isInteger(freeUploadsPerMonth) && freeUploadsPerMonth >= 0
        ? freeUploadsPerMonth
        : 5,
    stripeEnabled: typeof stripeEnabled === 'boolean' ? stripeEnabled : false,
  };
}

/** Used when the server cannot be asked: the app still renders, sign-in reports it is unavailable. */
export const FALLBACK_CONFIG: PublicConfig = {
  firebase: null,
  gaMeasurementId: null,
  freeUploadsPerMonth: 5,
  stripeEnabled: false,
};

/** The last configuration the server gave, kept for a start without a network (the installed app offline). */
const KEPT_CONFIG_KEY = 'snapnotes:public-config';

function keepConfig(raw: unknown): void {
  try {
    localStorage.setItem(KEPT_CONFIG_KEY, JSON.stringify(raw));
  } catch {
    // No storage (private mode, a test runner): the next offline start uses the defaults.
  }
}

function keptConfig(): PublicConfig | null {
  try {
    const kept = localStorage.getItem(KEPT_CONFIG_KEY);
    return kept ? parsePublicConfig(JSON.parse(kept)) : null;
  } catch {
    return null;
  }
}

/** Set when the last loadRuntimeConfig() got no answer at all (offline, or the server unreachable). */
let unreachable = false;

/**
 * True when the app started without reaching the server (the configuration came from the kept copy or the
 * defaults because the request failed): a fast sign that the network is not there, also when navigator.onLine
 * says otherwise. The offline start (features/auth/auth-provider.tsx) then opens the kept account at once.
 */
export function startedWithoutServer(): boolean {
  return unreachable;
}

/**
 * GET /api/public-config. A server that answers with an error gets the defaults; one that cannot be reached (the
 * device is offline) gets the configuration it gave last time, so a signed-in user's installed app still opens.
 */
export async function loadRuntimeConfig(url = '/api/public-config'): Promise<PublicConfig> {
  unreachable = false;
  try {
    const res = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
    if (!res.ok) {
      logger.warn({ status: res.status }, 'Could not load the public configuration; using defaults');
      return FALLBACK_CONFIG;
    }
    const raw: unknown = await res.json();
    const parsed = parsePublicConfig(raw);
    if (!parsed) {
      logger.warn('Invalid public configuration: not an object');
      return FALLBACK_CONFIG;
    }
    if (parsed.firebase === null && (raw as { firebase?: unknown }).firebase) {
      logger.warn('The public configuration has an invalid firebase section; sign-in is disabled');
    }
    keepConfig(raw);
    return parsed;
  } catch (error) {
    unreachable = true;
    const kept = keptConfig();
    logger.warn(
      { err: error instanceof Error ? error.message : String(error), kept: kept !== null },
      'Public configuration unreachable',
    );
    return kept ?? FALLBACK_CONFIG;
  }
}
