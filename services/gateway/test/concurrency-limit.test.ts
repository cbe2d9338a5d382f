import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from '../src/concurrency-limit.js';
import { HttpError } from '../src/errors.js';

const limit = (overall?: number) =>
  new ConcurrencyLimit({
    perKey: 2,
    ...(overall === undefined ? {} : { overall }),
    keyRefusal: () => new HttpError(429, 'SEARCHES_IN_PROGRESS', 'busy', {}, { 'retry-after': '1' }),
    overallRefusal: () => new HttpError(503, 'SERVER_BUSY', 'everyone busy', {}, { 'retry-after': '1' }),
  });

const refusal = (fn: () => unknown): HttpError => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return err as HttpError;
  }
  throw new Error('not refused');
};

describe('ConcurrencyLimit', () => {
  it('refuses a key past perKey with its 429, other keys unaffected, and frees a place once per release', () => {
    const l = limit();
    const a1 = l.acquire('a');
    const a2 = l.acquire('a');
    const refused = refusal(() => l.acquire('a'));
    expect([refused.statusCode, refused.code, refused.headers]).toEqual([
      429,
      'SEARCHES_IN_PROGRESS',
      { 'retry-after': '1' },
    ]);
    expect(l.activeFor('a')).toBe(2); // a refusal takes nothing
    const b = l.acquire('b');
    a1();
    a1(); // twice: still one place
    expect(l.activeFor('a')).toBe(1);
    const a3 = l.acquire('a');
    expect(refusal(() => l.acquire('a')).statusCode).toBe(429);
    for (const release of [a2, a3, b]) release();
    expect([l.activeFor('a'), l.activeFor('b')]).toEqual([0, 0]);
  });

  it('refuses anyone past the overall limit with the 503', () => {
    const l = limit(3);
    const held = [l.acquire('a'), l.acquire('a'), l.acquire('b')];
    expect(refusal(() => l.acquire('c')).statusCode).toBe(503);
    held[0]!();
    expect(() => l.acquire('c')).not.toThrow();
  });
});
