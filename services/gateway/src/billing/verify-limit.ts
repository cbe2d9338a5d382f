/**
 * The limit on POST /api/verify-subscription (audit issue 12, item 7): each call costs two Stripe reads, so one
 * account may verify at most VERIFY_LIMIT times in VERIFY_WINDOW_SECONDS. A real checkout verifies once or twice
 * (the success page, a reload). A per-account limit (../per-user-limit.ts).
 */
import { createPerUserLimiter, type PerUserLimiter } from '../per-user-limit.js';

export const VERIFY_LIMIT = 5;
export const VERIFY_WINDOW_SECONDS = 60;

export interface VerifyRateLimiterOptions {
  redisUrl?: string;
  /** Prefix of every Redis key, e.g. `${QUEUE_PREFIX}:rl:verify`. */
  keyPrefix: string;
  limit?: number;
  windowSeconds?: number;
  logger?: { error(obj: object, msg: string): void };
}

export function verifyRateLimitMessage(retryAfterSeconds: number): string {
  return (
    'Too many subscription checks: please wait ' +
    `${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'} and try again.`
  );
}

export function createVerifyRateLimiter(opts: VerifyRateLimiterOptions): PerUserLimiter {
  return createPerUserLimiter({
    ...opts,
    name: 'verify',
    limit: opts.limit ?? VERIFY_LIMIT,
    windowSeconds: opts.windowSeconds ?? VERIFY_WINDOW_SECONDS,
    message: verifyRateLimitMessage,
  });
}
