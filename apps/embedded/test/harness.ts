/**
 * Starts the assembled product (gateway + all stages) on real services for end-to-end API tests:
 * a fresh PostgreSQL database, an S3 bucket (s3rver here, MinIO under Testcontainers), the Firebase Auth emulator
 * (global setup), and, when asked, BullMQ on real Redis.
 */
import pino from 'pino';
import { loadConfig, type Config } from '@snapnotes/config';
import { createLogger } from '@snapnotes/runtime';
import { createS3Store } from '@snapnotes/storage';
import { lineSink } from '@snapnotes/testing/logger';
import { createTestDatabase, getRedis, getS3, productTestEnv } from '@snapnotes/testing/services';
import { createTestUser, type TestUser } from '@snapnotes/testing/firebase';
import { startSnapNotes, type RunningSnapNotes } from '../src/app.js';

export interface TestApp {
  url: string;
  config: Config;
  running: RunningSnapNotes;
  /** Keys stored in the bucket under a prefix (to prove nothing was left behind). */
  listObjects(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * `opts.redis`: BullMQ on real Redis. `opts.logLines`: the product logs as it does in production (the runtime's
 * logger, JSON lines) into this array, for tests that read what it says; otherwise a plain pino at LOG_LEVEL.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: { redis?: boolean; logLines?: string[] } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const s3 = await getS3();
  const redis = opts.redis ? await getRedis() : undefined;
  const config = loadConfig({
    ...productTestEnv({ db, s3 }),
    ...(redis ? { REDIS_URL: redis.url, QUEUE_PREFIX: redis.prefix } : {}),
    ...env,
  });
  const logger = opts.logLines
    ? createLogger(config, 'snapnotes', { destination: lineSink(opts.logLines).destination })
    : pino({ level: config.LOG_LEVEL });
  const running = await startSnapNotes(config, logger);
  const store = createS3Store({
    endpoint: s3.endpoint,
    region: s3.region,
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    logger,
  });
  return {
    url: running.url,
    config,
    running,
    listObjects: (prefix = '') => store.list(prefix),
    async close() {
      await running.close();
      await redis?.close();
      await s3.close();
      await db.drop();
    },
  };
}

export interface Client {
  user: TestUser;
  id: number;
  get(path: string): Promise<Response>;
  send(method: string, path: string, body?: unknown): Promise<Response>;
  upload(
    files: Array<{ name: string; data: Buffer; type?: string }>,
    extra?: Record<string, string>,
  ): Promise<Response>;
}

/** Signs a new Google user in on the emulator and registers them through POST /api/user. */
export async function signUp(app: TestApp, name = 'Test User'): Promise<Client> {
  const user = await createTestUser({ name });
  const auth = { authorization: `Bearer ${user.idToken}` };
  const send = (method: string, path: string, body?: unknown) =>
    fetch(app.url + path, {
      method,
      headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const res = await send('POST', '/api/user', {
    firebaseUid: user.localId,
    email: user.email,
    displayName: name,
    photoURL: '',
  });
  if (res.status !== 200) throw new Error(`POST /api/user: ${res.status} ${await res.text()}`);
  const record = (await res.json()) as { id: number };
  return {
    user,
    id: record.id,
    get: (path) => send('GET', path),
    send,
    upload(files, extra = {}) {
      const form = new FormData();
      for (const f of files)
        form.append('images', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/png' }), f.name);
      for (const [k, v] of Object.entries(extra)) form.append(k, v);
      return fetch(`${app.url}/api/process-screenshots`, { method: 'POST', headers: auth, body: form });
    },
  };
}
