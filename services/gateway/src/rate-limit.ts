/**
 * The upload rate limit (DESIGN §7): at most RATE_LIMIT_IMAGES images per user in ANY window of
 * RATE_LIMIT_WINDOW_SECONDS, for every user, subscribers included. Built on rate-limiter-flexible:
 * `RateLimiterRedis` (shared by every gateway replica) when REDIS_URL is set, `RateLimiterMemory` otherwise
 * (the embedded start is one process), with a memory limiter as insurance while Redis is unreachable.
 *
 * Why slots: a plain fixed-window counter lets a user send 10 images at the end of one window and 10 more at the
 * start of the next, 20 within seconds. Here each of a user's 10 "slots" is its own 1-point limiter key with a
 * 5-minute life: an image takes a free slot and holds it for exactly 5 minutes, so no 5-minute span can ever
 * hold more than 10 images (a sliding log of size 10). Each slot take is atomic in the store, so concurrent
 * requests on several replicas cannot overbook; a request that cannot get all its slots gives back the ones it
 * took and is refused whole.
 */
import { RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCode, RATE_LIMIT_IMAGES, RATE_LIMIT_WINDOW_SECONDS } from '@snapnotes/contracts';
import { HttpError } from './errors.js';
import { createLimiterStore, createPerUserLimiter, type PerUserLimiter } from './per-user-limit.js';

export interface UploadRateLimiter {
  /** 'redis' when shared through Redis, 'memory' for one process. */
  readonly store: 'redis' | 'memory';
  /**
   * Counts `images` images for the user, or throws a 429 HttpError (with Retry-After) and counts none. The grant
   * gives them back, for an upload refused after it was counted (an image that turns out not to decode).
   */
  consume(userId: number, images: number): Promise<RateLimitGrant>;
  /**
   * Throws the same 429 when the user has no free slot at all, and counts nothing: the upload route asks this
   * before reading a body (the image count is not known yet); `consume` still decides once it is.
   */
  check(userId: number): Promise<void>;
  /** Resolves when the store is usable (Redis connected); the memory insurance covers the time before. */
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitGrant {
  release(): Promise<void>;
}

export interface UploadRateLimiterOptions {
  /** Shared store; without it the limit lives in this process. */
  redisUrl?: string;
  /** Prefix of every Redis key (e.g. `${QUEUE_PREFIX}:rl:uploads`); replicas that share a limit share it. */
  keyPrefix: string;
  images?: number;
  windowSeconds?: number;
  logger?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** "Try again in N minutes." for a Retry-After in seconds (at least one minute). */
function tryAgainIn(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** The 429 reply's message: says the rule and when to come back. */
export function rateLimitMessage(
  retryAfterSeconds: number,
  images = RATE_LIMIT_IMAGES,
  windowSeconds = RATE_LIMIT_WINDOW_SECONDS,
) {
  const windowMinutes = Math.round(windowSeconds / 60);
  return (
    `Too many uploads: you can upload at most ${images} screenshots every ${windowMinutes} minutes. ` +
    tryAgainIn(retryAfterSeconds)
  );
}

/**
 * The same limit's 429 for "Read again", which counts the note's images against it: the rule in its words. `err` is
 * the limiter's 429 (its Retry-After is kept); anything else is returned as it is.
 */
export function asRereadRateLimit(
  err: unknown,
  images = RATE_LIMIT_IMAGES,
  windowSeconds = RATE_LIMIT_WINDOW_SECONDS,
): unknown {
  if (!(err instanceof HttpError) || err.code !== ErrorCode.RateLimited) return err;
  const retryAfter = Number(err.headers['retry-after']) || windowSeconds;
  const message =
    `Too many screenshots read: uploads and "Read again" together read at most ${images} screenshots every ` +
    `${Math.round(windowSeconds / 60)} minutes. ${tryAgainIn(retryAfter)}`;
  return new HttpError(429, ErrorCode.RateLimited, message, {}, err.headers);
}

export function createUploadRateLimiter(opts: UploadRateLimiterOptions): UploadRateLimiter {
  const images = opts.images ?? RATE_LIMIT_IMAGES;
  const windowSeconds = opts.windowSeconds ?? RATE_LIMIT_WINDOW_SECONDS;
  if (!Number.isInteger(images) || images < 1) throw new Error(`images must be a positive integer (got ${images})`);
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1) {
    throw new Error(`windowSeconds must be a positive integer (got ${windowSeconds})`);
  }
  const base = { points: 1, duration: windowSeconds, keyPrefix: opts.keyPrefix };
  const { limiter, redis, close } = createLimiterStore({
    name: 'uploads',
    redisUrl: opts.redisUrl,
    base,
    logger: opts.logger,
  });

  async function release(userId: number, slots: number[]) {
    await Promise.all(slots.map((slot) => limiter.delete(`${userId}:${slot}`).catch(() => false)));
  }

  return {
    store: redis ? 'redis' : 'memory',
    async consume(userId, count) {
      if (!Number.isInteger(count) || count < 1)
        throw new Error(`image count must be a positive integer (got ${count})`);
      if (count > images) {
        throw new HttpError(
          429,
          ErrorCode.RateLimited,
          rateLimitMessage(windowSeconds, images, windowSeconds),
          {},
          {
            'retry-after': String(windowSeconds),
          },
        );
      }
      const taken: number[] = [];
      const busyMs: number[] = [];
      for (let slot = 0; slot < images && taken.length < count; slot++) {
        try {
          await limiter.consume(`${userId}:${slot}`, 1);
          taken.push(slot);
        } catch (res) {
          if (res instanceof RateLimiterRes) {
            busyMs.push(res.msBeforeNext);
            continue;
          }
          await release(userId, taken);
          throw res;
        }
      }
      if (taken.length >= count) return { release: () => release(userId, taken) };
      await release(userId, taken);
      // After giving ours back, `taken.length` slots are free; the rest must come from the soonest busy ones.
      busyMs.sort((a, b) => a - b);
      const waitMs = busyMs[count - taken.length - 1] ?? windowSeconds * 1000;
      const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
      throw new HttpError(
        429,
        ErrorCode.RateLimited,
        rateLimitMessage(retryAfter, images, windowSeconds),
        {},
        {
          'retry-after': String(retryAfter),
        },
      );
    },
    async check(userId) {
      const busyMs: number[] = [];
      for (let slot = 0; slot < images; slot++) {
        let res: RateLimiterRes | null;
        try {
          res = await limiter.get(`${userId}:${slot}`);
        } catch {
          return; // the store cannot be read: let `consume` (with its insurance limiter) decide
        }
        if (!res || res.consumedPoints < 1 || res.msBeforeNext <= 0) return;
        busyMs.push(res.msBeforeNext);
      }
      const retryAfter = Math.max(1, Math.ceil(Math.min(...busyMs) / 1000));
      throw new HttpError(
        429,
        ErrorCode.RateLimited,
        rateLimitMessage(retryAfter, images, windowSeconds),
        {},
        { 'retry-after': String(retryAfter) },
      );
    },
    async ready(timeoutMs = 5000) {
      const client = redis;
      if (!client || client.status === 'ready') return;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          client.off('ready', onReady);
          reject(new Error(`Redis not ready after ${timeoutMs} ms`));
        }, timeoutMs);
        const onReady = () => {
          clearTimeout(timer);
          resolve();
        };
        client.once('ready', onReady);
      });
    },
    close,
  };
}

