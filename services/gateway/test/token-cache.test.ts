import { describe, expect, it } from 'vitest';
import { InvalidTokenError, withVerifiedTokenCache, type TokenVerifier, type VerifiedIdentity } from '../src/auth.js';

/** A verifier that knows a fixed set of tokens and counts how often it is asked. */
function countingVerifier(tokens: Record<string, VerifiedIdentity>) {
  const calls: string[] = [];
  let closed = false;
  const verifier: TokenVerifier = {
    async verify(token) {
      calls.push(token);
      const identity = tokens[token];
      if (!identity) throw new InvalidTokenError('auth/invalid-id-token');
      return identity;
    },
    async createSessionCookie(token) {
      return `session-of-${token}`;
    },
    async verifySessionCookie(cookie) {
      calls.push(cookie);
      const identity = tokens[cookie.replace(/^session-of-/, '')];
      if (!identity) throw new InvalidTokenError('auth/invalid-session-cookie');
      return identity;
    },
    async revokeSessions() {},
    async close() {
      closed = true;
    },
  };
  return { verifier, calls, isClosed: () => closed };
}

const identity = (uid: string, expiresAt: number): VerifiedIdentity => ({
  uid,
  email: `${uid}@example.com`,
  emailVerified: true,
  name: uid,
  picture: '',
  expiresAt,
});

describe('withVerifiedTokenCache', () => {
  it('verifies a token once and answers from memory after that', async () => {
    let now = 1_000_000;
    const inner = countingVerifier({ a: identity('alice', now + 3_600_000) });
    const cached = withVerifiedTokenCache(inner.verifier, { now: () => now });
    expect((await cached.verify('a')).uid).toBe('alice');
    now += 1000;
    expect((await cached.verify('a')).uid).toBe('alice');
    expect(inner.calls).toEqual(['a']);
  });

  it('asks again after its own time to live', async () => {
    let now = 0;
    const inner = countingVerifier({ a: identity('alice', 3_600_000) });
    const cached = withVerifiedTokenCache(inner.verifier, { now: () => now, ttlMs: 60_000 });
    await cached.verify('a');
    now = 59_999;
    await cached.verify('a');
    expect(inner.calls).toHaveLength(1);
    now = 60_000;
    await cached.verify('a');
    expect(inner.calls).toHaveLength(2);
  });

  it('never trusts a token past its expiry, even within the time to live', async () => {
    let now = 0;
    const tokens = { a: identity('alice', 10_000) };
    const inner = countingVerifier(tokens);
    const cached = withVerifiedTokenCache(inner.verifier, { now: () => now, ttlMs: 300_000 });
    await cached.verify('a');
    now = 10_000;
    // The identity provider now refuses it (expired): the cache must not answer in its place.
    delete (tokens as Partial<typeof tokens>).a;
    await expect(cached.verify('a')).rejects.toBeInstanceOf(InvalidTokenError);
    expect(inner.calls).toHaveLength(2);
  });

  it('does not remember refusals: a bad token is checked every time', async () => {
    const inner = countingVerifier({});
    const cached = withVerifiedTokenCache(inner.verifier);
    await expect(cached.verify('forged')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(cached.verify('forged')).rejects.toBeInstanceOf(InvalidTokenError);
    expect(inner.calls).toEqual(['forged', 'forged']);
  });

  it('keeps tokens apart: each answers with its own user', async () => {
    const inner = countingVerifier({
      a: identity('alice', Date.now() + 60_000),
      b: identity('bob', Date.now() + 60_000),
    });
    const cached = withVerifiedTokenCache(inner.verifier);
    expect((await cached.verify('a')).uid).toBe('alice');
    expect((await cached.verify('b')).uid).toBe('bob');
    expect((await cached.verify('a')).uid).toBe('alice');
    expect((await cached.verify('b')).uid).toBe('bob');
    expect(inner.calls).toEqual(['a', 'b']);
  });

  it('hands out copies: a caller changing its identity does not change the next answer', async () => {
    const inner = countingVerifier({ a: identity('alice', Date.now() + 60_000) });
    const cached = withVerifiedTokenCache(inner.verifier);
    const first = await cached.verify('a');
    first.uid = 'mallory';
    expect((await cached.verify('a')).uid).toBe('alice');
  });

  it('forgets the least recently used tokens beyond its size', async () => {
    const exp = Date.now() + 60_000;
    const inner = countingVerifier({ a: identity('a', exp), b: identity('b', exp), c: identity('c', exp) });
    const cached = withVerifiedTokenCache(inner.verifier, { max: 2 });
    await cached.verify('a');
    await cached.verify('b');
    await cached.verify('c'); // evicts a
    await cached.verify('a');
    expect(inner.calls).toEqual(['a', 'b', 'c', 'a']);
  });

  it('never answers a revocation check or a session cookie from the cache', async () => {
    const inner = countingVerifier({ a: identity('a', Date.now() + 3600_000) });
    const cached = withVerifiedTokenCache(inner.verifier);
    await cached.verify('a');
    await cached.verify('a', { checkRevoked: true });
    await cached.verify('a', { checkRevoked: true });
    await cached.verifySessionCookie('session-of-a');
    await cached.verifySessionCookie('session-of-a');
    expect(inner.calls).toEqual(['a', 'a', 'a', 'session-of-a', 'session-of-a']);
  });

  it('forgets the tokens of an account whose sessions are revoked', async () => {
    const inner = countingVerifier({
      a: identity('a', Date.now() + 3600_000),
      b: identity('b', Date.now() + 3600_000),
    });
    const cached = withVerifiedTokenCache(inner.verifier);
    await cached.verify('a');
    await cached.verify('b');
    await cached.revokeSessions('a');
    await cached.verify('a');
    await cached.verify('b');
    expect(inner.calls).toEqual(['a', 'b', 'a']);
  });

  it('closes the verifier it wraps', async () => {
    const inner = countingVerifier({});
    await withVerifiedTokenCache(inner.verifier).close();
    expect(inner.isClosed()).toBe(true);
  });
});
