/**
 * A per-account fixed-window limit on rate-limiter-flexible, for the rare, costly calls (feedback, subscription
 * verification): `limit` calls per `windowSeconds`, the window starting at the account's first call. Shared through
 * Redis by every gateway replica when REDIS_URL is set (no offline queue: while Redis is away a memory limiter
 * answers), in memory otherwise. The upload limit has its own sliding slots (rate-limit.ts).
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ErrorCode } from '@snapnotes/contracts';
import { createRedisClient } from '@snapnotes/queue';
import { HttpError } from './errors.js';

export interface PerUserLimiter {
  /** Counts one call for the user, or throws a 429 HttpError (with Retry-After) and counts nothing. */
  consume(userId: number): Promise<void>;
  close(): Promise<void>;
}

export interface PerUserLimiterOptions {
  /** What is limited, for log lines ("feedback", "verify"). */
  name: string;
  redisUrl?: string;
  /** Prefix of every Redis key, e.g. `${QUEUE_PREFIX}:rl:verify`. */
  keyPrefix: string;
  limit: number;
  windowSeconds: number;
  /** The 429's message, given the seconds until the next call is allowed. */
  message(retryAfterSeconds: number): string;
  logger?: { error(obj: object, msg: string): void };
}

/**
 * A rate-limiter-flexible limiter over Redis when a URL is given (no offline queue: while Redis is away, calls fail
 * at once and a memory limiter with the same settings answers), in memory otherwise; and the Redis client to close.
 */
export function createLimiterStore(opts: {
  name: string;
  redisUrl?: string;
  base: { points: number; duration: number; keyPrefix: string };
  logger?: {
    error(obj: object, msg: string): void;
    warn?(obj: object, msg: string): void;
    info?(obj: object, msg: string): void;
  };
}): { limiter: RateLimiterAbstract; redis?: Redis; close(): Promise<void> } {
  if (!opts.redisUrl) return { limiter: new RateLimiterMemory(opts.base), close: async () => {} };
  // The product's Redis client (@snapnotes/queue): its reconnect policy, its heartbeat (a frozen Redis is dropped
  // within seconds), an outage logged once, then every 30 s; and a command timeout of 1 s, since the memory limiter
  // answers a call Redis does not (an upload must not wait on its rate limit).
  const log = opts.logger;
  const client = createRedisClient(opts.redisUrl, {
    logger: {
      error: (f, m) => log?.error(f, m),
      warn: (f, m) => (log?.warn ? log.warn(f, m) : log?.error(f, m)),
      info: (f, m) => log?.info?.(f, m),
    },
    msg: 'rate limit: redis connection error',
    fields: { limit: opts.name },
    options: { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000 },
  });
  const { redis } = client;
  const limiter = new RateLimiterRedis({
    ...opts.base,
    storeClient: redis,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(opts.base),
  });
  return {
    limiter,
    redis,
    close: () => client.close(),
  };
}

export function createPerUserLimiter(opts: PerUserLimiterOptions): PerUserLimiter {
  const base = { points: opts.limit, duration: opts.windowSeconds, keyPrefix: opts.keyPrefix };
  const { limiter, close } = createLimiterStore({ ...opts, base });
  return {
    async consume(userId) {
      try {
        await limiter.consume(String(userId), 1);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        throw new HttpError(
          429,
          ErrorCode.RateLimited,
          opts.message(retryAfter),
          {},
          {
            'retry-after': String(retryAfter),
          },
        );
      }
    },
    close,
  };
}