/** Feedback (POST /api/feedback): at most FEEDBACK_LIMIT messages per user in a window of FEEDBACK_WINDOW_SECONDS. */
export const FEEDBACK_LIMIT = 5;
export const FEEDBACK_WINDOW_SECONDS = 10 * 60;

export function feedbackRateLimitMessage(
  retryAfterSeconds: number,
  limit = FEEDBACK_LIMIT,
  windowSeconds = FEEDBACK_WINDOW_SECONDS,
) {
  return (
    `Too much feedback at once: you can send at most ${limit} messages every ${Math.round(windowSeconds / 60)} minutes. ` +
    tryAgainIn(retryAfterSeconds)
  );
}

/** Feedback is rare: a fixed window that starts with the user's first message is enough. */
export function createFeedbackRateLimiter(opts: {
  redisUrl?: string;
  keyPrefix: string;
  limit?: number;
  windowSeconds?: number;
  logger?: { error(obj: object, msg: string): void };
}): PerUserLimiter {
  const limit = opts.limit ?? FEEDBACK_LIMIT;
  const windowSeconds = opts.windowSeconds ?? FEEDBACK_WINDOW_SECONDS;
  return createPerUserLimiter({
    ...opts,
    name: 'feedback',
    limit,
    windowSeconds,
    message: (retryAfter) => feedbackRateLimitMessage(retryAfter, limit, windowSeconds),
  });
}
