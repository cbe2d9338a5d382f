/**
 * Starts the Firebase Auth emulator (firebase-tools) as a child process, offline (DESIGN §3), behind its front
 * (emulator-front.ts): the front holds the public port and serves the gapi stand-in the SDK's sign-in needs, so
 * sign-in works with no internet; firebase-tools listens on a private port of 127.0.0.1.
 * Used by `pnpm start` (embedded mode) and by the integration and browser tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startEmulatorFront, type EmulatorFront } from './emulator-front.js';
import { assertPortFree } from './ports.js';

const require = createRequire(import.meta.url);

export interface AuthEmulator {
  /** host:port, the value for FIREBASE_AUTH_EMULATOR_HOST (the front's) */
  host: string;
  url: string;
  projectId: string;
  /** The port firebase-tools itself listens on (behind the front). */
  privatePort: number;
  stop(): Promise<void>;
}

export interface AuthEmulatorOptions {
  port: number;
  projectId?: string;
  /** Folder for firebase.json and the emulator's logs. */
  workDir: string;
  /**
   * Ports the emulator suite reserves besides auth (default: firebase-tools' own, 4400 and 4500, clear of every
   * SnapNotes default port); give each instance its own to run several side by side.
   */
  hubPort?: number;
  loggingPort?: number;
  startTimeoutMs?: number;
  /** Import accounts from, and export them to, this folder on exit (data that survives a restart). */
  persistDir?: string;
  /** Extra environment for the child (proxy settings must not leak in tests). */
  env?: NodeJS.ProcessEnv;
  onLog?: (line: string) => void;
}

/** firebase-tools' defaults for the emulator hub and its logging: no SnapNotes default is near them. */
export const DEFAULT_HUB_PORT = 4400;
export const DEFAULT_LOGGING_PORT = 4500;

/** A port nothing listens on now, for firebase-tools behind the front. */
async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function firebaseBin(): string {
  return require.resolve('firebase-tools/lib/bin/firebase.js');
}

async function waitForHttp(url: string, deadline: number, child: ChildProcess, output: () => string): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`Firebase Auth emulator exited with code ${child.exitCode}:\n${output().slice(-2000)}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Firebase Auth emulator did not answer at ${url} in time:\n${output().slice(-2000)}`);
}

export async function startAuthEmulator(opts: AuthEmulatorOptions): Promise<AuthEmulator> {
  const projectId = opts.projectId ?? 'demo-snapnotes';
  mkdirSync(opts.workDir, { recursive: true });
  const hubPort = opts.hubPort ?? DEFAULT_HUB_PORT;
  const loggingPort = opts.loggingPort ?? DEFAULT_LOGGING_PORT;
  await assertPortFree(opts.port, 'the Firebase Auth emulator (EMBEDDED_AUTH_PORT)');
  await assertPortFree(hubPort, `the Firebase emulator hub (${hubPort})`);
  await assertPortFree(loggingPort, `the Firebase emulator's logging port (${loggingPort})`);
  const privatePort = await freeLoopbackPort();
  writeFileSync(
    join(opts.workDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: privatePort },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  let output = '';
  const args = [firebaseBin(), 'emulators:start', '--only', 'auth', '--project', projectId];
  if (opts.persistDir) {
    mkdirSync(opts.persistDir, { recursive: true });
    if (existsSync(join(opts.persistDir, 'firebase-export-metadata.json'))) args.push('--import', opts.persistDir);
    args.push('--export-on-exit', opts.persistDir);
  }
  const child = spawn(process.execPath, args, {
    cwd: opts.workDir,
    env: {
      ...opts.env,
      CI: 'true',
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      HOME: opts.workDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-20_000);
    if (opts.onLog) for (const line of text.split('\n')) if (line.trim()) opts.onLog(line);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let front: EmulatorFront;
  try {
    await waitForHttp(
      `http://127.0.0.1:${privatePort}`,
      Date.now() + (opts.startTimeoutMs ?? 60_000),
      child,
      () => output,
    );
    front = await startEmulatorFront(opts.port, privatePort);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  const url = `http://127.0.0.1:${front.port}`;
  let stopped: Promise<void> | undefined;
  return {
    host: `127.0.0.1:${front.port}`,
    url,
    projectId,
    privatePort,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        // Exporting accounts on exit takes a moment; give it time before forcing.
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGINT');
      }).then(() => front.close());
      return stopped;
    },
  };
}

export interface EmulatorUser {
  sub: string;
  email: string;
  name?: string;
  picture?: string;
}

export interface EmulatorSignIn {
  idToken: string;
  refreshToken: string;
  localId: string;
  email: string;
}

/** Signs a Google user in against the emulator and returns a Firebase ID token (DESIGN §3). */
export async function signInWithGoogleOnEmulator(emulatorUrl: string, user: EmulatorUser): Promise<EmulatorSignIn> {
  const claims = { ...user, email_verified: true };
  const res = await fetch(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
      returnIdpCredential: true,
    }),
  });
  if (!res.ok) throw new Error(`Emulator sign-in failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as EmulatorSignIn;
  return body;
}
