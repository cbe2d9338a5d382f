/**
 * The distributed stack on this machine, as docs/DEPLOY.md runs it outside compose: each service's built
 * `dist/main.js` as its own process, on a fresh PostgreSQL database, a redis-server of its own (RedisProcess: it
 * can be killed and started again), an S3 bucket (s3rver) and the Firebase Auth emulator at
 * FIREBASE_AUTH_EMULATOR_HOST. Used by the chaos test (apps/embedded/test/chaos) and `pnpm bench:soak`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestUser } from './firebase.js';
import { RedisProcess, ServiceProcess, SERVICES, stopAllServices, type Service } from './processes.js';
import { createTestDatabase, freePort, getS3, productTestEnv, type TestDatabase, type TestS3 } from './services.js';
import { envSchema } from '@snapnotes/config';

/** Debian's tesseract data (faster than the npm copies) when this machine has it, as in the OCR image. */
const DEBIAN_TESSDATA = '/usr/share/tesseract-ocr/5/tessdata';

/**
 * Debian's tesseract data folder when it holds every language the OCR service will offer (`languages`, an
 * OCR_LANGUAGES value, or the product's default list), else undefined: a machine with only `tesseract-ocr` and
 * `tesseract-ocr-fra` installed must not make the OCR service refuse to start for want of German.
 */
export function debianTessdata(languages?: string): string | undefined {
  const wanted = envSchema.shape.OCR_LANGUAGES.parse(languages);
  return wanted.every((l) => existsSync(join(DEBIAN_TESSDATA, `${l}.traineddata`))) ? DEBIAN_TESSDATA : undefined;
}

export interface DistributedStack {
  gatewayUrl: string;
  db: TestDatabase;
  s3: TestS3;
  redis: RedisProcess;
  /** The environment every service gets (each adds its SERVICE_ROLE and port). */
  env: Record<string, string>;
  /** The services running by label (a restarted one replaces its label's entry). */
  procs: Map<string, ServiceProcess>;
  /** Every process started, in order, the killed and stopped ones too (for their logs). */
  history: ServiceProcess[];
  /** Starts one more process of `service` under `label` and waits until its /readyz says 200. */
  start(service: Service, label?: string): Promise<ServiceProcess>;
  /** Stops every process, the Redis server, and drops the database and the bucket. */
  close(): Promise<void>;
}

export interface StackOptions {
  /** Added to (and winning over) the stack's environment. */
  env?: Record<string, string>;
  redisPersistence?: 'none' | 'aof';
}

export async function startDistributedStack(opts: StackOptions = {}): Promise<DistributedStack> {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: start the Auth emulator first');
  const [db, s3, redisPort, gatewayPort] = await Promise.all([createTestDatabase(), getS3(), freePort(), freePort()]);
  const redisDir = mkdtempSync(join(tmpdir(), 'snapnotes-stack-redis-'));
  const redis = new RedisProcess(redisPort, redisDir);
  await redis.start(opts.redisPersistence ?? 'none');
  const env: Record<string, string> = {
    ...productTestEnv({ db, s3, port: gatewayPort }),
    NODE_ENV: 'development', // as docs/DEPLOY.md's dev profile (the Auth emulator is refused in production)
    LOG_LEVEL: 'info',
    REDIS_URL: redis.url,
    QUEUE_PREFIX: 'stack',
    OCR_POOL_SIZE: '1',
    ...opts.env,
  };
  const tessdata = debianTessdata(env.OCR_LANGUAGES);
  if (tessdata && env.TESSDATA_DIR === undefined) env.TESSDATA_DIR = tessdata;
  const procs = new Map<string, ServiceProcess>();
  const history: ServiceProcess[] = [];

  async function start(service: Service, label: string = service): Promise<ServiceProcess> {
    const port = service === 'gateway' ? gatewayPort : await freePort();
    const p = new ServiceProcess(label, service, port, {
      ...env,
      SERVICE_ROLE: service,
      ...(service === 'gateway' ? {} : { WORKER_HTTP_PORT: String(port) }),
    });
    procs.set(label, p);
    history.push(p);
    await p.waitReady(120_000);
    return p;
  }

  const stack: DistributedStack = {
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    db,
    s3,
    redis,
    env,
    procs,
    history,
    start,
    async close() {
      if (!redis.running) await redis.start('none').catch(() => undefined); // graceful closes need it
      await stopAllServices(10_000);
      await redis.kill('SIGTERM');
      rmSync(redisDir, { recursive: true, force: true });
      await Promise.allSettled([s3.close(), db.drop()]);
    },
  };
  try {
    // The gateway migrates the database first; the notes worker would race it otherwise (both take a lock, fine).
    await Promise.all(SERVICES.map((s) => start(s)));
  } catch (err) {
    await stack.close();
    throw err;
  }
  return stack;
}

export interface StackUser {
  id: number;
  token: string;
  /** POST /api/process-screenshots with these PNGs; `requestId` becomes the upload's correlation id. */
  upload(files: Buffer[], requestId: string, signal?: AbortSignal): Promise<Response>;
}

/** A new Google user on the emulator, registered through the gateway at `url`. */
export async function newStackUser(url: string, name: string): Promise<StackUser> {
  const user = await createTestUser({ name });
  const auth = { authorization: `Bearer ${user.idToken}` };
  const res = await fetch(`${url}/api/user`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ firebaseUid: user.localId, email: user.email, displayName: name, photoURL: '' }),
  });
  if (res.status !== 200) throw new Error(`POST /api/user: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: number };
  return {
    id,
    token: user.idToken,
    upload(files, requestId, signal) {
      const form = new FormData();
      files.forEach((f, i) =>
        form.append('images', new Blob([new Uint8Array(f)], { type: 'image/png' }), `page-${i + 1}.png`),
      );
      return fetch(`${url}/api/process-screenshots`, {
        method: 'POST',
        headers: { ...auth, 'x-request-id': requestId },
        body: form,
        signal,
      });
    },
  };
}
