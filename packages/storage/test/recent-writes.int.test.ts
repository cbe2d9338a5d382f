import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { getS3, s3Client, type TestS3 } from '@snapnotes/testing/services';
import { recordingLogger } from '@snapnotes/testing/logger';
import { createS3Store, ObjectNotFoundError, withRecentWrites, type S3Store } from '@snapnotes/storage';

let s3: TestS3;
let store: S3Store;
let raw: S3Client;
const logger = recordingLogger();

/** Removes an object behind the wrapper's back, so a successful read can only have come from memory. */
const deleteBehindItsBack = (key: string) => raw.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));

beforeAll(async () => {
  s3 = await getS3();
  store = createS3Store({ ...s3, logger });
  raw = s3Client(s3);
});

afterAll(async () => {
  store?.close();
  raw?.destroy();
  await s3?.close();
});

describe('withRecentWrites over s3rver', () => {
  it('stores every write in S3 and serves the read-back from memory', async () => {
    const cached = withRecentWrites(store, { maxBytes: 10_000_000, ttlMs: 60_000 });
    const body = randomBytes(200_000);
    await cached.put('rw/a.png', body, 'image/png');
    expect((await store.get('rw/a.png')).equals(body)).toBe(true); // really in S3
    await deleteBehindItsBack('rw/a.png');
    expect((await cached.get('rw/a.png')).equals(body)).toBe(true); // from memory
    expect(cached.recentWrites()).toMatchObject({ hits: 1, misses: 0, objects: 1, bytes: 200_000 });
  });

  it('reads objects it did not write from the store', async () => {
    const cached = withRecentWrites(store, { maxBytes: 10_000_000, ttlMs: 60_000 });
    await store.put('rw/other.txt', Buffer.from('written elsewhere'), 'text/plain');
    expect((await cached.get('rw/other.txt')).toString()).toBe('written elsewhere');
    await expect(cached.get('rw/missing.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(cached.recentWrites()).toMatchObject({ hits: 0, misses: 2 });
  });

  it('never serves a write the store refused, nor the version it replaced', async () => {
    const broken = createS3Store({ ...s3, bucket: 'no-such-bucket-here', logger });
    const cached = withRecentWrites(broken, { maxBytes: 10_000_000, ttlMs: 60_000 });
    await expect(cached.put('rw/b.png', Buffer.from('x'), 'image/png')).rejects.toThrow();
    await expect(cached.get('rw/b.png')).rejects.toThrow();
    expect(cached.recentWrites().objects).toBe(0);
    broken.close();
  });

  it('evicts on delete, so a deleted object is gone at once', async () => {
    const cached = withRecentWrites(store, { maxBytes: 10_000_000, ttlMs: 60_000 });
    await cached.put('rw/c.png', Buffer.from('c'), 'image/png');
    await cached.deleteMany(['rw/c.png']);
    await expect(cached.get('rw/c.png')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.get('rw/c.png')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('does not cache a put that was still in flight when its key was deleted', async () => {
    const cached = withRecentWrites(store, { maxBytes: 10_000_000, ttlMs: 60_000 });
    const putting = cached.put('rw/race.png', randomBytes(100_000), 'image/png');
    const deleting = cached.deleteMany(['rw/race.png']);
    await Promise.all([putting, deleting]);
    expect(cached.recentWrites().objects).toBe(0);
    // The next read asks the store, whatever the order in which S3 applied the two.
    await cached.get('rw/race.png').catch(() => undefined);
    expect(cached.recentWrites()).toMatchObject({ hits: 0, misses: 1 });
  });

  it('keeps at most maxBytes and forgets objects after ttlMs', async () => {
    const small = withRecentWrites(store, { maxBytes: 1000, ttlMs: 60_000 });
    await small.put('rw/d1', Buffer.alloc(600, 1), 'application/octet-stream');
    await small.put('rw/d2', Buffer.alloc(600, 2), 'application/octet-stream');
    await small.put('rw/huge', Buffer.alloc(5000, 3), 'application/octet-stream');
    expect(small.recentWrites()).toMatchObject({ objects: 1, bytes: 600 });
    await Promise.all(['rw/d1', 'rw/d2', 'rw/huge'].map(deleteBehindItsBack));
    expect((await small.get('rw/d2'))[0]).toBe(2);
    await expect(small.get('rw/d1')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(small.get('rw/huge')).rejects.toBeInstanceOf(ObjectNotFoundError);

    const brief = withRecentWrites(store, { maxBytes: 10_000, ttlMs: 100 });
    await brief.put('rw/e', Buffer.from('e'), 'text/plain');
    await deleteBehindItsBack('rw/e');
    await new Promise((r) => setTimeout(r, 250));
    expect(brief.recentWrites().objects).toBe(0);
    await expect(brief.get('rw/e')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('hands out copies: a reader cannot change what the next reader gets', async () => {
    const cached = withRecentWrites(store, { maxBytes: 10_000, ttlMs: 60_000 });
    const body = Buffer.from('original');
    await cached.put('rw/f', body, 'text/plain');
    body.fill(0);
    const first = await cached.get('rw/f');
    first.fill(0);
    expect((await cached.get('rw/f')).toString()).toBe('original');
  });

  it('keeps the wrapped store’s own methods and rejects bad limits', async () => {
    const cached = withRecentWrites(store, { maxBytes: 10_000, ttlMs: 60_000 });
    await expect(cached.ensureBucket()).resolves.toBeUndefined();
    expect(() => withRecentWrites(store, { maxBytes: 0, ttlMs: 1 })).toThrow(/maxBytes/);
    expect(() => withRecentWrites(store, { maxBytes: 1, ttlMs: 1.5 })).toThrow(/ttlMs/);
  });
});
