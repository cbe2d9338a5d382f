/**
 * What `pnpm bench` posts to: the embedded start (`pnpm start`: one process with its own Postgres, S3 and Auth
 * emulator) or the distributed processes (each service's built dist/main.js, five processes, a redis-server of their
 * own, as docs/DEPLOY.md runs them outside compose). Each gives the gateway's URL, a signed-in user's headers, the
 * product's log lines (the per-phase timings of the breakdown) and the pids whose memory is followed.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signInWithGoogleOnEmulator, startAuthEmulator } from '@snapnotes/local-services';
import { buildServices, embeddedLaunch, ServiceProcess, type LogLine } from '@snapnotes/testing/processes';
import { freePort } from '@snapnotes/testing/services';
import { startDistributedStack } from '@snapnotes/testing/stack';

export type Mode = 'embedded' | 'distributed';

export interface Target {
  mode: Mode;
  url: string;
  auth: Record<string, string>;
  /** The product's node processes: one embedded start, or the five services. */
  pids(): number[];
  /** Every JSON log line the product's processes wrote so far. */
  logLines(): LogLine[];
  close(): Promise<void>;
}

/** The product's settings for the bench: limits out of the way, a burst of 8 uploads allowed, info-level timings. */
export function benchEnv(idleReleaseMs: string): Record<string, string> {
  return {
    // info: the product's own per-phase timings ('upload processed', 'page recognised') feed the breakdown.
    LOG_LEVEL: 'info',
    FREE_UPLOADS_PER_MONTH: '100000',
    RATE_LIMIT_IMAGES: '100000',
    // The load step is one account's burst of 8 uploads: its per-user cap (2 by default: 429) would end the run.
    UPLOAD_CONCURRENCY_PER_USER: '8',
    // The same screenshots go through round after round: each must be read, not answered as already in the notes.
    DUPLICATE_CHECK: 'false',
    IDLE_RELEASE_MS: idleReleaseMs,
    // Settings under study pass through (e.g. OCR_POOL_SIZE, MODERATION_IMAGE_CLASSIFIER).
    ...Object.fromEntries(
      Object.entries(process.env).filter((e): e is [string, string] => /^(OCR|MODERATION|OPENAI)_/.test(e[0])),
    ),
  };
}

/** A Google account signed in on the emulator at `emulatorUrl` and registered with the gateway at `url`. */
async function signedInUser(url: string, emulatorUrl: string): Promise<Record<string, string>> {
  const signIn = await signInWithGoogleOnEmulator(emulatorUrl, {
    sub: 'bench-user',
    email: 'bench@example.com',
    name: 'Bench',
  });
  const auth = { authorization: `Bearer ${signIn.idToken}` };
  const res = await fetch(`${url}/api/user`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{}',
  });
  if (res.status !== 200) throw new Error(`POST /api/user: ${res.status} ${await res.text()}`);
  return auth;
}

/** The embedded start, in its own process, on free ports and a throw-away data folder. */
export async function startEmbedded(env: Record<string, string>, nodeArgs: string[]): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'snapnotes-bench-'));
  chmodSync(dataDir, 0o755); // as root, Postgres runs as the 'postgres' user and must reach its folder
  const [port, pgPort, s3Port, authPort, hubPort, loggingPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const launch = embeddedLaunch();
  const p = new ServiceProcess(
    'embedded',
    'embedded',
    port,
    {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      EMBEDDED_S3_PORT: String(s3Port),
      EMBEDDED_AUTH_PORT: String(authPort),
      // The emulator's hub and logging ports too: their defaults (4400, 4500) collide with any other emulator running.
      EMBEDDED_AUTH_HUB_PORT: String(hubPort),
      EMBEDDED_AUTH_LOGGING_PORT: String(loggingPort),
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    },
    { ...launch, args: [...nodeArgs, ...launch.args] },
  );
  const close = async () => {
    await p.stop(30_000);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await p.waitReady(180_000);
    const url = `http://127.0.0.1:${port}`;
    const auth = await signedInUser(url, `http://127.0.0.1:${authPort}`);
    return { mode: 'embedded', url, auth, pids: () => [p.pid], logLines: () => p.lines, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The five services as separate processes on one machine, with a redis-server, Postgres, S3 and the emulator. */
export async function startDistributed(env: Record<string, string>): Promise<Target> {
  const workDir = mkdtempSync(join(tmpdir(), 'snapnotes-bench-auth-'));
  const emulator = await startAuthEmulator({
    port: await freePort(),
    hubPort: await freePort(),
    loggingPort: await freePort(),
    workDir,
    env: { PATH: process.env.PATH },
  });
  const closeEmulator = async () => {
    await emulator.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  try {
    buildServices();
    // The same traineddata as (a), the product's default: the stack would otherwise pick Debian's when installed.
    const stack = await startDistributedStack({ env: { ...env, TESSDATA_DIR: process.env.TESSDATA_DIR ?? '' } });
    try {
      const auth = await signedInUser(stack.gatewayUrl, `http://${emulator.host}`);
      return {
        mode: 'distributed',
        url: stack.gatewayUrl,
        auth,
        pids: () => [...stack.procs.values()].filter((p) => p.alive).map((p) => p.pid),
        logLines: () => stack.history.flatMap((p) => p.lines),
        async close() {
          await stack.close();
          await closeEmulator();
        },
      };
    } catch (err) {
      await stack.close();
      throw err;
    }
  } catch (err) {
    await closeEmulator();
    throw err;
  }
}
