import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../src/errors.js';
import { createUploadRateLimiter, rateLimitMessage, type UploadRateLimiter } from '../src/rate-limit.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function refusal(limiter: UploadRateLimiter, userId: number, images: number): Promise<HttpError> {
  try {
    await limiter.consume(userId, images);
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error(`expected ${images} image(s) to be refused`);
}

let limiter: UploadRateLimiter | undefined;
afterEach(async () => {
  await limiter?.close();
});

describe('upload rate limit (memory store)', () => {
  it('holds each image for the whole window: no window of that length ever holds more than the limit', async () => {
    limiter = createUploadRateLimiter({ keyPrefix: 'unit-a', images: 10, windowSeconds: 2 });
    await limiter.consume(1, 1); // t = 0
    await sleep(1200);
    await limiter.consume(1, 9); // t = 1.2 s: 10 in the window
    await sleep(1000);
    // t = 2.2 s: a fixed window anchored at 0 would have reset to 10 free; only the t = 0 image has expired.
    const refused = await refusal(limiter, 1, 2);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(1);
    await limiter.consume(1, 1);
    await expect(limiter.consume(1, 1)).rejects.toBeInstanceOf(HttpError);
  });

  it('refuses a request whole, gives its slots back, and answers when enough slots free', async () => {
    limiter = createUploadRateLimiter({ keyPrefix: 'unit-b', images: 10, windowSeconds: 300 });
    await limiter.consume(7, 8);
    const refused = await refusal(limiter, 7, 3);
    expect(refused.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(295);
    expect(refused.message).toBe(
      'Too many uploads: you can upload at most 10 screenshots every 5 minutes. Try again in 5 minutes.',
    );
    // The refused request took nothing: two slots are still free.
    await limiter.consume(7, 2);
    await expect(limiter.consume(7, 1)).rejects.toBeInstanceOf(HttpError);
    // Other users have their own slots.
    await limiter.consume(8, 10);
  });

  it("gives an upload's images back when it is refused after being counted", async () => {
    limiter = createUploadRateLimiter({ keyPrefix: 'unit-d', images: 10, windowSeconds: 300 });
    await limiter.consume(3, 4);
    const grant = await limiter.consume(3, 6);
    await expect(limiter.consume(3, 1)).rejects.toBeInstanceOf(HttpError);
    await grant.release();
    // Only the released six are free again; the first four are still held.
    await limiter.consume(3, 6);
    await expect(limiter.consume(3, 1)).rejects.toBeInstanceOf(HttpError);
  });

  it('checks its input', async () => {
    limiter = createUploadRateLimiter({ keyPrefix: 'unit-c' });
    await expect(limiter.consume(1, 0)).rejects.toThrow(/positive integer/);
    expect((await refusal(limiter, 1, 11)).statusCode).toBe(429);
    expect(() => createUploadRateLimiter({ keyPrefix: 'x', images: 0 })).toThrow(/images must be a positive integer/);
  });

  it('words the wait in whole minutes', () => {
    expect(rateLimitMessage(30)).toMatch(/Try again in 1 minute\.$/);
    expect(rateLimitMessage(61)).toMatch(/Try again in 2 minutes\.$/);
  });
});
