import { z } from 'zod';
import { logger } from './logger.js';

/**
 * Runtime configuration: the built bundle is the same everywhere, and GET /api/public-config tells it
 * how to reach Firebase, whether analytics and payments are on, and the free allowance.
 */
const firebaseWebConfigSchema = z.object({
  apiKey: z.string().min(1),
  authDomain: z.string().min(1),
  projectId: z.string().min(1),
  appId: z.string().min(1).nullish(),
  /** Auth emulator URL, e.g. http://127.0.0.1:9099. */
  emulatorUrl: z.string().url().nullish(),
});

/** Each field falls back on its own, so one bad value does not switch everything off. */
export const publicConfigSchema = z.object({
  firebase: firebaseWebConfigSchema.nullable().catch(null),
  gaMeasurementId: z.string().min(1).nullable().catch(null),
  freeUploadsPerMonth: z.number().int().nonnegative().catch(5),
  stripeEnabled: z.boolean().catch(false),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
export type FirebaseWebConfig = NonNullable<PublicConfig['firebase']>;

/** Used when the server cannot be asked: the app still renders, sign-in reports it is unavailable. */
export const FALLBACK_CONFIG: PublicConfig = {
  firebase: null,
  gaMeasurementId: null,
  freeUploadsPerMonth: 5,
  stripeEnabled: false,
};

export async function loadRuntimeConfig(url = '/api/public-config'): Promise<PublicConfig> {
  try {
    const res = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
    if (!res.ok) {
      logger.warn({ status: res.status }, 'Could not load the public configuration; using defaults');
      return FALLBACK_CONFIG;
    }
    const raw: unknown = await res.json();
    const parsed = publicConfigSchema.safeParse(raw);
    if (parsed.success && parsed.data.firebase === null && (raw as { firebase?: unknown } | null)?.firebase) {
      logger.warn('The public configuration has an invalid firebase section; sign-in is disabled');
    }
    if (!parsed.success) {
      logger.warn(
        { issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) },
        'Invalid public configuration',
      );
      return FALLBACK_CONFIG;
    }
    return parsed.data;
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'Public configuration unreachable');
    return FALLBACK_CONFIG;
  }
}
