import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { DeleteBucketCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import type { Logger } from '@snapnotes/contracts';
import { getS3, s3Client, type TestS3 } from '@snapnotes/testing/services';
import { createS3Store, DELETE_BATCH_SIZE, ObjectNotFoundError, type S3Store } from '@snapnotes/storage';

const logged: unknown[] = [];
const logger: Logger = {
  debug: (o, m) => void logged.push([o, m]),
  info: (o, m) => void logged.push([o, m]),
  warn: (o, m) => void logged.push([o, m]),
  error: (o, m) => void logged.push([o, m]),
  child: () => logger,
};

let s3: TestS3;
let store: S3Store;
let raw: S3Client;

function storeFor(bucket: string): S3Store {
  return createS3Store({ ...s3, bucket, logger });
}

async function putMany(keys: string[]) {
  for (let i = 0; i < keys.length; i += 50) {
    await Promise.all(keys.slice(i, i + 50).map((k) => store.put(k, Buffer.from(k), 'text/plain')));
  }
}

beforeAll(async () => {
  s3 = await getS3();
  store = storeFor(s3.bucket);
  raw = s3Client(s3);
});

afterAll(async () => {
  store?.close();
  raw?.destroy();
  await s3?.close();
});

describe('createS3Store', () => {
  it('puts and gets binary bodies byte for byte, with content type and length', async () => {
    const body = randomBytes(300_000);
    await store.put('users/1/uploads/u1/0.png', body, 'image/png');
    const back = await store.get('users/1/uploads/u1/0.png');
    expect(Buffer.isBuffer(back)).toBe(true);
    expect(back.equals(body)).toBe(true);
    const head = await raw.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'users/1/uploads/u1/0.png' }));
    expect(head.ContentType).toBe('image/png');
    expect(head.ContentLength).toBe(body.length);
  });

  it('overwrites an existing key', async () => {
    await store.put('overwrite.txt', Buffer.from('first'), 'text/plain');
    await store.put('overwrite.txt', Buffer.from('second'), 'text/plain');
    expect((await store.get('overwrite.txt')).toString()).toBe('second');
  });

  it('reports a missing key as ObjectNotFoundError named NoSuchKey', async () => {
    const err = await store.get('does/not/exist.png').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ObjectNotFoundError);
    expect((err as Error).name).toBe('NoSuchKey');
    expect((err as Error).message).toContain('does/not/exist.png');
  });

  it('refuses bad input with a specific message', async () => {
    await expect(store.put('', Buffer.from('x'), 'text/plain')).rejects.toThrow(/non-empty/);
    await expect(store.put('k', 'text' as unknown as Buffer, 'text/plain')).rejects.toThrow(/Buffer/);
    await expect(store.put('k'.repeat(1025), Buffer.from('x'), 'text/plain')).rejects.toThrow(/1024 bytes/);
    expect(() => createS3Store({ ...s3, accessKeyId: 'only-one', secretAccessKey: undefined, logger })).toThrow(/both/);
  });

  it('lists under a prefix across pages and deletes in batches of 1000, ignoring missing keys', async () => {
    const keys = Array.from({ length: DELETE_BATCH_SIZE + 5 }, (_, i) => `many/${String(i).padStart(5, '0')}.txt`);
    await putMany(keys);
    await store.put('other/keep.txt', Buffer.from('keep'), 'text/plain');

    const listed = await store.list('many/');
    expect(listed.sort()).toEqual(keys);

    await store.deleteMany([...keys, 'many/never-existed.txt', keys[0]!]);
    expect(await store.list('many/')).toEqual([]);
    expect((await store.get('other/keep.txt')).toString()).toBe('keep');
  }, 120_000);

  it('deleteMany with no keys does nothing', async () => {
    await store.put('still-here.txt', Buffer.from('x'), 'text/plain');
    await store.deleteMany([]);
    expect(await store.list('still-here')).toEqual(['still-here.txt']);
  });

  it('ping succeeds on the bucket and fails on a missing one', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
    const missing = storeFor(`missing-${Date.now()}`);
    try {
      await expect(missing.ping()).rejects.toThrow();
    } finally {
      missing.close();
    }
  });

  it('ensureBucket creates a missing bucket, also when two processes race, and is idempotent', async () => {
    const name = `ensure-${Date.now()}`;
    const a = storeFor(name);
    const b = storeFor(name);
    try {
      await expect(a.ping()).rejects.toThrow();
      await Promise.all([a.ensureBucket(), b.ensureBucket()]);
      await a.ensureBucket();
      await a.ping();
      await a.put('x.txt', Buffer.from('x'), 'text/plain');
      expect((await b.get('x.txt')).toString()).toBe('x');
      await a.deleteMany(['x.txt']);
    } finally {
      a.close();
      b.close();
      await raw.send(new DeleteBucketCommand({ Bucket: name })).catch(() => undefined);
    }
  });

  it('never logs credentials', () => {
    expect(JSON.stringify(logged)).not.toContain(
      s3.secretAccessKey === 'S3RVER' ? 'secretAccessKey' : s3.secretAccessKey,
    );
  });
});
